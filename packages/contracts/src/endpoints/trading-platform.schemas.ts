import { z } from 'zod';
import { text, trimmed, ZId } from '../primitives';

const acting = { entityId: ZId.optional() };
const loginName = trimmed(64)
  .min(3, 'Use at least 3 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only');

export const TRADING_USER_STATUSES = ['active', 'suspended'] as const;

/** A user's account on the trading platform behind the portal (the spec's "celer user"). */
export const ZTradingPlatformUser = z.object({
  id: z.number(),
  userId: z.string(),
  username: z.string(),
  entityId: z.number(),
  entityName: z.string(),
  loginName: z.string(),
  status: z.enum(TRADING_USER_STATUSES),
  /** The trading accounts the login may trade on. */
  accounts: z.array(z.string()),
  updatedAt: z.string(),
});
export type TTradingPlatformUser = z.output<typeof ZTradingPlatformUser>;

export const ZTradingUserDetailsRequest = z.strictObject({ ...acting, userId: text(36).uuid('Pick a user') });
export const ZTradingUserUpdate = z.strictObject({
  ...acting,
  userId: text(36).uuid('Pick a user'),
  loginName,
  status: z.enum(TRADING_USER_STATUSES).default('active'),
  accounts: z.array(trimmed(64).min(1)).max(50).default([]),
});
/** Section 7: the body carries `userName` and `id` (the trading-platform user's id). */
export const ZTradingPasswordReset = z.strictObject({ ...acting, userName: trimmed(64).min(1), id: ZId });
export const ZTradingEntityRequest = z.strictObject({ entityId: ZId });

/** An entity's trading-platform account properties. */
export const ZAccountProperties = z.object({
  entityId: z.number(),
  leverage: z.number(),
  tradingEnabled: z.boolean(),
  allowedInstruments: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export const ZAccountPropertiesUpdate = z.strictObject({
  entityId: ZId,
  leverage: z.number().int().min(1, 'must be at least 1').max(500, 'must be at most 500'),
  tradingEnabled: z.boolean(),
  allowedInstruments: z.array(trimmed(32).min(1)).max(500).default([]),
});
