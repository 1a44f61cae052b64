import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { rangeRefusal } from '../../../components/date-range-filter';
import { type PageSizeProps, usePaging } from '../../../components/pager';
import { reversibleEntryTypes, useSelectedEntity } from '../../../lib/selected-entity';
import type { CashEntryFilter } from '../api/cash-entries.keys';
import { allCashEntries, cashEntriesQuery } from '../api/cash-entries.queries';
import { CashEntryFilters, type CashEntryView, initialView } from './cash-entry-filters';
import { useCashEntryColumns } from './cash-entry-table';
import { ReverseCashEntry } from './reverse-cash-entry';

const CSV_HEADER = [
  'id',
  'type',
  'valueDate',
  'entity',
  'account',
  'accountId',
  'counterAccountId',
  'counterAccount',
  'asset',
  'amount',
  'reference',
  'memo',
  'requestId',
  'createdBy',
  'createdAt',
  'reversesEntryId',
  'reversedByEntryId',
];

/** The list call's filter for what the controls show. */
const filterOf = (v: CashEntryView): Omit<CashEntryFilter, 'limit' | 'offset'> => ({
  type: v.type ?? undefined,
  asset: v.asset ?? undefined,
  accountId: v.account ? Number(v.account) : undefined,
  from: v.range.from || undefined,
  to: v.range.to || undefined,
  sort: v.sort,
  direction: v.direction,
});

/**
 * Completed cash movements (back-office bookings and approved requests): filters by type,
 * asset, account and value-date range (an inverted range is refused, not asked for),
 * sorting by the value date, amount or booking time headers, paging (persisted page size),
 * CSV export of every entry the filters match, and — for staff — reversal of a booking.
 */
export function CashEntryHistory({
  entityId,
  accountId,
  pageSize,
  onPageSize,
}: { entityId: number; accountId?: number } & PageSizeProps) {
  const { t } = useTranslation();
  const paging = usePaging({ pageSize, onPageSize });
  const [view, setView] = useState(() => initialView(accountId));
  // Any change of what is shown starts again at the first page.
  const change = (patch: Partial<CashEntryView>) => {
    setView({ ...view, ...patch });
    paging.setPage(1);
  };
  const filter = filterOf(view);
  const refusal = rangeRefusal(view.range, t);
  const entries = useQuery({
    ...cashEntriesQuery(entityId, { ...filter, limit: pageSize, offset: paging.offset }),
    enabled: !refusal,
  });
  const reversible = reversibleEntryTypes(useSelectedEntity());
  const [reversing, setReversing] = useState<TCashEntryRow | null>(null);
  const columns = useCashEntryColumns({
    entityId,
    accountId: filter.accountId,
    reversible,
    onReverse: setReversing,
  });

  const exportRows = async () =>
    (await allCashEntries(entityId, filter)).map((e) => [
      e.id,
      e.type,
      e.valueDate,
      e.entityName,
      e.accountName,
      e.accountId,
      e.counterAccountId,
      e.counterAccountName,
      e.asset,
      e.amount,
      e.reference,
      e.memo,
      e.requestId,
      e.createdBy,
      e.createdAt,
      e.reversesEntryId,
      e.reversedByEntryId,
    ]);

  return (
    <>
      <DataTable
        id="cash-entries"
        label={t('overview.history')}
        columns={columns}
        rows={entries.data?.items}
        rowKey={(e) => e.id}
        query={entries}
        refusal={refusal}
        empty={{ title: t('overview.noEntries'), hint: t('overview.noEntriesHint') }}
        sort={{
          by: view.sort,
          direction: view.direction,
          onChange: (next) => change({ sort: next.by as CashEntryView['sort'], direction: next.direction }),
        }}
        paging={{ total: entries.data?.total ?? 0, paging }}
        csv={{ fileName: `cash-entries-${entityId}.csv`, header: CSV_HEADER, rows: exportRows }}
        toolbar={<CashEntryFilters entityId={entityId} view={view} onChange={change} />}
      />
      {reversing && (
        <ReverseCashEntry
          key={reversing.id}
          entry={reversing}
          entityId={entityId}
          onClose={() => setReversing(null)}
        />
      )}
    </>
  );
}
