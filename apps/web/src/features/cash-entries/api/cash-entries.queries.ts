import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allPages } from '../../../lib/paging';
import { type CashEntryFilter, cashEntryKeys } from './cash-entries.keys';

export const cashEntriesQuery = (entityId: number, filter: CashEntryFilter) =>
  queryOptions({
    queryKey: cashEntryKeys.list(entityId, filter),
    queryFn: () => api(API.cashEntry.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

/** Every entry the filter matches, page by page (for the CSV export, not the screen). */
export const allCashEntries = (entityId: number, filter: Omit<CashEntryFilter, 'limit' | 'offset'>) =>
  allPages((limit, offset) => api(API.cashEntry.list, { payload: { entityId, ...filter, limit, offset } }));
