import type { TTransfer } from '@clearway/contracts/endpoints/transfers.schemas';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { formatAmount } from '../../../lib/format';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';

type TableProps = Omit<DataTableProps<TTransfer>, 'id' | 'label' | 'columns' | 'rows' | 'rowKey'>;

/** Transfers with their fee and net amount, destination and status (the status badge is the page's). */
export function TransfersTable({
  items,
  status,
  ...table
}: { items: TTransfer[] | undefined; status: (r: TTransfer) => ReactNode } & TableProps) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const money = (v: string, asset: string) => `${formatAmount(v, assetOf(asset))} ${asset}`;
  const columns: Column<TTransfer>[] = [
    { id: 'id', header: t('requests.id'), value: (r) => r.id, cell: (r) => `#${r.id}`, fixed: true },
    {
      id: 'account',
      header: t('transfers.account'),
      value: (r) => r.accountName ?? r.accountId,
      cell: (r) => r.accountName ?? `#${r.accountId}`,
    },
    {
      id: 'amount',
      header: t('transfers.amount'),
      value: (r) => r.amount,
      cell: (r) => money(r.amount, r.asset),
      align: 'right',
      mono: true,
    },
    {
      id: 'fee',
      header: t('transfers.fee'),
      value: (r) => r.fee,
      cell: (r) => money(r.fee, r.asset),
      align: 'right',
      mono: true,
    },
    {
      id: 'net',
      header: t('transfers.net'),
      value: (r) => r.net,
      cell: (r) => money(r.net, r.asset),
      align: 'right',
      mono: true,
    },
    {
      id: 'destination',
      header: t('transfers.destination'),
      value: (r) => r.destination,
      cell: (r) => <Text size="xs">{r.destination}</Text>,
    },
    {
      id: 'createdAt',
      header: t('requests.requester'),
      value: (r) => r.createdAt,
      cell: (r) => (
        <>
          <Text size="xs">{r.requesterName}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={r.createdAt} />
          </Text>
        </>
      ),
      ...(table.sort ? { sort: 'server' as const, descFirst: true } : {}),
    },
    { id: 'status', header: t('requests.status'), value: (r) => r.status, cell: status },
  ];
  return (
    <DataTable
      id="transfers"
      label={t('transfers.list')}
      columns={columns}
      rows={items}
      rowKey={(r) => r.id}
      {...table}
    />
  );
}
