import { z } from 'zod';
import { CEILING_KIND_LABELS, CEILING_KINDS } from '../endpoints/limits.schemas';
import { ZId } from '../primitives';
import { defineRequestType } from './request-type';

/**
 * A change of an entity's own ceiling (limits module): applied only once another person —
 * holding system_management there, never the requester, never one of the entity's own users
 * — approves it. `maximum: null` removes the entity's own ceiling (the inherited one applies).
 */
export const limitRequest = defineRequestType({
  type: 'LIMIT',
  label: 'Limit',
  approveKey: 'system_management',
  payload: z.strictObject({
    kind: z.enum(CEILING_KINDS),
    /** The asset bounded in its units; null: the value ceiling on every asset, in `currency`. */
    ceilingAsset: z.string().nullable(),
    maximum: z.string().nullable(),
    currency: z.string(),
    /** What was in force at the entity when asked (with where it came from), for the approver. */
    current: z.string(),
  }),
  fields: {
    kind: { label: 'Ceiling', values: CEILING_KIND_LABELS },
    ceilingAsset: { label: 'Asset (empty: every asset, by value)' },
    maximum: { label: 'New maximum (empty: the inherited one)', amountOf: 'currency' },
    currency: { label: 'Currency' },
    current: { label: 'In force now' },
  },
});

const ENTRY_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER'] as const;

/**
 * A back-office cash entry above its ceiling: booked, as it was asked, only when another
 * person approves it — approve_deposit there (and approve_withdrawal for money leaving an
 * account), never the maker, never one of the account owner's own users.
 */
export const largeCashEntryRequest = defineRequestType({
  type: 'LARGE CASH ENTRY',
  label: 'Large Cash Entry',
  approveKey: 'approve_deposit',
  payload: z.strictObject({
    type: z.enum(ENTRY_TYPES),
    accountId: ZId,
    counterAccountId: ZId.nullable(),
    asset: z.string(),
    amount: z.string(),
    valueDate: z.string(),
    reference: z.string().nullable(),
    memo: z.string().nullable(),
    /** The ceiling it is above, as the maker was told. */
    ceiling: z.string(),
  }),
  fields: {
    type: {
      label: 'Entry',
      values: { DEPOSIT: 'Deposit', WITHDRAWAL: 'Withdrawal', INTERNAL_TRANSFER: 'Internal transfer' },
    },
    accountId: { label: 'Account', id: true },
    counterAccountId: { label: 'To account', id: true },
    asset: { label: 'Asset' },
    amount: { label: 'Amount', amountOf: 'asset' },
    valueDate: { label: 'Value date' },
    reference: { label: 'Reference' },
    memo: { label: 'Memo' },
    ceiling: { label: 'Above the ceiling' },
  },
});
