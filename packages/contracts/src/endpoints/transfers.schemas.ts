import { z } from 'zod';
import { Money } from '../amounts';
import { REQUEST_STATUSES } from '../enums';
import { NETWORK_CODES } from '../networks';
import { decimal, trimmed, withDateRange, ZAmount, ZDate, ZId, ZOffset } from '../primitives';
import { ZAssetCode } from '../request-types/money-request-types';
import { FEE_TIER_MODES, feeTermsProblems } from '../transfer-fees';

const entityId = ZId.optional();
const feeFigure = decimal('Enter an amount such as 5.00');
/** Basis points: 0 to 10 000 (100 %), fractions allowed (12.5 bps). */
const ZBps = decimal('Enter basis points such as 25').refine(
  (v) => !/^\d+(\.\d+)?$/.test(v) || new Money(v).lte(10_000),
  { message: 'must be at most 10000 (100 %)' },
);

export const ZFeeTier = z.strictObject({ upTo: feeFigure.nullable(), fixed: feeFigure, bps: ZBps });

const terms = {
  fixed: feeFigure.default('0'),
  bps: ZBps.default('0'),
  minimum: feeFigure.default('0'),
  maximum: feeFigure.nullable().default(null),
  tierMode: z.enum(FEE_TIER_MODES).default('NONE'),
  tiers: z.array(ZFeeTier).max(20).default([]),
};

/** The terms hold together (tiers rise and end open; the maximum is not below the minimum). */
const coherent = <T extends z.ZodType<Parameters<typeof feeTermsProblems>[0]>>(schema: T) =>
  schema.superRefine((t, ctx) => {
    for (const [field, message] of Object.entries(feeTermsProblems(t) ?? {}))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

/**
 * A new schedule: for an asset (and, for crypto, one network, or every network when
 * absent), effective from a date (at 00:00 UTC; today or absent: from now) until a date
 * (at 00:00 UTC, exclusive; absent: open-ended).
 */
export const ZFeeScheduleCreate = coherent(
  z.strictObject({
    entityId,
    asset: ZAssetCode,
    network: z.enum(NETWORK_CODES).nullable().default(null),
    ...terms,
    effectiveFrom: ZDate.optional(),
    effectiveTo: ZDate.nullable().default(null),
  }),
);
/**
 * New terms for a schedule from `effectiveFrom` (as on creation): a schedule already in
 * force ends there and a new version takes over, so what was charged before never changes;
 * one not yet in force is amended.
 */
export const ZFeeScheduleUpdate = coherent(
  z.strictObject({
    entityId,
    id: ZId,
    ...terms,
    effectiveFrom: ZDate.optional(),
    effectiveTo: ZDate.nullable().default(null),
  }),
);
/** Ends a schedule now (one not yet in force is withdrawn). */
export const ZFeeScheduleDelete = z.strictObject({ entityId, id: ZId });
export const ZFeeScheduleList = z.strictObject({ entityId, asset: ZAssetCode.optional() });

export const ZFeeSchedule = z.object({
  id: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  asset: z.string(),
  network: z.string().nullable(),
  fixed: z.string(),
  bps: z.string(),
  minimum: z.string(),
  maximum: z.string().nullable(),
  tierMode: z.enum(FEE_TIER_MODES),
  tiers: z.array(z.object({ upTo: z.string().nullable(), fixed: z.string(), bps: z.string() })),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  /** The version this one replaced (an update of a schedule in force). */
  supersedesId: z.number().nullable(),
  /** Whether it applies now, applied in the past, or will apply. */
  state: z.enum(['ACTIVE', 'ENDED', 'SCHEDULED']),
  /** Whether it is the selected entity's own or inherited from an entity above it. */
  inherited: z.boolean(),
  description: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TFeeSchedule = z.infer<typeof ZFeeSchedule>;
/** The schedules of the entity and those it inherits, every version (the history of changes). */
export const ZFeeScheduleListResponse = z.object({ items: z.array(ZFeeSchedule) });

/**
 * Where a transfer goes: a whitelisted bank account (fiat) or wallet (crypto) — exactly one,
 * which the server checks after the access guard has placed both ids.
 */
const destination = {
  bankInfoId: ZId.optional(),
  walletId: ZId.optional(),
};
export const ZTransferEstimateRequest = z.strictObject({
  entityId,
  accountId: ZId,
  asset: ZAssetCode,
  amount: ZAmount,
  ...destination,
});
export const ZTransferEstimate = z.object({
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** What the destination receives: the amount less the fee. */
  net: z.string(),
  /** The rule that produced the fee (null: no schedule applies). */
  rule: z
    .object({
      scheduleId: z.number(),
      entityId: z.number(),
      entityName: z.string(),
      description: z.string(),
      bound: z.enum(['MINIMUM', 'MAXIMUM']).nullable(),
    })
    .nullable(),
  available: z.string(),
  availableAfter: z.string(),
  affordable: z.boolean(),
});
export type TTransferEstimate = z.infer<typeof ZTransferEstimate>;

export const ZTransferWithdrawalRequest = z.strictObject({
  entityId,
  accountId: ZId,
  asset: ZAssetCode,
  amount: ZAmount,
  ...destination,
  reference: trimmed(100).optional(),
  memo: trimmed(500).optional(),
});

export const ZTransfer = z.object({
  /** The request the transfer runs as. */
  id: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  accountId: z.number(),
  accountName: z.string().nullable(),
  asset: z.string(),
  amount: z.string(),
  fee: z.string(),
  net: z.string(),
  feeScheduleId: z.number().nullable(),
  status: z.enum(REQUEST_STATUSES),
  kind: z.enum(['fiat', 'crypto']),
  /** The destination as the requester saw it (bank and account, or wallet and address). */
  destination: z.string(),
  reference: z.string().nullable(),
  requesterName: z.string(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type TTransfer = z.infer<typeof ZTransfer>;

export const ZTransferList = withDateRange(
  z.strictObject({
    entityId,
    accountId: ZId.optional(),
    asset: ZAssetCode.optional(),
    status: z.enum(REQUEST_STATUSES).optional(),
    from: ZDate.optional(),
    to: ZDate.optional(),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: z.number().int().min(1).max(999).default(10),
    offset: ZOffset,
  }),
);
export const ZTransferPage = z.object({ items: z.array(ZTransfer), total: z.number() });
export type TTransferPage = z.infer<typeof ZTransferPage>;
