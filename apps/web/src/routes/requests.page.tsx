import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, rangeRefusal } from '../components/date-range-filter';
import { PageFrame, SectionTitle } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { ApprovalPolicies } from '../features/approvals/components/approval-policies';
import { confirmApproval, confirmRejection } from '../features/approvals/components/decision-dialogs';
import { RequestDetails } from '../features/approvals/components/request-details';
import { RequestDrawer, useRequestSummary } from '../features/approvals/components/request-drawer';
import { RequestStatusBadge, RequestStatusFilter } from '../features/approvals/components/request-status';
import { sessionQuery } from '../features/auth/api/auth.queries';
import type { MoneyRequestFilter } from '../features/money-requests/api/money-requests.keys';
import {
  allMoneyRequests,
  moneyRequestsQuery,
  pendingRequestsQuery,
} from '../features/money-requests/api/money-requests.queries';
import { MoneyRequestForm } from '../features/money-requests/components/money-request-form';
import {
  MoneyRequestsTable,
  type RequestViews,
} from '../features/money-requests/components/money-requests-table';
import { useRequestActions } from '../features/money-requests/components/use-request-actions';
import { loadsPendingRequests, useSelectedEntity } from '../lib/selected-entity';
import { useOpenedRequest } from '../lib/use-opened-request';

type MoneyType = (typeof MONEY_REQUEST_TYPES)[number];

const views: RequestViews = {
  status: (r) => <RequestStatusBadge status={r.status} />,
  details: (r, assetOf) => <RequestDetails request={r} assetOf={assetOf} />,
};

/**
 * `/deposit-and-withdrawals/requests`: new deposit, withdrawal and transfer requests; the
 * pending ones awaiting a decision (section 4 rule); and all requests with filters. A
 * request opens in full in a drawer (also from a notification's link, `?request=12`).
 */
export function RequestsPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const [status, setStatus] = useState('ALL');
  const [type, setType] = useState<MoneyType | null>(null);
  const paging = usePaging({ pageSize, onPageSize });
  const { setPage } = paging;
  const [range, setRange] = useState({ from: '', to: '' });
  const [direction, setDirection] = useState<'desc' | 'asc'>('desc');
  const refusal = rangeRefusal(range, t);
  const id = entity?.entityId ?? -1;
  const caps = entity?.capabilities;
  const pendingRule = loadsPendingRequests(entity);
  const me = useQuery(sessionQuery).data?.user?.username;
  const pending = useQuery({ ...pendingRequestsQuery(id), enabled: id > 0 && pendingRule });
  const filter: Omit<MoneyRequestFilter, 'limit' | 'offset'> = {
    direction,
    from: range.from || undefined,
    to: range.to || undefined,
    type: type ?? undefined,
    status: status === 'ALL' ? undefined : (status as 'PENDING'),
  };
  const list = useQuery({
    ...moneyRequestsQuery(id, { ...filter, limit: pageSize, offset: paging.offset }),
    enabled: id > 0 && !refusal,
  });
  const opened = useOpenedRequest();
  const { summaryOf } = useRequestSummary();
  const actions = {
    ...useRequestActions({
      entityId: id,
      canDecide: Boolean(caps?.canViewPendingRequests),
      me,
      askRejection: (requestId, reject) => confirmRejection(t, requestId, reject),
      askApproval: (r, approve) => confirmApproval(t, r.id, summaryOf(r), approve),
    }),
    onDetails: (r: { id: number }) => opened.open(r.id),
  };

  const exportRows = async () =>
    (await allMoneyRequests(id, filter)).map((r) => [
      r.id,
      r.type,
      r.status,
      r.payload.asset,
      r.payload.amount,
      r.requester.name,
      r.createdAt,
    ]);

  return (
    <PageFrame
      title={t('pages.requests')}
      actions={
        <Group>
          {caps?.canCreateDepositRequest && <MoneyRequestForm entityId={id} mode="deposit" />}
          {caps?.canCreateWithdrawalRequest && <MoneyRequestForm entityId={id} mode="withdrawal" />}
          {caps?.canCreateInternalTransfer && (
            <MoneyRequestForm entityId={id} mode="transfer" withRelated={caps.canViewRelatedEntities} />
          )}
          {caps?.canManageApprovalPolicies && <ApprovalPolicies entityId={id} types={MONEY_REQUEST_TYPES} />}
        </Group>
      }
    >
      {pendingRule && (
        <Stack gap="xs">
          <SectionTitle>{t('requests.pending')}</SectionTitle>
          <MoneyRequestsTable
            id="requests-pending"
            label={t('requests.pending')}
            items={pending.data?.items}
            query={pending}
            empty={{ title: t('requests.nonePending'), hint: t('shell.emptyModuleHint') }}
            actions={actions}
            views={views}
          />
        </Stack>
      )}
      <Stack gap="xs">
        <SectionTitle>{t('requests.recent')}</SectionTitle>
        <MoneyRequestsTable
          id="requests"
          label={t('requests.recent')}
          items={list.data?.items}
          query={list}
          refusal={refusal}
          empty={{ title: t('requests.none'), hint: t('requests.noneHint') }}
          sort={{
            by: 'createdAt',
            direction,
            onChange: (next) => {
              setDirection(next.direction);
              setPage(1);
            },
          }}
          paging={{ total: list.data?.total ?? 0, paging }}
          csv={{
            fileName: `requests-${id}.csv`,
            header: ['id', 'type', 'status', 'asset', 'amount', 'requester', 'created'],
            rows: exportRows,
          }}
          actions={actions}
          views={views}
          toolbar={
            <Group align="flex-start">
              <RequestStatusFilter
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
                statuses={['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED']}
              />
              <Select
                aria-label={t('overview.type')}
                placeholder={t('requests.allTypes')}
                clearable
                data={MONEY_REQUEST_TYPES.map((v) => ({ value: v, label: requestTypeOf(v).label }))}
                value={type}
                onChange={(v) => {
                  setType(v as MoneyType | null);
                  setPage(1);
                }}
                w={200}
              />
              <DateRangeFilter
                labelled={false}
                value={range}
                onChange={(next) => {
                  setRange(next);
                  setPage(1);
                }}
              />
            </Group>
          }
        />
      </Stack>
      <RequestDrawer entityId={id} requestId={opened.requestId} onClose={opened.close} />
    </PageFrame>
  );
}
