import type { TWhitelistRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { ApprovalPolicies } from '../features/approvals/components/approval-policies';
import { confirmApproval, confirmRejection } from '../features/approvals/components/decision-dialogs';
import { RequestDetails } from '../features/approvals/components/request-details';
import { RequestDrawer, useRequestSummary } from '../features/approvals/components/request-drawer';
import { RequestStatusBadge, RequestStatusFilter } from '../features/approvals/components/request-status';
import { sessionQuery } from '../features/auth/api/auth.queries';
import { useDecideWhitelistRequest } from '../features/whitelist/api/whitelist.mutations';
import { workflowsQuery } from '../features/whitelist/api/whitelist.queries';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';
import { useOpenedRequest } from '../lib/use-opened-request';

/**
 * `/whitelist-requests`: pending and past whitelist requests, with approve and reject (each
 * asking first) for approvers; a request opens in full in a drawer (also from a
 * notification's link, `?request=12`).
 */
export function WhitelistRequestsPage({ pageSize, onPageSize }: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const decision = useDecideWhitelistRequest();
  const [status, setStatus] = useState<string>('PENDING');
  const paging = usePaging({ pageSize, onPageSize });
  const { setPage } = paging;
  const id = entity?.entityId ?? -1;
  const list = useQuery({
    ...workflowsQuery(id, status === 'ALL' ? null : status, {
      limit: pageSize,
      offset: paging.offset,
    }),
    enabled: id > 0,
  });
  const canDecide = Boolean(entity?.capabilities.canApproveWhiteList);
  const me = useQuery(sessionQuery).data?.user?.username;
  const opened = useOpenedRequest();
  const { summaryOf } = useRequestSummary();
  // Maker-checker: never one's own request, and each approver once (the server holds both rules).
  const mine = (r: TWhitelistRequestView) =>
    (r.requester.kind === 'user' && r.requester.name === me) ||
    r.approvals.some((a) => a.kind === 'user' && a.name === me);

  async function decide(r: TWhitelistRequestView, to: 'APPROVED' | 'REJECTED', reason?: string) {
    try {
      const res = await decision.mutateAsync({ request: r, status: to, reason });
      showSuccessToast(t(`whitelist.decided.${res.status}`), t('whitelist.decidedText', { id: r.id }));
    } catch (err) {
      showErrorToast(err);
    }
  }

  const reject = (r: TWhitelistRequestView) =>
    confirmRejection(t, r.id, (reason) => decide(r, 'REJECTED', reason));
  const approve = (r: TWhitelistRequestView) =>
    confirmApproval(t, r.id, summaryOf(r), () => decide(r, 'APPROVED'));

  const columns: Column<TWhitelistRequestView>[] = [
    {
      id: 'id',
      header: '#',
      value: (r) => r.id,
      fixed: true,
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => opened.open(r.id)}
          aria-label={t('requests.detailsOf', { id: r.id })}
        >
          {r.id}
        </Button>
      ),
    },
    {
      id: 'type',
      header: t('whitelist.type'),
      value: (r) => requestTypeOf(r.type).label,
      cell: (r) => requestTypeOf(r.type).label,
    },
    { id: 'details', header: t('whitelist.details'), cell: (r) => <RequestDetails request={r} /> },
    {
      id: 'requester',
      header: t('whitelist.requester'),
      value: (r) => r.requester.name,
      cell: (r) => r.requester.name,
    },
    {
      id: 'approvals',
      header: t('whitelist.approvals'),
      value: (r) => `${r.approvals.length} / ${r.requiredApprovals}`,
      cell: (r) => `${r.approvals.length} / ${r.requiredApprovals}`,
    },
    {
      id: 'status',
      header: t('whitelist.statusLabel'),
      value: (r) => r.status,
      cell: (r) => <RequestStatusBadge status={r.status} />,
    },
    ...(canDecide
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (r: TWhitelistRequestView) =>
              r.status === 'PENDING' &&
              !mine(r) && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => approve(r)}
                    aria-label={t('whitelist.approveRequest', { id: r.id })}
                  >
                    {t('whitelist.approve')}
                  </Button>
                  <Button size="xs" variant="default" color="red" onClick={() => reject(r)}>
                    {t('whitelist.reject')}
                  </Button>
                </Group>
              ),
          } satisfies Column<TWhitelistRequestView>,
        ]
      : []),
  ];
  return (
    <PageFrame
      title={t('pages.whitelistRequests')}
      actions={
        entity?.capabilities.canManageApprovalPolicies && (
          <ApprovalPolicies entityId={id} types={WHITELIST_REQUEST_TYPES} />
        )
      }
    >
      <RequestStatusFilter
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        statuses={['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED']}
      />
      <DataTable
        id="whitelist-requests"
        label={t('pages.whitelistRequests')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(r) => r.id}
        query={list}
        empty={{ title: t('whitelist.noRequests'), hint: t('whitelist.noRequestsHint') }}
        paging={{ total: list.data?.total ?? 0, paging }}
        csv={{ fileName: `whitelist-requests-${id}.csv` }}
        onRowOpen={(r) => opened.open(r.id)}
      />
      <RequestDrawer entityId={id} requestId={opened.requestId} onClose={opened.close} />
    </PageFrame>
  );
}
