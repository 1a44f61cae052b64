import { z } from 'zod';
import { SCOPE_TYPES } from '../authorization';
import { PERMISSION_KEYS } from '../permissions';
import { text, trimmed, ZDate, ZId, ZIdParam } from '../primitives';
import { ZPrincipalRole } from './users.schemas';

const acting = { entityId: ZId.optional() };
const apiKeyId = text(36).uuid('Pick an API key');

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4, 6 or 0 (not an address); runs in the browser too, so no node:net. */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (IPV4.test(s)) return 4;
  if (!s.includes(':') || /[^0-9a-fA-F:.]/.test(s)) return 0;
  try {
    new URL(`http://[${s}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** `203.0.113.0/24`, `2001:db8::/32` or a single address. */
export function cidrProblem(s: string): string | null {
  const [addr, bits, extra] = s.split('/');
  const family = ipFamily(addr ?? '');
  if (!family || extra !== undefined) return 'must be an IP address or a CIDR range such as 203.0.113.0/24';
  if (bits === undefined) return null;
  const max = family === 4 ? 32 : 128;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= max ? null : `the prefix length must be between 0 and ${max}`;
}
export const ZCidr = text(50).superRefine((s, ctx) => {
  const problem = cidrProblem(s.trim());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const ZApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  homeEntityId: z.number(),
  homeEntityName: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  allowedCidrs: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  groupIds: z.array(z.number()),
  roles: z.array(z.object({ roleId: z.number(), scopeType: z.enum(SCOPE_TYPES) })),
  directPermissions: z.array(z.object({ key: z.enum(PERMISSION_KEYS), scopeType: z.enum(SCOPE_TYPES) })),
});
export type TApiKeyView = z.output<typeof ZApiKeyView>;

export const ZApiKeyList = z.strictObject({ entityId: ZIdParam.optional() });

export const ZCreateApiKey = z.strictObject({
  ...acting,
  name: trimmed(100).min(1, 'Enter a name'),
  /**
   * The last day the key works (it stops at the end of that day, UTC). Required: at most
   * API_KEY_MAX_DAYS ahead, and for a key made by a key no later than that key's own expiry.
   */
  expiresOn: ZDate,
  /** Empty: any address. A key made by a key lies within its maker's allow-list. */
  allowedCidrs: z.array(ZCidr).max(50).default([]),
});
/** The secret is in this answer only; afterwards the prefix identifies the key. */
export const ZCreatedApiKey = z.object({ key: z.string(), apiKey: ZApiKeyView });

export const ZApiKeyGroups = z.strictObject({ ...acting, apiKeyId, groupIds: z.array(ZId) });
export const ZApiKeyRoles = z.strictObject({ ...acting, apiKeyId, roles: z.array(ZPrincipalRole) });
export const ZApiKeyDirect = z.strictObject({
  ...acting,
  apiKeyId,
  permissions: z.array(z.strictObject({ key: z.enum(PERMISSION_KEYS), scopeType: z.enum(SCOPE_TYPES) })),
});
export const ZApiKeyUpdate = z.strictObject({
  ...acting,
  apiKeyId,
  name: trimmed(100).min(1, 'Enter a name').optional(),
  /** A key always expires: a new last day within the same bounds as at creation. */
  expiresOn: ZDate.optional(),
  allowedCidrs: z.array(ZCidr).max(50).optional(),
});
export const ZRevokeApiKey = z.strictObject({ ...acting, apiKeyId });
