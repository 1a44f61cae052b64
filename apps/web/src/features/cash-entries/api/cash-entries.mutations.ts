import { API } from '@clearway/contracts/endpoint-table';
import type { TCashEntry } from '@clearway/contracts/endpoints/money.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { cashEntryKeys } from './cash-entries.keys';

export type BookedEntry = {
  /** One per opened form, so a double submit books once. */
  idempotencyKey: string;
  type: TCashEntry['type'];
  accountId: number;
  /** An internal transfer's receiving account. */
  toAccountId: number;
  asset: string;
  amount: string;
  valueDate: string;
  reference?: string;
};

/**
 * Books a historic cash entry under its Idempotency-Key: a deposit to or a withdrawal from
 * `accountId`, or an internal transfer from it to `toAccountId`.
 */
function bookCashEntry(entityId: number, i: BookedEntry) {
  const headers = { 'Idempotency-Key': i.idempotencyKey };
  const common = {
    entityId,
    asset: i.asset,
    amount: i.amount,
    valueDate: i.valueDate,
    reference: i.reference,
  };
  if (i.type === 'INTERNAL_TRANSFER')
    return api(API.cashEntry.internalTransfer, {
      payload: { ...common, fromAccountId: i.accountId, toAccountId: i.toAccountId },
      headers,
    });
  const call = i.type === 'DEPOSIT' ? API.cashEntry.deposit : API.cashEntry.withdrawal;
  return api(call, { payload: { ...common, accountId: i.accountId }, headers });
}

/** Books an entry at `entityId`; its balances and history refresh after. */
export function useBookCashEntry(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: BookedEntry) => bookCashEntry(entityId, entry),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: balanceKeys.entity(entityId) });
      await queryClient.invalidateQueries({ queryKey: cashEntryKeys.entity(entityId) });
    },
  });
}

const REVERSAL_CALLS = {
  DEPOSIT: API.cashEntry.reverseDeposit,
  WITHDRAWAL: API.cashEntry.reverseWithdrawal,
  INTERNAL_TRANSFER: API.cashEntry.reverseInternalTransfer,
} as const;

export type Reversal = {
  idempotencyKey: string;
  type: TCashEntry['type'];
  cashEntryId: number;
  reason: string;
};

/**
 * Reverses a historic entry with an opposite one, saying why. Every entity's balances and
 * history refresh: the entry may sit at an entity below the one selected.
 */
export function useReverseCashEntry(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: Reversal) =>
      api(REVERSAL_CALLS[r.type], {
        payload: { entityId, cashEntryId: r.cashEntryId, reason: r.reason },
        headers: { 'Idempotency-Key': r.idempotencyKey },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: balanceKeys.all });
      await queryClient.invalidateQueries({ queryKey: cashEntryKeys.all });
    },
  });
}
