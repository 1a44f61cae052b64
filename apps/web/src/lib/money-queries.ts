import { API } from '@clearway/contracts/endpoint-table';
import type { TCashEntry, ZAccountList, ZCashEntryList } from '@clearway/contracts/endpoints/money.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';
import { runtimeConfig } from './runtime-config';

// Cash balances refresh on the configured interval (section 9).
const refresh = { refetchInterval: runtimeConfig.cashBalancesRefreshMs };

export const balancesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['balances', entityId],
    queryFn: () => api(API.account.balances, { payload: { entityId } }),
    ...refresh,
  });

export const baseCurrencyQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['balances', entityId, 'base'],
    queryFn: () => api(API.account.baseCurrency, { payload: { entityId } }),
    ...refresh,
  });

export const towardClientsQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['balances', entityId, 'toward-clients'],
    queryFn: () => api(API.account.summaryTowardClients, { payload: { entityId } }),
    ...refresh,
  });

/** What each entity directly below holds, per asset (read when asked: a broker may have many). */
export const childrenSummaryQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['balances', entityId, 'children'],
    queryFn: () => api(API.cashEntry.childrenSummary, { params: { entityId } }),
    ...refresh,
  });

export type CashEntryFilter = Omit<z.input<typeof ZCashEntryList>, 'entityId'>;

export const cashEntriesQuery = (entityId: number, filter: CashEntryFilter) =>
  queryOptions({
    queryKey: ['cash-entries', entityId, filter],
    queryFn: () => api(API.cashEntry.list, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

export type AccountListOptions = Required<Omit<z.input<typeof ZAccountList>, 'entityId'>>;

/** Under the `['accounts', entityId]` key every account list shares, so one invalidation refreshes all. */
export const accountListQuery = (entityId: number, options: AccountListOptions) =>
  queryOptions({
    queryKey: ['accounts', entityId, options],
    queryFn: () => api(API.account.list, { payload: { entityId, ...options } }),
    placeholderData: keepPreviousData,
  });

/** The entity's open accounts: the ones money can move through (a closed account moves nothing). */
export const openAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['accounts', entityId],
    queryFn: () => api(API.account.list, { payload: { entityId } }),
    select: (rows) => rows.filter((a) => a.active),
  });

export const currenciesQuery = queryOptions({
  queryKey: ['currencies'],
  queryFn: () => api(API.cashEntry.currencies),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Books a historic cash entry under an Idempotency-Key: a deposit to or a withdrawal from
 * `accountId`, or an internal transfer from it to `toAccountId`.
 */
export function bookCashEntry(
  entityId: number,
  key: string,
  type: TCashEntry['type'],
  i: {
    accountId: number;
    toAccountId: number;
    asset: string;
    amount: string;
    valueDate: string;
    reference?: string;
  },
) {
  const headers = { 'Idempotency-Key': key };
  const common = {
    entityId,
    asset: i.asset,
    amount: i.amount,
    valueDate: i.valueDate,
    reference: i.reference,
  };
  if (type === 'INTERNAL_TRANSFER')
    return api(API.cashEntry.internalTransfer, {
      payload: { ...common, fromAccountId: i.accountId, toAccountId: i.toAccountId },
      headers,
    });
  const call = type === 'DEPOSIT' ? API.cashEntry.deposit : API.cashEntry.withdrawal;
  return api(call, { payload: { ...common, accountId: i.accountId }, headers });
}

const REVERSAL_CALLS = {
  DEPOSIT: API.cashEntry.reverseDeposit,
  WITHDRAWAL: API.cashEntry.reverseWithdrawal,
  INTERNAL_TRANSFER: API.cashEntry.reverseInternalTransfer,
} as const;

/** Reverses historic entry `cashEntryId` of `type` with an opposite entry, saying why. */
export function reverseCashEntry(
  entityId: number,
  key: string,
  type: TCashEntry['type'],
  i: { cashEntryId: number; reason: string },
) {
  return api(REVERSAL_CALLS[type], {
    payload: { entityId, cashEntryId: i.cashEntryId, reason: i.reason },
    headers: { 'Idempotency-Key': key },
  });
}

/**
 * The open accounts of the entities related to this one (downstream), per entity: where an
 * internal transfer may also go. An entity whose accounts the caller may not list is left out.
 */
export const relatedAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['accounts', entityId, 'related'],
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

/**
 * The pending requests that hold funds on an account in an asset: those moving money out of
 * it (a transfer to it holds nothing here). Under the requests' key, so a decision refreshes it.
 */
export const heldByQuery = (entityId: number, accountId: number, asset: string) =>
  queryOptions({
    queryKey: ['money-requests', entityId, 'held-by', accountId, asset],
    queryFn: async () =>
      (
        await api(API.requests.list, {
          payload: { entityId, accountId, asset, status: 'PENDING', limit: 100 },
        })
      ).items.filter((r) => r.payload.accountId === accountId),
  });

/** An asset's scale from the currency list: undefined until the list has loaded. */
export function useScaleOf() {
  const currencies = useQuery(currenciesQuery);
  return (asset: string) => currencies.data?.find((c) => c.code === asset)?.scale;
}
