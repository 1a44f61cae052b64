import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import type { TWhitelistRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { inboxKeys } from '../../approvals/api/inbox.keys';
import { bankInfoKeys, vaspKeys, walletKeys, whitelistRequestKeys } from './whitelist.keys';

/** A request for an approver: the whitelist requests refresh (the destination is not usable yet). */
function useRequestsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: whitelistRequestKeys.all });
}

/** Asks for a wallet to be whitelisted (a WALLET ADDRESS request). */
export function useRequestWallet() {
  const onSuccess = useRequestsRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.wallet.whitelistCreate>) =>
      api(API.wallet.whitelistCreate, { payload: body }),
    onSuccess,
  });
}

/** Asks for a bank account to be whitelisted (a BANK ACCOUNT request). */
export function useRequestBankAccount() {
  const onSuccess = useRequestsRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.bankInfo.whitelistCreate>) =>
      api(API.bankInfo.whitelistCreate, { payload: body }),
    onSuccess,
  });
}

/** Asks for a whitelisted wallet to be removed (a request for an approver). */
export function useRequestWalletRemoval(entityId: number) {
  const onSuccess = useRequestsRefresh();
  return useMutation({
    mutationFn: (walletId: number) => api(API.wallet.requestRemoval, { payload: { entityId, walletId } }),
    onSuccess,
  });
}

/** Renames a wallet or changes its tag/memo. */
export function useEditWallet(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<BodyOf<typeof API.wallet.update>, 'entityId'>) =>
      api(API.wallet.update, { payload: { entityId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.entity(entityId) }),
  });
}

/** Says what kind of wallet one is (the travel rule needs it). */
export function useSetWalletType(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<BodyOf<typeof API.wallet.updateType>, 'entityId'>) =>
      api(API.wallet.updateType, { payload: { entityId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.entity(entityId) }),
  });
}

/**
 * Approves or rejects a whitelist request (a rejection with its reason): the requests and the inbox refresh,
 * and so do the wallets and bank accounts an approval whitelists or removes.
 */
export function useDecideWhitelistRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { request: TWhitelistRequestView; status: 'APPROVED' | 'REJECTED'; reason?: string }) =>
      api(API.requests.statusUpdate, {
        payload: {
          entityId: v.request.entityId,
          requestId: v.request.id,
          status: v.status,
          ...(v.reason ? { reason: v.reason } : {}),
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: whitelistRequestKeys.all });
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      await queryClient.invalidateQueries({ queryKey: bankInfoKeys.all });
    },
  });
}

export function useCreateVasp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.vasps.create>) => api(API.vasps.create, { payload: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vaspKeys.all }),
  });
}

export function useDeleteVasp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.vasps.delete>) => api(API.vasps.delete, { payload: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vaspKeys.all }),
  });
}
