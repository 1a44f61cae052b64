import { z } from 'zod';
import { ACCOUNT_TYPES, ASSET_CLASSES } from '../enums';
import { text, trimmed, withDateRange, ZAmount, ZDate, ZId, ZOffset } from '../primitives';
import { ZEquity } from './pnl.schemas';

export { ZAmount };
/** A signed balance figure, exact. */
export const ZDecimal = z.string();
const id = ZId;
const entityId = id.optional();
const asset = text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');

export const ZCurrency = z.object({
  code: z.string(),
  name: z.string(),
  digitalAssetName: z.string().nullable(),
  scale: z.number(),
  assetClass: z.enum(ASSET_CLASSES),
});
export const ZCodeNames = z.array(z.object({ code: z.string(), name: z.string() }));

export const ZAccount = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  bankId: z.number().nullable(),
  entityId: z.number(),
  entityName: z.string(),
  accountCode: z.string().nullable(),
  ibanCode: z.string().nullable(),
  swiftCode: z.string().nullable(),
  currencyCode: z.string().nullable(),
  active: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountList = z.strictObject({
  entityId,
  sortMode: z.enum(['name', 'type', 'created']).default('name'),
  /** Also the accounts of every entity below the selected one. */
  allAccessible: z.boolean().default(false),
});
/** The new-account draft of section 3. */
export const ZCreateAccount = z.strictObject({
  entityId,
  accountType: z.enum(ACCOUNT_TYPES, 'Pick an account type'),
  accountName: trimmed(100).min(1, 'Enter a name'),
  ibanCode: trimmed(42).optional(),
  accountCode: trimmed(50).optional(),
  currencyId: text(10)
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  swiftCode: trimmed(11).optional(),
  parentId: id.optional(),
  bankId: id.optional(),
});
export const ZAccountRef = z.strictObject({ entityId, accountId: id });
export const ZUpdateAccount = z.strictObject({
  entityId,
  accountId: id,
  accountName: trimmed(100).min(1).optional(),
  accountCode: trimmed(50).optional(),
  active: z.boolean().optional(),
});

export const ZBalance = z.object({
  accountId: z.number(),
  accountName: z.string(),
  accountType: z.string(),
  entityId: z.number(),
  asset: z.string(),
  scale: z.number(),
  posted: ZDecimal,
  held: ZDecimal,
  available: ZDecimal,
});
export type TBalance = z.infer<typeof ZBalance>;
export const ZBalancesRequest = z.strictObject({ entityId, allAccessible: z.boolean().default(false) });
export const ZEntityScope = z.strictObject({ entityId });

export const ZAssetTotal = z.object({
  asset: z.string(),
  scale: z.number(),
  posted: ZDecimal,
  held: ZDecimal,
  available: ZDecimal,
});
export const ZBaseCurrency = z.object({
  baseCurrency: z.string(),
  total: ZDecimal,
  asOf: z.string().nullable(),
  lines: z.array(z.object({ asset: z.string(), available: ZDecimal, rate: ZDecimal, value: ZDecimal })),
  /** Assets held without a rate to the base currency: left out of the total. */
  missingRates: z.array(z.string()),
});
export type TBaseCurrency = z.infer<typeof ZBaseCurrency>;
export const ZSummary = z.object({
  entityId: z.number(),
  accounts: z.number(),
  assets: z.array(ZAssetTotal),
  baseCurrency: ZBaseCurrency,
  /** Balance (posted, in the base currency) plus the unrealised P&L of open positions and undelivered trades. */
  equity: ZEquity,
  /** Initial margin, free margin, margin level and the margin-call flag, in the base currency (entity/margin-requirements). */
  margin: z
    .object({
      initialMargin: ZDecimal,
      freeMargin: ZDecimal,
      marginLevelPct: ZDecimal.nullable(),
      marginCall: z.boolean(),
    })
    .optional(),
});
export type TSummary = z.infer<typeof ZSummary>;

export const ZCashEntryCommon = {
  entityId,
  asset,
  amount: ZAmount,
  valueDate: ZDate,
  reference: trimmed(100).optional(),
  memo: trimmed(500).optional(),
};
export const ZCashMovement = z.strictObject({ ...ZCashEntryCommon, accountId: id });
export const ZCashTransfer = z.strictObject({ ...ZCashEntryCommon, fromAccountId: id, toAccountId: id });
export const ZCashEntry = z.object({
  id: z.number(),
  type: z.enum(['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER']),
  entityId: z.number(),
  accountId: z.number(),
  counterAccountId: z.number().nullable(),
  asset: z.string(),
  amount: ZDecimal,
  valueDate: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  transactionId: z.number(),
  /** The money request this movement completed; null for a back-office booking. */
  requestId: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TCashEntry = z.infer<typeof ZCashEntry>;
/** A back-office booking undone by staff: a new, opposite entry — never an edit of the first. */
export const ZCashReversal = z.strictObject({
  entityId,
  cashEntryId: id,
  reason: trimmed(500, 'Keep the reason under 500 characters').min(
    3,
    'Say why the entry is reversed (at least 3 characters)',
  ),
});
/** The reversing entry: the original's accounts and asset, the amount negated. */
export const ZCashReversalEntry = ZCashEntry.extend({ reversesEntryId: z.number() });
const ZCashEntryListFields = z.strictObject({
  entityId,
  type: z.enum(['DEPOSIT', 'WITHDRAWAL', 'INTERNAL_TRANSFER']).optional(),
  asset: asset.optional(),
  /** One account's entries: those booked to it and the transfers it sent or received. */
  accountId: id.optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
  sort: z.enum(['createdAt', 'amount', 'valueDate']).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.number().int().min(1).max(500).default(10),
  offset: ZOffset,
});
export const ZCashEntryList = withDateRange(ZCashEntryListFields);
/** A cash entry in the history, with the names an operator reads it by. */
export const ZCashEntryRow = ZCashEntry.extend({
  accountName: z.string(),
  entityName: z.string(),
  /** Where an internal transfer went. */
  counterAccountName: z.string().nullable(),
  /** The entry this one reverses, when it is a reversal. */
  reversesEntryId: z.number().nullable(),
  /** The entry that reversed this one, once reversed. */
  reversedByEntryId: z.number().nullable(),
});
export type TCashEntryRow = z.infer<typeof ZCashEntryRow>;
export const ZCashEntryPage = z.object({ items: z.array(ZCashEntryRow), total: z.number() });
export const ZChildrenSummary = z.array(
  z.object({ entityId: z.number(), entityName: z.string(), assets: z.array(ZAssetTotal) }),
);
