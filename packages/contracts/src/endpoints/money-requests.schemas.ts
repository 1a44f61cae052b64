import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums';
import { NETWORK_CODES } from '../networks';
import { trimmed, withDateRange, ZAmount, ZBigId, ZDate, ZId, ZOffset } from '../primitives';
import { ZAssetCode } from '../request-types/money-request-types';
import { ZMoneyRequestItem } from './requests.schemas';

const id = ZId;
const entityId = id.optional();
const asset = ZAssetCode;
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
const ZRequestListFields = z.strictObject({
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
export const ZRequestList = withDateRange(ZRequestListFields);
/** Section 3: the pending requests query (the web asks with limit 999, offset 0). */
export const ZPendingRequests = z.strictObject({
  entityId,
  limit: z.number().int().min(1).max(999).default(999),
  offset: ZOffset,
});
export const ZRequestPage = z.object({ items: z.array(ZMoneyRequestItem), total: z.number() });
export const ZTransactionHash = z.strictObject({
  entityId,
  requestId: ZBigId,
  transactionHash: trimmed(128).min(10),
});
export const ZFileProofRef = z.strictObject({ entityId, requestId: ZBigId });
