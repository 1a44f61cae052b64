import { API } from '@clearway/contracts/endpoint-table';
import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPE_DISPLAY } from '@clearway/contracts/enums';
import { Button, FileButton, Group, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../../../components/page-frame';
import { RequestStatusBadge, RequestStatusFilter } from '../../../components/request-status';
import { api, readCookie } from '../../../lib/api';
import { downloadText } from '../../../lib/format';
import { GatewayError } from '../../../lib/gateway';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { proofProblem } from '../proof-check';

type Payload = { asset?: string; amount?: string; kind?: string; destination?: Record<string, unknown> };

/** `/deposit-and-withdrawals/requests`: pending and recent money requests for the selected entity. */
export function RequestsPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('PENDING');
  const id = entity?.entityId ?? -1;
  const canDecide = Boolean(entity?.capabilities.canViewPendingRequests);
  const list = useQuery({
    queryKey: ['money-requests', id, status],
    queryFn: () =>
      api(API.requests.list, {
        payload: { entityId: id, limit: 50, ...(status === 'ALL' ? {} : { status: status as 'PENDING' }) },
      }),
    enabled: id > 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['money-requests', id] });

  async function move(r: TRequestView, to: 'APPROVED' | 'REJECTED' | 'CANCELLED', reason?: string) {
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

  async function upload(r: TRequestView, file: File | null) {
    if (!file) return;
    const problem = await proofProblem([file]);
    if (problem) return showErrorToast(new GatewayError(400, 'Invalid Request', problem));
    const form = new FormData();
    form.append('file', file);
    const res = await fetch(`/api/requests/${r.id}/file-proof?entityId=${r.entityId}`, {
      method: 'POST',
      body: form,
      headers: { 'X-CSRF-Token': readCookie('clearway.csrf') ?? '' },
    });
    if (!res.ok)
      return showErrorToast(
        new GatewayError(res.status, '', ((await res.json()) as { message: string }).message),
      );
    showSuccessToast(t('requests.proofUploaded'), file.name);
  }

  async function viewProof(r: TRequestView) {
    try {
      const file = (await api(API.requests.fileProof, {
        payload: { entityId: r.entityId, requestId: r.id },
      })) as { data: ArrayBuffer; contentType: string };
      const url = URL.createObjectURL(new Blob([file.data], { type: file.contentType }));
      Object.assign(document.createElement('a'), { href: url, download: `proof-${r.id}` }).click();
      URL.revokeObjectURL(url);
    } catch (err) {
      showErrorToast(err);
    }
  }

  const addHash = (r: TRequestView) => {
    let hash = '';
    modals.openConfirmModal({
      title: t('requests.hashTitle', { id: r.id }),
      children: (
        <TextInput
          label={t('requests.hash')}
          onChange={(e) => (hash = e.currentTarget.value)}
          ff="monospace"
        />
      ),
      labels: { confirm: t('requests.complete'), cancel: t('whitelist.cancel') },
      onConfirm: async () => {
        try {
          await api(API.requests.uploadTransactionHash, {
            payload: { entityId: r.entityId, requestId: r.id, transactionHash: hash },
          });
          await refresh();
        } catch (err) {
          showErrorToast(err);
        }
      },
    });
  };

  const items = list.data?.items ?? [];
  const exportCsv = () =>
    downloadText(
      `requests-${id}.csv`,
      [
        'id,type,status,asset,amount,requester,created',
        ...items.map((r) =>
          [
            r.id,
            r.type,
            r.status,
            (r.payload as Payload).asset,
            (r.payload as Payload).amount,
            r.requester.name,
            r.createdAt,
          ].join(','),
        ),
      ].join('\r\n'),
    );

  return (
    <PageFrame
      title={t('pages.requests')}
      actions={
        <Button variant="default" onClick={exportCsv} disabled={!items.length}>
          {t('overview.exportCsv')}
        </Button>
      }
    >
      <RequestStatusFilter
        value={status}
        onChange={setStatus}
        statuses={['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED']}
      />
      {items.length === 0 ? (
        <EmptyState title={t('requests.none')} hint={t('requests.noneHint')} />
      ) : (
        <Table striped withTableBorder aria-label={t('pages.requests')}>
          <Table.Tbody>
            {items.map((r) => {
              const p = r.payload as Payload;
              return (
                <Table.Tr key={r.id}>
                  <Table.Td>#{r.id}</Table.Td>
                  <Table.Td>
                    {REQUEST_TYPE_DISPLAY[r.type as keyof typeof REQUEST_TYPE_DISPLAY] ?? r.type}
                  </Table.Td>
                  <Table.Td ff="monospace">
                    {p.amount} {p.asset}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{r.requester.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <RequestStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {canDecide && r.status === 'PENDING' && (
                        <>
                          <Button size="xs" onClick={() => move(r, 'APPROVED')}>
                            {t('whitelist.approve')}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => move(r, 'REJECTED')}>
                            {t('whitelist.reject')}
                          </Button>
                        </>
                      )}
                      {canDecide &&
                        r.status === 'APPROVED' &&
                        p.kind === 'crypto' &&
                        r.type === 'WITHDRAWAL' && (
                          <Button size="xs" variant="light" onClick={() => addHash(r)}>
                            {t('requests.addHash')}
                          </Button>
                        )}
                      <FileButton
                        onChange={(f) => upload(r, f)}
                        accept="image/jpeg,image/png,application/pdf,video/mp4,video/webm,video/x-msvideo,video/mpeg"
                      >
                        {(props) => (
                          <Button size="xs" variant="subtle" {...props}>
                            {t('requests.uploadProof')}
                          </Button>
                        )}
                      </FileButton>
                      <Button size="xs" variant="subtle" onClick={() => viewProof(r)}>
                        {t('requests.viewProof')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}
