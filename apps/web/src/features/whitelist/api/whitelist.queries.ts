import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { bankInfoKeys, ssiKeys, vaspKeys, walletKeys, whitelistRequestKeys } from './whitelist.keys';

/** The entity's whitelisted wallets: managed on the whitelisting screens, paid to by withdrawals. */
export const walletsQuery = (entityId: number) =>
  queryOptions({
    queryKey: walletKeys.entity(entityId),
    queryFn: () => api(API.wallet.list, { payload: { entityId } }),
  });

/** The entity's whitelisted bank accounts, likewise. */
export const bankInfoQuery = (entityId: number) =>
  queryOptions({
    queryKey: bankInfoKeys.entity(entityId),
    queryFn: () => api(API.bankInfo.list, { payload: { entityId } }),
  });

/** Wallets of the entities below `entityId` matching `query`, at most `limit`. */
export const walletSearchQuery = (entityId: number, query: string, limit: number) =>
  queryOptions({
    queryKey: walletKeys.search(entityId, query),
    queryFn: () => api(API.wallet.search, { payload: { entityId, query, limit } }),
  });

export const networksQuery = queryOptions({
  queryKey: walletKeys.networks,
  queryFn: () => api(API.wallet.blockchainNetworks),
  staleTime: Number.POSITIVE_INFINITY,
});

export const vaspsQuery = queryOptions({ queryKey: vaspKeys.all, queryFn: () => api(API.vasps.list) });

/** One page of the entity's whitelist requests, newest first. */
export const workflowsQuery = (
  entityId: number,
  status: string | null,
  page: { limit: number; offset: number },
) =>
  queryOptions({
    queryKey: whitelistRequestKeys.list(entityId, status, page),
    queryFn: () =>
      api(API.wallet.workflows, {
        payload: { entityId, ...page, ...(status ? { status: status as 'PENDING' } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

export const ssiProfilesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ssiKeys.entity(entityId),
    queryFn: () => api(API.ssiProfile.list, { payload: { entityId } }),
  });

export const depositAddressesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ssiKeys.addresses(entityId),
    queryFn: () => api(API.ssiProfile.walletList, { payload: { entityId } }),
  });
