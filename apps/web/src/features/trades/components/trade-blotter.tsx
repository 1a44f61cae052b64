import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { rangeRefusal } from '../../../components/date-range-filter';
import { type PageSizeProps, usePaging } from '../../../components/pager';
import { allTrades, tradesQuery } from '../api/trades.queries';
import { TradeDrawer } from './trade-drawer';
import { filterOf, INITIAL_VIEW, TradeFilters, type TradeView } from './trade-filters';
import { useTradeColumns } from './trade-table';

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

/**
 * The trade blotter of the entity and everything below it: filters (kind, status, side,
 * account, trade dates — an inverted range is refused, not asked for), sorting by the
 * headers, paging, CSV export of every trade the filters match (exact figures, as stored),
 * live refresh (a trade booked elsewhere shows up), and each trade's detail in a drawer.
 */
export function TradeBlotter({ entityId, pageSize, onPageSize }: { entityId: number } & PageSizeProps) {
  const { t } = useTranslation();
  const paging = usePaging({ pageSize, onPageSize });
  const [view, setView] = useState(INITIAL_VIEW);
  const [open, setOpen] = useState<number | null>(null);
  // Any change of what is shown starts again at the first page.
  const change = (patch: Partial<TradeView>) => {
    setView({ ...view, ...patch });
    paging.setPage(1);
  };
  const filter = filterOf(view);
  const refusal = rangeRefusal(view.tradeDates, t);
  const trades = useQuery({
    ...tradesQuery(entityId, { ...filter, limit: pageSize, offset: paging.offset }),
    enabled: !refusal,
  });
  const columns = useTradeColumns({ entityId, onOpen: (x) => setOpen(x.id) });

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
    <>
      <DataTable
        id="trades"
        label={t('trades.blotter')}
        columns={columns}
        rows={trades.data?.items}
        rowKey={(x) => x.id}
        query={trades}
        refusal={refusal}
        empty={{ title: t('trades.none'), hint: t('trades.noneHint') }}
        sort={{
          by: view.sort,
          direction: view.direction,
          onChange: (next) => change({ sort: next.by as TradeView['sort'], direction: next.direction }),
        }}
        paging={{ total: trades.data?.total ?? 0, paging }}
        csv={{ fileName: `trades-${entityId}.csv`, header: CSV_HEADER, rows: exportRows }}
        onRowOpen={(x) => setOpen(x.id)}
        toolbar={<TradeFilters entityId={entityId} view={view} onChange={change} />}
      />
      {open !== null && <TradeDrawer entityId={entityId} tradeId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
