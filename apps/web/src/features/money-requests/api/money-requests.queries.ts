import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allPages } from '../../../lib/paging';
import { type MoneyRequestFilter, moneyRequestKeys } from './money-requests.keys';

/** The requests awaiting a decision the caller may take (section 3: limit 999, offset 0). */
export const pendingRequestsQuery = (entityId: number) =>
  queryOptions({
    queryKey: moneyRequestKeys.pending(entityId),
    queryFn: () => api(API.requests.pending, { payload: { entityId, limit: 999, offset: 0 } }),
  });

export const moneyRequestsQuery = (entityId: number, filter: MoneyRequestFilter) =>
  queryOptions({
    queryKey: moneyRequestKeys.list(entityId, filter),
    queryFn: () => api(API.requests.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

/** Every request the filter matches, page by page (for the CSV export, not the screen). */
export const allMoneyRequests = (entityId: number, filter: Omit<MoneyRequestFilter, 'limit' | 'offset'>) =>
  allPages((limit, offset) => api(API.requests.list, { payload: { entityId, ...filter, limit, offset } }));

/**
 * The pending requests that hold funds on an account in an asset: those moving money out of
 * it (a transfer to it holds nothing here). Under the requests' key, so a decision refreshes it.
 */
export const heldByQuery = (entityId: number, accountId: number, asset: string) =>
  queryOptions({
    queryKey: moneyRequestKeys.heldBy(entityId, accountId, asset),
    queryFn: async () =>
      (
        await api(API.requests.list, {
          payload: { entityId, accountId, asset, status: 'PENDING', limit: 100 },
        })
      ).items.filter((r) => r.payload.accountId === accountId),
  });
