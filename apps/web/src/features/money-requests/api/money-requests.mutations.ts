import { API } from '@clearway/contracts/endpoint-table';
import type { TMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { inboxKeys } from '../../approvals/api/inbox.keys';
import { cashEntryKeys } from '../../cash-entries/api/cash-entries.keys';
import type { MoneyRequestCall } from '../money-request-draft';
import { moneyRequestKeys } from './money-requests.keys';
import { uploadProof } from './proofs';

/** Sends a checked request to its mode's and kind's row, once per Idempotency-Key. */
function submitMoneyRequest(r: MoneyRequestCall, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  switch (r.call) {
    case 'depositFiat':
      return api(API.requests.depositFiat, { payload: r.body, headers });
    case 'depositCrypto':
      return api(API.requests.depositCrypto, { payload: r.body, headers });
    case 'withdrawalFiat':
      return api(API.requests.withdrawalFiat, { payload: r.body, headers });
    case 'withdrawalCrypto':
      return api(API.requests.withdrawalCrypto, { payload: r.body, headers });
    case 'internalTransfer':
      return api(API.requests.internalTransfer, { payload: r.body, headers });
  }
}

/** Refreshes what a request's creation or decision changes at `entityId`. */
function useRefreshAfterRequest() {
  const queryClient = useQueryClient();
  return async (entityId: number, moved: boolean) => {
    await queryClient.invalidateQueries({ queryKey: moneyRequestKeys.entity(entityId) });
    await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    await queryClient.invalidateQueries({ queryKey: balanceKeys.entity(entityId) });
    if (moved) await queryClient.invalidateQueries({ queryKey: cashEntryKeys.entity(entityId) });
  };
}

/**
 * Creates a deposit, withdrawal or transfer request (one per Idempotency-Key), then uploads
 * its file proof if one was chosen; a refused proof leaves the request made.
 */
export function useSubmitMoneyRequest(entityId: number) {
  const refresh = useRefreshAfterRequest();
  return useMutation({
    mutationFn: (v: { request: MoneyRequestCall; idempotencyKey: string }) =>
      submitMoneyRequest(v.request, v.idempotencyKey),
    onSuccess: () => refresh(entityId, false),
  });
}

/** Uploads a request's one file proof (section 5 checks first). */
export function useUploadProof() {
  return useMutation({
    mutationFn: (v: { request: Pick<TMoneyRequestView, 'id' | 'entityId'>; file: File }) =>
      uploadProof(v.request.id, v.request.entityId, v.file),
  });
}

/**
 * Approves, rejects or cancels a request (with an optional reason); the requests, the
 * balances and the history of the selected entity refresh.
 */
export function useDecideMoneyRequest(entityId: number) {
  const refresh = useRefreshAfterRequest();
  return useMutation({
    mutationFn: (v: {
      request: TMoneyRequestView;
      status: 'APPROVED' | 'REJECTED' | 'CANCELLED';
      reason?: string;
    }) =>
      api(API.requests.statusUpdate, {
        payload: {
          entityId: v.request.entityId,
          requestId: v.request.id,
          status: v.status,
          ...(v.reason ? { reason: v.reason } : {}),
        },
      }),
    onSuccess: () => refresh(entityId, true),
  });
}

/** Completes an approved crypto withdrawal with its on-chain transaction hash. */
export function useAddTransactionHash(entityId: number) {
  const refresh = useRefreshAfterRequest();
  return useMutation({
    mutationFn: (v: { request: TMoneyRequestView; transactionHash: string }) =>
      api(API.requests.uploadTransactionHash, {
        payload: {
          entityId: v.request.entityId,
          requestId: v.request.id,
          transactionHash: v.transactionHash,
        },
      }),
    onSuccess: () => refresh(entityId, true),
  });
}
