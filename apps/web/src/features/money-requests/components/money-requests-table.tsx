import type { TMoneyRequestItem as TMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Button, FileButton, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDecimal } from '../../../lib/format';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';

/** Where the money goes, as approvers need to see it. */
function destinationOf(r: TMoneyRequestView): string {
  switch (r.type) {
    case 'WITHDRAWAL': {
      const p = r.payload;
      if (p.kind === 'fiat')
        return `${p.destination.bankName} ${p.destination.iban ?? p.destination.accountNumber ?? ''}`;
      return `${p.destination.friendlyName} ${p.destination.address}`;
    }
    case 'INTERNAL TRANSFER': {
      const p = r.payload;
      const account = p.toAccountName ?? `#${p.toAccountId}`;
      return p.toEntityName ? `${account} · ${p.toEntityName}` : account;
    }
    case 'DEPOSIT':
      return '—';
  }
}

export type RowActions = {
  canDecide: boolean;
  /** Whether the caller may approve or reject this request (pending, not theirs, not approved by them yet). */
  mayDecide: (r: TMoneyRequestView) => boolean;
  /** Opens the request in full (its drawer); without it, Details shows its fields in a dialog. */
  onDetails?: (r: TMoneyRequestView) => void;
  /** Whether the signed-in user made this request (and so may cancel it while pending). */
  isMine: (r: TMoneyRequestView) => boolean;
  onCancel: (r: TMoneyRequestView) => void;
  onApprove: (r: TMoneyRequestView) => void;
  onReject: (r: TMoneyRequestView) => void;
  onAddHash: (r: TMoneyRequestView) => void;
  onUpload: (r: TMoneyRequestView, file: File | null) => void;
  onDownload: (r: TMoneyRequestView) => void;
};

const PROOF_TYPES = 'image/jpeg,image/png,application/pdf,video/mp4,video/webm,video/x-msvideo,video/mpeg';

/** How a request's status and its submitted details read (the approvals feature's, composed by the page). */
export type RequestViews = {
  status: (r: TMoneyRequestView) => ReactNode;
  details: (r: TMoneyRequestView, scaleOf: (asset: string) => number | undefined) => ReactNode;
};

/** Money requests with exactly what was submitted, and what the caller may do with each. */
export function MoneyRequestsTable({
  label,
  items,
  actions,
  views,
}: {
  label: string;
  items: TMoneyRequestView[];
  actions: RowActions;
  views: RequestViews;
}) {
  const { t } = useTranslation();
  const scaleOf = useScaleOf();
  // Amounts read with their asset's scale (125.00 GBP); as sent until the scales are known.
  const amountOf = ({ payload: p }: TMoneyRequestView) => {
    const scale = scaleOf(p.asset);
    return `${scale === undefined ? p.amount : formatDecimal(p.amount, scale)} ${p.asset}`;
  };
  const showDetails = (r: TMoneyRequestView) =>
    modals.open({
      title: t('requests.detailsTitle', { id: r.id }),
      children: views.details(r, scaleOf),
    });
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
          return (
            <Table.Tr key={r.id}>
              <Table.Td>#{r.id}</Table.Td>
              <Table.Td>{requestTypeOf(r.type).label}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {amountOf(r)}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{destinationOf(r)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{r.requester.name}</Text>
                <Text size="xs" c="dimmed">
                  {new Date(r.createdAt).toLocaleString()}
                </Text>
              </Table.Td>
              <Table.Td>{views.status(r)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => (actions.onDetails ?? showDetails)(r)}
                    aria-label={t('requests.detailsOf', { id: r.id })}
                  >
                    {t('requests.details')}
                  </Button>
                  {actions.mayDecide(r) && (
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
                    r.type === 'WITHDRAWAL' &&
                    r.payload.kind === 'crypto' && (
                      <Button size="xs" variant="light" onClick={() => actions.onAddHash(r)}>
                        {t('requests.addHash')}
                      </Button>
                    )}
                  {/* One proof per request: offered while there is none and the request is live, downloadable once there is. */}
                  {!r.proof && (r.status === 'PENDING' || r.status === 'APPROVED') && (
                    <FileButton onChange={(f) => actions.onUpload(r, f)} accept={PROOF_TYPES}>
                      {(props) => (
                        <Button size="xs" variant="subtle" {...props}>
                          {t('requests.uploadProof')}
                        </Button>
                      )}
                    </FileButton>
                  )}
                  {r.proof && (
                    <Button size="xs" variant="subtle" onClick={() => actions.onDownload(r)}>
                      {t('requests.viewProof')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}
