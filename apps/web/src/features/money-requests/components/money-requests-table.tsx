import type { TMoneyRequestItem as TMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { type AssetDisplay, EMPTY_CELL, formatAmount } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';

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
      return EMPTY_CELL;
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
  details: (r: TMoneyRequestView, assetOf: (asset: string) => AssetDisplay | undefined) => ReactNode;
};

type TableProps = Omit<DataTableProps<TMoneyRequestView>, 'id' | 'label' | 'columns' | 'rows' | 'rowKey'>;

/**
 * Money requests with exactly what was submitted, and what the caller may do with each;
 * Enter on a row opens its details. The request time sorts on the server.
 */
export function MoneyRequestsTable({
  id,
  label,
  items,
  actions,
  views,
  ...table
}: {
  id: string;
  label: string;
  items: TMoneyRequestView[] | undefined;
  actions: RowActions;
  views: RequestViews;
} & TableProps) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  // Amounts read at their asset's display precision (125.00 GBP); as sent until it is known.
  const amountOf = ({ payload: p }: TMoneyRequestView) =>
    `${formatAmount(p.amount, assetOf(p.asset))} ${p.asset}`;
  const showDetails = (r: TMoneyRequestView) =>
    modals.open({
      title: t('requests.detailsTitle', { id: r.id }),
      children: views.details(r, assetOf),
    });
  const columns: Column<TMoneyRequestView>[] = [
    { id: 'id', header: t('requests.id'), value: (r) => r.id, cell: (r) => `#${r.id}`, fixed: true },
    {
      id: 'type',
      header: t('overview.type'),
      value: (r) => requestTypeOf(r.type).label,
      cell: (r) => requestTypeOf(r.type).label,
    },
    {
      id: 'amount',
      header: t('overview.amount'),
      value: (r) => r.payload.amount,
      cell: amountOf,
      align: 'right',
      mono: true,
    },
    {
      id: 'destination',
      header: t('moneyRequest.destination'),
      value: destinationOf,
      cell: (r) => <Text size="xs">{destinationOf(r)}</Text>,
    },
    {
      id: 'createdAt',
      header: t('requests.requester'),
      value: (r) => r.createdAt,
      cell: (r) => (
        <>
          <Text size="xs">{r.requester.name}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={r.createdAt} />
          </Text>
        </>
      ),
      ...(table.sort ? { sort: 'server' as const, descFirst: true } : {}),
    },
    { id: 'status', header: t('requests.status'), value: (r) => r.status, cell: views.status },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (r) => (
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
      ),
    },
  ];
  return (
    <DataTable
      id={id}
      label={label}
      columns={columns}
      rows={items}
      rowKey={(r) => r.id}
      onRowOpen={actions.onDetails ?? showDetails}
      {...table}
    />
  );
}
