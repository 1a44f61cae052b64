import { z } from 'zod';
import { ALLOCATION_GROUP_STATUSES, ALLOCATION_WEIGHTINGS } from '../enums';
import { decimal, trimmed, ZId } from '../primitives';
import { ZTrade } from './trades.schemas';

// Spec sections 1, 6 and 7 "Allocations": an allocation manager's groups of investors, and
// block trades split over them pro rata (trades/fx, trades/cfd).

const entityId = ZId.optional();
const ZFigure = z.string();
const weight = decimal('Enter a weight such as 40 or 0.4').refine((v) => /[1-9]/.test(v), {
  message: 'must be greater than zero',
});
const priority = z
  .number('Enter a whole number such as 1')
  .int('Enter a whole number such as 1')
  .min(1, 'Enter a whole number from 1')
  .max(1000, 'Enter a whole number up to 1000')
  .nullable()
  .optional();

export const ZAllocationGroupStatus = z.enum(ALLOCATION_GROUP_STATUSES, 'Pick Active, Suspended or Closed');
export const ZAllocationWeighting = z.enum(ALLOCATION_WEIGHTINGS, 'Pick Ratio or Percentage');

/** One investor of a group: an Allocation Investor entity's account, its weight and remainder priority. */
export const ZAllocationInvestor = z.object({
  id: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  weight: ZFigure,
  /** Who gets a remainder unit first (1 before 2; none after every priority). */
  priority: z.number().nullable(),
  /** What share of a block this investor takes now (weight ÷ Σ weights), as a fraction 0–1. */
  share: ZFigure,
});
export type TAllocationInvestor = z.infer<typeof ZAllocationInvestor>;

/** One investor's part of a block: the child trade (once booked) and how it was reached. */
export const ZAllocationChild = z.object({
  investorId: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  accountId: z.number(),
  accountName: z.string(),
  weight: ZFigure,
  priority: z.number().nullable(),
  amount: ZFigure,
  counterAmount: ZFigure,
  /** The exact pro-rata shares before rounding to the currencies' scales. */
  exactAmount: ZFigure,
  exactCounterAmount: ZFigure,
  /** Whether this child took one remainder unit of the amount / of the counter amount. */
  amountRemainder: z.boolean(),
  counterRemainder: z.boolean(),
  tradeId: z.number().nullable(),
  ticket: z.string().nullable(),
  status: z.string().nullable(),
});
export type TAllocationChild = z.infer<typeof ZAllocationChild>;

/** A block trade as allocated: its current children (the run) and when. */
export const ZAllocatedBlock = z.object({
  block: ZTrade,
  run: z.number(),
  allocatedAt: z.string(),
  allocatedBy: z.string(),
  children: z.array(ZAllocationChild),
});
export type TAllocatedBlock = z.infer<typeof ZAllocatedBlock>;

export const ZAllocationGroup = z.object({
  id: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  name: z.string(),
  status: ZAllocationGroupStatus,
  weighting: ZAllocationWeighting,
  /** Σ of the investors' weights (for a percentage group it must be 100 to allocate). */
  totalWeight: ZFigure,
  investors: z.array(ZAllocationInvestor),
  blocks: z.array(ZAllocatedBlock),
  createdAt: z.string(),
});
export type TAllocationGroup = z.infer<typeof ZAllocationGroup>;

export const ZAllocationGroupList = z.strictObject({ entityId });
export const ZAllocationGroups = z.object({ items: z.array(ZAllocationGroup) });
export type TAllocationGroups = z.infer<typeof ZAllocationGroups>;

const name = trimmed(100, 'Keep the name under 100 characters').min(1, 'Enter a group name');

export const ZAllocationGroupCreate = z.strictObject({ entityId, name, weighting: ZAllocationWeighting });
export type TAllocationGroupCreate = z.infer<typeof ZAllocationGroupCreate>;

/** `groups/update` (PATCH): the status, and the name or weighting while no trade is allocated. */
export const ZAllocationGroupUpdate = z.strictObject({
  entityId,
  groupId: ZId,
  name: name.optional(),
  status: ZAllocationGroupStatus.optional(),
  weighting: ZAllocationWeighting.optional(),
});
export type TAllocationGroupUpdate = z.infer<typeof ZAllocationGroupUpdate>;

export const ZAllocationGroupRef = z.strictObject({ entityId, groupId: ZId });
export type TAllocationGroupRef = z.infer<typeof ZAllocationGroupRef>;

export const ZAllocationInvestorAdd = z.strictObject({
  entityId,
  groupId: ZId,
  accountId: ZId,
  weight,
  priority,
});
export type TAllocationInvestorAdd = z.infer<typeof ZAllocationInvestorAdd>;

export const ZAllocationInvestorUpdate = z.strictObject({
  entityId,
  groupId: ZId,
  investorId: ZId,
  weight: weight.optional(),
  priority,
});
export type TAllocationInvestorUpdate = z.infer<typeof ZAllocationInvestorUpdate>;

/**
 * Removing an investor: refused while it holds open allocated trades, unless `reallocate` —
 * then, in the same transaction, every block it holds an open child of is reprocessed over
 * the investors that remain.
 */
export const ZAllocationInvestorRemove = z.strictObject({
  entityId,
  groupId: ZId,
  investorId: ZId,
  reallocate: z.boolean().default(false),
});
export type TAllocationInvestorRemove = z.input<typeof ZAllocationInvestorRemove>;

/**
 * `trades/fx` and `trades/cfd`: allocate a block trade of the manager's account over the group,
 * or reprocess it with the current weights. `preview` answers the split without booking.
 */
export const ZAllocateTrade = z.strictObject({
  entityId,
  groupId: ZId,
  tradeId: ZId,
  preview: z.boolean().default(false),
});
export type TAllocateTrade = z.input<typeof ZAllocateTrade>;

export const ZAllocationResult = z.object({
  groupId: z.number(),
  block: ZTrade,
  preview: z.boolean(),
  /** False when the block was already allocated exactly so: nothing was booked. */
  changed: z.boolean(),
  run: z.number().nullable(),
  /** The children reprocessing reverses (none on a first allocation). */
  before: z.array(ZAllocationChild),
  after: z.array(ZAllocationChild),
});
export type TAllocationResult = z.infer<typeof ZAllocationResult>;
