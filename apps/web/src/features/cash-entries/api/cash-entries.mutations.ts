import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import type { TCashEntry } from '@clearway/contracts/endpoints/money.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { balanceKeys } from '../../accounts/api/accounts.keys';
import { cashEntryKeys } from './cash-entries.keys';

/** A historic entry as its contract row takes it (checked with the row's schema by the form). */
export type BookedEntry =
  | { type: 'DEPOSIT' | 'WITHDRAWAL'; body: BodyOf<typeof API.cashEntry.deposit> }
  | { type: 'INTERNAL_TRANSFER'; body: BodyOf<typeof API.cashEntry.internalTransfer> };

/**
 * Books a historic cash entry under its Idempotency-Key: a deposit to or a withdrawal from
 * an account, or an internal transfer between two.
 */
function bookCashEntry(entry: BookedEntry, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  switch (entry.type) {
    case 'INTERNAL_TRANSFER':
      return api(API.cashEntry.internalTransfer, { payload: entry.body, headers });
    case 'DEPOSIT':
      return api(API.cashEntry.deposit, { payload: entry.body, headers });
    case 'WITHDRAWAL':
      return api(API.cashEntry.withdrawal, { payload: entry.body, headers });
  }
}

/** Books an entry at `entityId` (one per Idempotency-Key); its balances and history refresh after. */
export function useBookCashEntry(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { entry: BookedEntry; idempotencyKey: string }) =>
      bookCashEntry(v.entry, v.idempotencyKey),
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
