import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runtimeConfig } from '../../../lib/runtime-config';
import { type AccountListOptions, accountKeys, balanceKeys } from './accounts.keys';

export const accountTypesQuery = queryOptions({
  queryKey: accountKeys.types,
  queryFn: () => api(API.account.types),
  staleTime: Number.POSITIVE_INFINITY,
});

export const accountListQuery = (entityId: number, options: AccountListOptions) =>
  queryOptions({
    queryKey: accountKeys.list(entityId, options),
    queryFn: () => api(API.account.list, { payload: { entityId, ...options } }),
    placeholderData: keepPreviousData,
  });

/** The entity's open accounts: the ones money can move through (a closed account moves nothing). */
export const openAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: accountKeys.open(entityId),
    queryFn: () => api(API.account.list, { payload: { entityId } }),
    select: (rows) => rows.filter((a) => a.active),
  });

/**
 * The open accounts of the entities related to this one (downstream), per entity: where an
 * internal transfer may also go. An entity whose accounts the caller may not list is left out.
 */
export const relatedAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: accountKeys.related(entityId),
    queryFn: async () => {
      const related = await api(API.entity.relatedEntities, { payload: { entityId } });
      const lists = await Promise.all(
        related.map(async (r) => ({
          entityName: r.entityName,
          accounts: await api(API.account.list, { payload: { entityId: r.entityId } }).catch(() => []),
        })),
      );
      return lists
        .map((l) => ({ ...l, accounts: l.accounts.filter((a) => a.active) }))
        .filter((l) => l.accounts.length > 0);
    },
  });

// Cash balances refresh on the configured interval (section 9).
const refresh = { refetchInterval: runtimeConfig.cashBalancesRefreshMs };

export const balancesQuery = (entityId: number) =>
  queryOptions({
    queryKey: balanceKeys.entity(entityId),
    queryFn: () => api(API.account.balances, { payload: { entityId } }),
    ...refresh,
  });

export const baseCurrencyQuery = (entityId: number) =>
  queryOptions({
    queryKey: balanceKeys.base(entityId),
    queryFn: () => api(API.account.baseCurrency, { payload: { entityId } }),
    ...refresh,
  });

export const towardClientsQuery = (entityId: number) =>
  queryOptions({
    queryKey: balanceKeys.towardClients(entityId),
    queryFn: () => api(API.account.summaryTowardClients, { payload: { entityId } }),
    ...refresh,
  });

/** What each entity directly below holds, per asset (read when asked: a broker may have many). */
export const childrenSummaryQuery = (entityId: number) =>
  queryOptions({
    queryKey: balanceKeys.children(entityId),
    queryFn: () => api(API.cashEntry.childrenSummary, { params: { entityId } }),
    ...refresh,
  });
