import type { TWhitelistRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Button, Group, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/data-table';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import { PagedFooter, type PageSizeProps, usePaging } from '../components/pager';
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

  const items = list.data?.items ?? [];
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
      <ListState
        query={list}
        count={items.length}
        label={t('pages.whitelistRequests')}
        empty={{ title: t('whitelist.noRequests'), hint: t('whitelist.noRequestsHint') }}
      >
        <DataTable striped withTableBorder aria-label={t('pages.whitelistRequests')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('whitelist.type')}</Table.Th>
              <Table.Th>{t('whitelist.details')}</Table.Th>
              <Table.Th>{t('whitelist.requester')}</Table.Th>
              <Table.Th>{t('whitelist.approvals')}</Table.Th>
              <Table.Th>{t('whitelist.statusLabel')}</Table.Th>
              {canDecide && <Table.Th>{t('shell.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => opened.open(r.id)}
                    aria-label={t('requests.detailsOf', { id: r.id })}
                  >
                    {r.id}
                  </Button>
                </Table.Td>
                <Table.Td>{requestTypeOf(r.type).label}</Table.Td>
                <Table.Td>
                  <RequestDetails request={r} />
                </Table.Td>
                <Table.Td>{r.requester.name}</Table.Td>
                <Table.Td>
                  {r.approvals.length} / {r.requiredApprovals}
                </Table.Td>
                <Table.Td>
                  <RequestStatusBadge status={r.status} />
                </Table.Td>
                {canDecide && (
                  <Table.Td>
                    {r.status === 'PENDING' && !mine(r) && (
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
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </ListState>
      <PagedFooter rows={list.data?.total ?? 0} paging={paging} />
      <RequestDrawer entityId={id} requestId={opened.requestId} onClose={opened.close} />
    </PageFrame>
  );
}
