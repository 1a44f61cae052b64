import { API } from '@clearway/contracts/endpoint-table';
import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import type { TMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalPolicies } from '../../../components/approval-policies';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListState } from '../../../components/list-state';
import { PageFrame, SectionTitle } from '../../../components/page-frame';
import { PagedFooter, type PageSizeProps, usePaging } from '../../../components/pager';
import { confirmRejection } from '../../../components/reject-request';
import { RequestStatusFilter } from '../../../components/request-status';
import { api } from '../../../lib/api';
import { allPages } from '../../../lib/paging';
import { loadsPendingRequests, useSelectedEntity } from '../../../lib/selected-entity';
import { sessionQuery } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { downloadProof, uploadProof } from '../api/proofs';
import { MoneyRequestForm } from '../components/money-request-form';
import { MoneyRequestsTable, type RowActions } from '../components/money-requests-table';

type MoneyType = (typeof MONEY_REQUEST_TYPES)[number];

/**
 * `/deposit-and-withdrawals/requests`: new deposit, withdrawal and transfer requests; the
 * pending ones awaiting a decision (section 4 rule); and all requests with filters.
 */
export function RequestsPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('ALL');
  const [type, setType] = useState<MoneyType | null>(null);
  const paging = usePaging({ pageSize, onPageSize });
  const { page, setPage } = paging;
  const [range, setRange] = useState({ from: '', to: '' });
  const [direction, setDirection] = useState<'desc' | 'asc'>('desc');
  const id = entity?.entityId ?? -1;
  const caps = entity?.capabilities;
  const pendingRule = loadsPendingRequests(entity);
  const me = useQuery(sessionQuery).data?.user?.username;
  const pending = useQuery({
    queryKey: ['money-requests', id, 'pending'],
    queryFn: () => api(API.requests.pending, { payload: { entityId: id, limit: 999, offset: 0 } }),
    enabled: id > 0 && pendingRule,
  });
  const listed = (limit: number, offset: number) =>
    api(API.requests.list, {
      payload: {
        entityId: id,
        limit,
        offset,
        direction,
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
        ...(type ? { type } : {}),
        ...(status === 'ALL' ? {} : { status: status as 'PENDING' }),
      },
    });
  const list = useQuery({
    queryKey: ['money-requests', id, status, type, page, pageSize, range, direction],
    queryFn: () => listed(pageSize, paging.offset),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['money-requests', id] });
    await queryClient.invalidateQueries({ queryKey: ['balances', id] });
    await queryClient.invalidateQueries({ queryKey: ['cash-entries', id] });
  };

  async function move(r: TMoneyRequestView, to: 'APPROVED' | 'REJECTED' | 'CANCELLED', reason?: string) {
    try {
      await api(API.requests.statusUpdate, {
        payload: { entityId: r.entityId, requestId: r.id, status: to, ...(reason ? { reason } : {}) },
      });
      showSuccessToast(t(`whitelist.decided.${to}`), t('whitelist.decidedText', { id: r.id }));
      await refresh();
    } catch (err) {
      showErrorToast(err);
    }
  }

  const addHash = (r: TMoneyRequestView) => {
    let hash = '';
    modals.openConfirmModal({
      title: t('requests.hashTitle', { id: r.id }),
      children: (
        <TextInput
          label={t('requests.hash')}
          onChange={(e) => (hash = e.currentTarget.value)}
          ff="monospace"
          data-autofocus
        />
      ),
      labels: { confirm: t('requests.complete'), cancel: t('whitelist.cancel') },
      onConfirm: () =>
        api(API.requests.uploadTransactionHash, {
          payload: { entityId: r.entityId, requestId: r.id, transactionHash: hash },
        }).then(refresh, showErrorToast),
    });
  };

  const confirmCancel = (r: TMoneyRequestView) =>
    modals.openConfirmModal({
      title: t('requests.cancelTitle', { id: r.id }),
      children: t('requests.cancelText'),
      labels: { confirm: t('requests.cancel'), cancel: t('requests.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => move(r, 'CANCELLED'),
    });

  const actions: RowActions = {
    canDecide: Boolean(caps?.canViewPendingRequests),
    isMine: (r) => r.requester.kind === 'user' && r.requester.name === me,
    onCancel: confirmCancel,
    onApprove: (r) => move(r, 'APPROVED'),
    onReject: (r) => confirmRejection(t, r.id, (reason) => move(r, 'REJECTED', reason)),
    onAddHash: addHash,
    onUpload: (r, file) =>
      file &&
      uploadProof(r.id, r.entityId, file).then(
        () => showSuccessToast(t('requests.proofUploaded'), file.name),
        showErrorToast,
      ),
    onDownload: (r) => downloadProof(r.id, r.entityId).catch(showErrorToast),
  };

  const items = list.data?.items ?? [];
  const exportRows = async () =>
    (await allPages(listed)).map((r) => [
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
          <ExportCsvButton
            fileName={`requests-${id}.csv`}
            header={['id', 'type', 'status', 'asset', 'amount', 'requester', 'created']}
            rows={exportRows}
            disabled={!items.length}
          />
        </Group>
      }
    >
      {pendingRule && (
        <Stack gap="xs">
          <SectionTitle>{t('requests.pending')}</SectionTitle>
          <ListState
            query={pending}
            count={pending.data?.items.length ?? 0}
            label={t('requests.pending')}
            empty={{ title: t('requests.nonePending'), hint: t('shell.emptyModuleHint') }}
          >
            <MoneyRequestsTable
              label={t('requests.pending')}
              items={pending.data?.items ?? []}
              actions={actions}
            />
          </ListState>
        </Stack>
      )}
      <Stack gap="xs">
        <SectionTitle>{t('requests.recent')}</SectionTitle>
        <Group align="flex-end">
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
          <Select
            aria-label={t('overview.sortBy')}
            data={[
              { value: 'desc', label: t('requests.newestFirst') },
              { value: 'asc', label: t('requests.oldestFirst') },
            ]}
            value={direction}
            onChange={(v) => v && setDirection(v as 'desc' | 'asc')}
            allowDeselect={false}
            w={160}
          />
        </Group>
        <ListState
          query={list}
          count={items.length}
          label={t('requests.recent')}
          empty={{ title: t('requests.none'), hint: t('requests.noneHint') }}
        >
          <MoneyRequestsTable label={t('requests.recent')} items={items} actions={actions} />
        </ListState>
        <PagedFooter rows={list.data?.total ?? 0} paging={paging} />
      </Stack>
    </PageFrame>
  );
}
