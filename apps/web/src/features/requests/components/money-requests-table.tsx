import {
  moneyPayloadOf,
  type TMoneyRequestPayload,
} from '@clearway/contracts/endpoints/money-requests.schemas';
import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPE_DISPLAY } from '@clearway/contracts/enums';
import { Button, FileButton, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RequestStatusBadge } from '../../../components/request-status';
import { formatDecimal } from '../../../lib/format';
import { useScaleOf } from '../../../lib/money-queries';

/** Where the money goes, as approvers need to see it. */
function destinationOf(p: TMoneyRequestPayload | null): string {
  const d = p?.destination;
  if (d && 'bankInfoId' in d) return `${d.bankName} ${d.iban ?? d.accountNumber ?? ''}`;
  if (d) return `${d.friendlyName} ${d.address}`;
  if (!p?.toAccountId) return '—';
  const account = p.toAccountName ?? `#${p.toAccountId}`;
  return p.toEntityName ? `${account} · ${p.toEntityName}` : account;
}

export type RowActions = {
  canDecide: boolean;
  /** Whether the signed-in user made this request (and so may cancel it while pending). */
  isMine: (r: TRequestView) => boolean;
  onCancel: (r: TRequestView) => void;
  onApprove: (r: TRequestView) => void;
  onReject: (r: TRequestView) => void;
  onAddHash: (r: TRequestView) => void;
  onUpload: (r: TRequestView, file: File | null) => void;
  onDownload: (r: TRequestView) => void;
};

const PROOF_TYPES = 'image/jpeg,image/png,application/pdf,video/mp4,video/webm,video/x-msvideo,video/mpeg';

/** Money requests with exactly what was submitted, and what the caller may do with each. */
export function MoneyRequestsTable({
  label,
  items,
  actions,
}: {
  label: string;
  items: TRequestView[];
  actions: RowActions;
}) {
  const { t } = useTranslation();
  const scaleOf = useScaleOf();
  // Amounts read with their asset's scale (125.00 GBP); as sent until the scales are known.
  const amountOf = (p: TMoneyRequestPayload) => {
    const scale = scaleOf(p.asset);
    return `${scale === undefined ? p.amount : formatDecimal(p.amount, scale)} ${p.asset}`;
  };
  return (
    <DataTable striped withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('requests.id')}</Table.Th>
          <Table.Th>{t('overview.type')}</Table.Th>
          <Table.Th ta="right">{t('overview.amount')}</Table.Th>
          <Table.Th>{t('moneyRequest.destination')}</Table.Th>
          <Table.Th>{t('requests.requester')}</Table.Th>
          <Table.Th>{t('requests.status')}</Table.Th>
          <Table.Th>{t('shell.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((r) => {
          const p = moneyPayloadOf(r);
          return (
            <Table.Tr key={r.id}>
              <Table.Td>#{r.id}</Table.Td>
              <Table.Td>
                {REQUEST_TYPE_DISPLAY[r.type as keyof typeof REQUEST_TYPE_DISPLAY] ?? r.type}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {p ? amountOf(p) : '—'}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{destinationOf(p)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{r.requester.name}</Text>
                <Text size="xs" c="dimmed">
                  {new Date(r.createdAt).toLocaleString()}
                </Text>
              </Table.Td>
              <Table.Td>
                <RequestStatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {actions.canDecide && r.status === 'PENDING' && (
                    <>
                      <Button size="xs" onClick={() => actions.onApprove(r)}>
                        {t('whitelist.approve')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => actions.onReject(r)}>
                        {t('whitelist.reject')}
                      </Button>
                    </>
                  )}
                  {r.status === 'PENDING' && actions.isMine(r) && (
                    <Button size="xs" variant="default" color="red" onClick={() => actions.onCancel(r)}>
                      {t('requests.cancel')}
                    </Button>
                  )}
                  {actions.canDecide &&
                    r.status === 'APPROVED' &&
                    p?.kind === 'crypto' &&
                    r.type === 'WITHDRAWAL' && (
                      <Button size="xs" variant="light" onClick={() => actions.onAddHash(r)}>
                        {t('requests.addHash')}
                      </Button>
                    )}
                  <FileButton onChange={(f) => actions.onUpload(r, f)} accept={PROOF_TYPES}>
                    {(props) => (
                      <Button size="xs" variant="subtle" {...props}>
                        {t('requests.uploadProof')}
                      </Button>
                    )}
                  </FileButton>
                  <Button size="xs" variant="subtle" onClick={() => actions.onDownload(r)}>
                    {t('requests.viewProof')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}
