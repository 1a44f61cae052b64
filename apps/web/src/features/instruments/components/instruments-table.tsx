import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps, type SortOrder } from '../../../components/data-table';
import { DateTimeText } from '../../../components/date-time-text';
import { InstrumentDetails } from './instrument-details';

type Props = Pick<DataTableProps<TInstrument>, 'query' | 'paging' | 'toolbar'> & {
  items: TInstrument[] | undefined;
  order: SortOrder;
  onSort: (next: SortOrder) => void;
  /** The actions of a row (edit, disable) for staff who manage instruments. */
  actions?: (i: TInstrument) => ReactNode;
};

/** The catalogue: one row per instrument, sorted by the server by symbol, name, kind or last change. */
export function InstrumentsTable({ items, order, onSort, actions, ...table }: Props) {
  const { t } = useTranslation();
  const columns: Column<TInstrument>[] = [
    {
      id: 'symbol',
      header: t('instruments.symbol'),
      value: (i) => i.symbol,
      cell: (i) => i.symbol,
      sort: 'server',
      mono: true,
      fixed: true,
    },
    { id: 'name', header: t('instruments.name'), value: (i) => i.name, cell: (i) => i.name, sort: 'server' },
    {
      id: 'kind',
      header: t('instruments.kind'),
      value: (i) => t(`instruments.kinds.${i.kind}`),
      cell: (i) => t(`instruments.kinds.${i.kind}`),
      sort: 'server',
    },
    { id: 'details', header: t('instruments.details'), cell: (i) => <InstrumentDetails instrument={i} /> },
    {
      id: 'status',
      header: t('instruments.status'),
      value: (i) => t(i.enabled ? 'instruments.statuses.enabled' : 'instruments.statuses.disabled'),
      // Wide enough for the status badge, which would otherwise shrink to an ellipsis.
      width: 110,
      // Filled: the theme's autoContrast picks a readable text colour (light teal is not AA).
      cell: (i) => (
        <Badge color={i.enabled ? 'teal' : 'gray'}>
          {t(i.enabled ? 'instruments.statuses.enabled' : 'instruments.statuses.disabled')}
        </Badge>
      ),
    },
    {
      id: 'updatedAt',
      header: t('instruments.updated'),
      value: (i) => i.updatedAt,
      cell: (i) => (
        <>
          <Text size="sm">
            <DateTimeText value={i.updatedAt} />
          </Text>
          {i.updatedBy && (
            <Text size="xs" c="dimmed">
              {i.updatedBy}
            </Text>
          )}
        </>
      ),
      sort: 'server',
      descFirst: true,
    },
    ...(actions
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (i: TInstrument) => (
              <Group gap={4} wrap="nowrap">
                {actions(i)}
              </Group>
            ),
          } satisfies Column<TInstrument>,
        ]
      : []),
  ];
  return (
    <DataTable
      id="instruments"
      label={t('pages.instruments')}
      columns={columns}
      rows={items}
      rowKey={(i) => i.id}
      empty={{ title: t('instruments.none'), hint: t('instruments.noneHint') }}
      sort={{ ...order, onChange: onSort }}
      csv={{ fileName: 'instruments.csv' }}
      {...table}
    />
  );
}
