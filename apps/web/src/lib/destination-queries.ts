import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The entity's whitelisted wallets: managed on the whitelisting screens, paid to by withdrawals. */
export const walletsQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['wallets', entityId],
    queryFn: () => api(API.wallet.list, { payload: { entityId } }),
  });

/** The entity's whitelisted bank accounts, likewise. */
export const bankInfoQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['bank-info', entityId],
    queryFn: () => api(API.bankInfo.list, { payload: { entityId } }),
  });
