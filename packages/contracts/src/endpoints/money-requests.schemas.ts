import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums';
import { NETWORK_CODES } from '../networks';
import { ZAmount } from './money.schemas';
import { ZRequestView } from './requests.schemas';

const id = z.number().int().positive();
const entityId = id.optional();
const asset = z.string().regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');
const common = {
  entityId,
  accountId: id,
  asset,
  amount: ZAmount,
  reference: z.string().trim().max(100).optional(),
  memo: z.string().trim().max(500).optional(),
};

export const ZFiatDepositRequest = z.strictObject({ ...common });
export const ZCryptoDepositRequest = z.strictObject({
  ...common,
  network: z.enum(NETWORK_CODES),
  /** The hash of the transaction the funds were sent with. */
  transactionHash: z.string().trim().min(10).max(128),
});
export const ZFiatWithdrawalRequest = z.strictObject({ ...common, bankInfoId: id });
export const ZCryptoWithdrawalRequest = z.strictObject({ ...common, walletId: id });
export const ZInternalTransferRequest = z.strictObject({
  entityId,
  fromAccountId: id,
  toAccountId: id,
  asset,
  amount: ZAmount,
  memo: z.string().trim().max(500).optional(),
});

export const MONEY_REQUEST_TYPES = ['WITHDRAWAL', 'DEPOSIT', 'INTERNAL TRANSFER'] as const;
export const ZRequestList = z.strictObject({
  entityId,
  type: z.enum(MONEY_REQUEST_TYPES).optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  asset: asset.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(999).default(10),
  offset: z.number().int().min(0).default(0),
});
/** Section 3: the pending requests query (the web asks with limit 999, offset 0). */
export const ZPendingRequests = z.strictObject({
  entityId,
  limit: z.number().int().min(1).max(999).default(999),
  offset: z.number().int().min(0).default(0),
});
export const ZRequestPage = z.object({ items: z.array(ZRequestView), total: z.number() });
export const ZTransactionHash = z.strictObject({
  entityId,
  requestId: id,
  transactionHash: z.string().trim().min(10).max(128),
});
export const ZFileProofRef = z.strictObject({ entityId, requestId: id });
