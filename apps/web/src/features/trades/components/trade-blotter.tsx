import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { TRADE_SIDES, TRADE_STATUSES, TRADE_TYPES } from '@clearway/contracts/enums';
import { Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFilter } from '../../../components/date-range-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListState } from '../../../components/list-state';
import { PagedFooter, type PageSizeProps, usePaging } from '../../../components/pager';
import type { TradeFilter } from '../api/trades.keys';
import { allTrades, tradesQuery } from '../api/trades.queries';
import { TradeDrawer } from './trade-drawer';
import { TradeTable } from './trade-table';

const CSV_HEADER = [
  'id',
  'ticket',
  'type',
  'status',
  'side',
  'symbol',
  'base',
  'quote',
  'amount',
  'rate',
  'counterAmount',
  'tradeDate',
  'valueDate',
  'settlement',
  'openAmount',
  'realisedPnl',
  'entity',
  'account',
  'accountId',
  'reference',
  'bookedBy',
  'bookedAt',
];

type View = {
  type: string | null;
  status: string | null;
  side: string | null;
  tradeDates: DateRange;
  sort: NonNullable<TradeFilter['sort']>;
  direction: 'asc' | 'desc';
};
const INITIAL: View = {
  type: null,
  status: null,
  side: null,
  tradeDates: { from: '', to: '' },
  sort: 'bookedAt',
  direction: 'desc',
};

const filterOf = (v: View): Omit<TradeFilter, 'limit' | 'offset'> => ({
  type: (v.type as TTrade['type']) ?? undefined,
  status: (v.status as TTrade['status']) ?? undefined,
  side: (v.side as TTrade['side']) ?? undefined,
  tradeDateFrom: v.tradeDates.from || undefined,
  tradeDateTo: v.tradeDates.to || undefined,
  sort: v.sort,
  direction: v.direction,
});

/**
 * The trade blotter of the entity and everything below it: filters (kind, status, side,
 * trade dates), sorting either way, paging, CSV export of every trade the filters match,
 * live refresh (a trade booked elsewhere shows up), and each trade's detail in a drawer.
 */
export function TradeBlotter({ entityId, pageSize, onPageSize }: { entityId: number } & PageSizeProps) {
  const { t } = useTranslation();
  const paging = usePaging({ pageSize, onPageSize });
  const [view, setView] = useState(INITIAL);
  const [open, setOpen] = useState<number | null>(null);
  const change = (patch: Partial<View>) => {
    setView({ ...view, ...patch });
    paging.setPage(1);
  };
  const filter = filterOf(view);
  const trades = useQuery(tradesQuery(entityId, { ...filter, limit: pageSize, offset: paging.offset }));
  const items = trades.data?.items ?? [];
  const options = (values: readonly string[], group: string) =>
    values.map((v) => ({ value: v, label: t(`trades.${group}.${v}`) }));

  const exportRows = async () =>
    (await allTrades(entityId, filter)).map((x) => [
      x.id,
      x.ticket,
      x.type,
      x.status,
      x.side,
      x.symbol,
      x.base,
      x.quote,
      x.amount,
      x.rate,
      x.counterAmount,
      x.tradeDate,
      x.valueDate,
      x.settlement,
      x.openAmount,
      x.realisedPnl,
      x.entityName,
      x.accountName,
      x.accountId,
      x.reference,
      x.bookedBy,
      x.bookedAt,
    ]);

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('trades.type')}
          data={options(TRADE_TYPES, 'types')}
          value={view.type}
          onChange={(v) => change({ type: v })}
          clearable
          w={190}
        />
        <Select
          label={t('trades.status')}
          data={options(TRADE_STATUSES, 'statuses')}
          value={view.status}
          onChange={(v) => change({ status: v })}
          clearable
          w={150}
        />
        <Select
          label={t('trades.side')}
          data={options(TRADE_SIDES, 'sides')}
          value={view.side}
          onChange={(v) => change({ side: v })}
          clearable
          w={120}
        />
        <DateRangeFilter value={view.tradeDates} onChange={(tradeDates) => change({ tradeDates })} />
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Select
            label={t('trades.sortBy')}
            data={(['bookedAt', 'tradeDate', 'valueDate', 'amount', 'symbol'] as const).map((s) => ({
              value: s,
              label: t(`trades.sorts.${s}`),
            }))}
            value={view.sort}
            onChange={(v) => v && change({ sort: v as View['sort'] })}
            allowDeselect={false}
            w={170}
          />
          <SegmentedControl
            aria-label={t('trades.direction')}
            data={[
              { value: 'desc', label: t('trades.descending') },
              { value: 'asc', label: t('trades.ascending') },
            ]}
            value={view.direction}
            onChange={(v) => change({ direction: v as View['direction'] })}
          />
        </Group>
        <ExportCsvButton
          fileName={`trades-${entityId}.csv`}
          header={CSV_HEADER}
          rows={exportRows}
          disabled={items.length === 0}
        />
      </Group>
      <ListState
        query={trades}
        count={items.length}
        label={t('trades.blotter')}
        empty={{ title: t('trades.none'), hint: t('trades.noneHint') }}
      >
        <TradeTable items={items} entityId={entityId} onOpen={(x) => setOpen(x.id)} />
      </ListState>
      <PagedFooter rows={trades.data?.total ?? 0} paging={paging} />
      {open !== null && <TradeDrawer entityId={entityId} tradeId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
