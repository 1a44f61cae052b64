import { API } from '@clearway/contracts/endpoint-table';
import type { ZWalletRequest } from '@clearway/contracts/endpoints/wallet.schemas';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export const networksQuery = queryOptions({
  queryKey: ['networks'],
  queryFn: () => api(API.wallet.blockchainNetworks),
  staleTime: Number.POSITIVE_INFINITY,
});

export const vaspsQuery = queryOptions({ queryKey: ['vasps'], queryFn: () => api(API.vasps.list) });

/** One page of the entity's whitelist requests, newest first. */
export const workflowsQuery = (
  entityId: number,
  status: string | null,
  page: { limit: number; offset: number },
) =>
  queryOptions({
    queryKey: ['whitelist-requests', entityId, status, page],
    queryFn: () =>
      api(API.wallet.workflows, {
        payload: { entityId, ...page, ...(status ? { status: status as 'PENDING' } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

export const requestWallet = (entityId: number, input: Omit<z.input<typeof ZWalletRequest>, 'entityId'>) =>
  api(API.wallet.whitelistCreate, { payload: { entityId, ...input } });

export const requestWalletRemoval = (entityId: number, walletId: number) =>
  api(API.wallet.requestRemoval, { payload: { entityId, walletId } });

export const decideRequest = (
  entityId: number,
  requestId: number,
  status: 'APPROVED' | 'REJECTED' | 'CANCELLED',
  reason?: string,
) =>
  api(API.requests.statusUpdate, { payload: { entityId, requestId, status, ...(reason ? { reason } : {}) } });
