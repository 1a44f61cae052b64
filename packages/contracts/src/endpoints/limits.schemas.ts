import { z } from 'zod';
import { text, ZAmount, ZId } from '../primitives';

/**
 * What a ceiling bounds: one back-office cash entry (above it the entry waits for a second
 * person), or one money request — deposit, withdrawal, internal transfer (above it refused).
 */
export const CEILING_KINDS = ['CASH_ENTRY', 'MONEY_REQUEST'] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];
export const CEILING_KIND_LABELS: { readonly [K in CeilingKind]: string } = {
  CASH_ENTRY: 'Single back-office cash entry',
  MONEY_REQUEST: 'Single money request',
};

/**
 * The platform's default when no entity up the line sets a value ceiling: the most one
 * entry or one request may be worth, in this currency (valued at the rate sheet's mid).
 */
export const PLATFORM_DEFAULT_CEILING = { maximum: '10000000', currency: 'USD' } as const;

const asset = text(10, 'Pick an asset').regex(/^[A-Z0-9]{2,10}$/, 'Pick an asset');

/** One ceiling in force at an entity, and where it comes from. */
export const ZCeiling = z.object({
  kind: z.enum(CEILING_KINDS),
  /** The asset it bounds in that asset's units; null: a value ceiling on every asset, in `currency`. */
  asset: z.string().nullable(),
  maximum: z.string(),
  /** The asset itself, or the base currency a value ceiling is measured in. */
  currency: z.string(),
  /** The entity that set it (this one or the nearest above); null: the platform default. */
  setAt: z.number().nullable(),
  setAtName: z.string().nullable(),
});
export type TCeiling = z.infer<typeof ZCeiling>;

/** `limits/list`: the ceilings in force at an entity (its own, inherited, or the platform's). */
export const ZLimitsList = z.strictObject({ entityId: ZId.optional() });

/**
 * `limits/update`: ask for an entity's own ceiling to be set (or, `maximum: null`, removed so
 * the inherited one applies again). Applied only once another person approves the 'LIMIT'
 * request it becomes. `asset: null` asks for the value ceiling, in the entity's base currency.
 */
export const ZLimitUpdate = z.strictObject({
  entityId: ZId.optional(),
  kind: z.enum(CEILING_KINDS),
  asset: asset.nullable(),
  maximum: ZAmount.refine((v) => /[1-9]/.test(v), 'must be more than zero').nullable(),
});

/** A change that waits for another person: the request to decide. */
export const ZPendingChange = z.object({
  pendingRequest: z.object({
    id: z.number(),
    type: z.enum(['LIMIT', 'LARGE CASH ENTRY']),
    requiredApprovals: z.number(),
    message: z.string(),
  }),
});
export type TPendingChange = z.infer<typeof ZPendingChange>;
