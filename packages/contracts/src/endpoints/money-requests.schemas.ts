import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums';
import { NETWORK_CODES } from '../networks';
import { text, trimmed, ZAmount, ZBigId, ZDate, ZId, ZOffset } from '../primitives';
import { ZRequestView } from './requests.schemas';

const id = ZId;
const entityId = id.optional();
const asset = text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');
const common = {
  entityId,
  accountId: id,
  asset,
  amount: ZAmount,
  reference: trimmed(100).optional(),
  memo: trimmed(500).optional(),
};

export const ZFiatDepositRequest = z.strictObject({ ...common });
export const ZCryptoDepositRequest = z.strictObject({
  ...common,
  network: z.enum(NETWORK_CODES),
  /** The hash of the transaction the funds were sent with. */
  transactionHash: trimmed(128).min(10),
});
export const ZFiatWithdrawalRequest = z.strictObject({ ...common, bankInfoId: id });
export const ZCryptoWithdrawalRequest = z.strictObject({ ...common, walletId: id });
export const ZInternalTransferRequest = z.strictObject({
  entityId,
  fromAccountId: id,
  toAccountId: id,
  asset,
  amount: ZAmount,
  memo: trimmed(500).optional(),
});

export const MONEY_REQUEST_TYPES = ['WITHDRAWAL', 'DEPOSIT', 'INTERNAL TRANSFER'] as const;
export const ZRequestList = z.strictObject({
  entityId,
  type: z.enum(MONEY_REQUEST_TYPES).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  asset: asset.optional(),
  /** One account's requests: those moving money from it, and the transfers to it. */
  accountId: id.optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(999).default(10),
  offset: ZOffset,
});
/** Section 3: the pending requests query (the web asks with limit 999, offset 0). */
export const ZPendingRequests = z.strictObject({
  entityId,
  limit: z.number().int().min(1).max(999).default(999),
  offset: ZOffset,
});
export const ZRequestPage = z.object({ items: z.array(ZRequestView), total: z.number() });
export const ZTransactionHash = z.strictObject({
  entityId,
  requestId: ZBigId,
  transactionHash: trimmed(128).min(10),
});
export const ZFileProofRef = z.strictObject({ entityId, requestId: ZBigId });

/** Where a withdrawal goes, frozen into its payload when it is requested. */
export const ZBankDestination = z.strictObject({
  bankInfoId: z.number(),
  bankName: z.string(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bic: z.string(),
  beneficiaryName: z.string(),
});
export const ZWalletDestination = z.strictObject({
  walletId: z.number(),
  network: z.string(),
  address: z.string(),
  tagMemo: z.string().nullable(),
  friendlyName: z.string(),
});

/**
 * The frozen payload of a money request (`TRequestView.payload` for DEPOSIT, WITHDRAWAL and
 * INTERNAL TRANSFER): what approvers decide on, and what approval moves.
 */
export const ZMoneyRequestPayload = z.strictObject({
  kind: z.enum(['fiat', 'crypto']).optional(),
  accountId: z.number(),
  toAccountId: z.number().optional(),
  /** An internal transfer's target as the requester saw it (named, not just numbered). */
  toAccountName: z.string().optional(),
  toEntityName: z.string().optional(),
  asset: z.string(),
  amount: z.string(),
  network: z.string().optional(),
  transactionHash: z.string().optional(),
  reference: z.string().optional(),
  memo: z.string().optional(),
  destination: z.union([ZBankDestination, ZWalletDestination]).optional(),
});
export type TMoneyRequestPayload = z.infer<typeof ZMoneyRequestPayload>;

/** A money request's payload read through its contract; null when it is not one. */
export function moneyPayloadOf(r: { payload: Record<string, unknown> }): TMoneyRequestPayload | null {
  const parsed = ZMoneyRequestPayload.safeParse(r.payload);
  return parsed.success ? parsed.data : null;
}
