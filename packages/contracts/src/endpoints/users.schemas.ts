import { z } from 'zod';
import { SCOPE_TYPES } from '../authorization';
import { PERMISSION_KEYS } from '../permissions';
import { text, trimmed, ZId, ZOffset } from '../primitives';

/** The selected entity the web sends with every call; the guard checks the caller there. */
const acting = { entityId: ZId.optional() };
const userId = text(36).uuid('Pick a user');
const username = trimmed(64)
  .min(3, 'Use at least 3 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only');
const email = trimmed(254).email('Enter an e-mail address such as name@example.com');
const displayName = trimmed(100).min(1, 'Enter a name');

export const USER_STATUSES = ['active', 'disabled'] as const;
export const TWO_FACTOR_STATES = ['enabled', 'pending'] as const;
export const USER_SORTS = ['username', 'displayName', 'lastLoginAt', 'createdAt'] as const;

export const ZUserListRequest = z.strictObject({
  ...acting,
  status: z.enum(USER_STATUSES).optional(),
  twoFactor: z.enum(TWO_FACTOR_STATES).optional(),
  roleId: ZId.optional(),
  search: trimmed(100).optional(),
  sortBy: z.enum(USER_SORTS).default('username'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  limit: z.number().int().min(1).max(100).default(10),
  offset: ZOffset,
  /** SSO links come only when asked (section 6: only with canManageUser). */
  withSso: z.boolean().default(false),
});

export const ZUserSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** A new address waiting for its owner to confirm it through the mailed link (null: none). */
  pendingEmail: z.string().nullable(),
  homeEntityId: z.number(),
  homeEntityName: z.string(),
  status: z.enum(USER_STATUSES),
  twoFactorRequired: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Locked by the sign-in throttle until this time (null: not locked). */
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** The user has not set a password yet (invited). */
  invited: z.boolean(),
  /** The user's own roles (not through a group), with the entity each is held on. */
  roles: z.array(z.object({ id: z.number(), name: z.string(), entityId: z.number() })),
  /** Roles the user holds through its groups (each named with the group giving it). */
  groupRoles: z.array(z.object({ id: z.number(), name: z.string(), groupName: z.string() })),
  /** Keys granted to the user directly, each with the entity and scope it was granted on. */
  directPermissions: z.array(
    z.object({
      id: z.number(),
      key: z.enum(PERMISSION_KEYS),
      entityId: z.number(),
      entityName: z.string(),
      scopeType: z.enum(SCOPE_TYPES),
    }),
  ),
  ssoLinks: z.array(z.object({ id: z.number(), issuer: z.string(), subject: z.string() })).optional(),
});
export type TUserSummary = z.output<typeof ZUserSummary>;
export const ZUserPage = z.object({ items: z.array(ZUserSummary), total: z.number() });

export const ZUserPickRequest = z.strictObject({ ...acting, search: trimmed(100).optional() });
export const ZUserPick = z.array(
  z.object({ id: z.string(), username: z.string(), displayName: z.string(), homeEntityName: z.string() }),
);

/** A new portal user: invited by e-mail to set a password (the link is sent through the outbox). */
export const ZCreateUser = z.strictObject({
  ...acting,
  username,
  email,
  displayName,
  /** The entity the user belongs to: the acting entity or one below it. */
  homeEntityId: ZId,
  twoFactorRequired: z.boolean().default(true),
});
export const ZCreateUserViaTemplate = z.strictObject({
  ...acting,
  templateId: ZId,
  username,
  email,
  displayName,
});
export const ZUpdateUser = z.strictObject({
  ...acting,
  userId,
  displayName: displayName.optional(),
  email: email.optional(),
  twoFactorRequired: z.boolean().optional(),
  /** Disabling ends the user's sessions, bearer tokens and API keys on their next call. */
  status: z.enum(USER_STATUSES).optional(),
  /** Lifts a sign-in lock left by the throttle. */
  unlock: z.literal(true).optional(),
  /**
   * Sends a fresh one-time set-password link — only to a user who has never set a password
   * (409 otherwise: they use "Forgot password").
   */
  resendInvite: z.literal(true).optional(),
});
export const ZAssignUser = z.strictObject({ ...acting, userId, groupIds: z.array(ZId) });
/** A 2FA reset ends the user's sessions and bearer tokens; the reason goes into the audit trail. */
export const ZUserTwoFactor = z.strictObject({
  ...acting,
  userId,
  action: z.literal('reset'),
  reason: trimmed(500).min(1, 'Give the reason for the reset'),
});

/** The link mailed to a new e-mail address: the change happens when it is used (once, before it expires). */
export const ZConfirmEmail = z.strictObject({
  token: text(200).min(1, 'This confirmation link is incomplete'),
});

export const ZPrincipalRole = z.strictObject({ roleId: ZId, scopeType: z.enum(SCOPE_TYPES) });
/** The principal's roles on the acting entity (replacing those it had there). */
export const ZUserRoles = z.strictObject({ ...acting, userId, roles: z.array(ZPrincipalRole) });

export const ZUserTemplate = z.object({
  id: z.number(),
  name: z.string(),
  homeEntityId: z.number(),
  homeEntityName: z.string(),
  groupIds: z.array(z.number()),
  roles: z.array(z.object({ roleId: z.number(), scopeType: z.enum(SCOPE_TYPES) })),
  twoFactorRequired: z.boolean(),
});
export const ZCreateUserTemplate = z.strictObject({
  ...acting,
  name: displayName,
  homeEntityId: ZId,
  groupIds: z.array(ZId).default([]),
  roles: z.array(ZPrincipalRole).default([]),
  twoFactorRequired: z.boolean().default(true),
});
export const ZUserTemplatesRequest = z.strictObject({ ...acting });

export const ZUserMessage = z.object({ message: z.string() });

/** Effective access of one principal: per entity its keys and, for each, what gives it. */
export const ZEffectiveAccessRequest = z.strictObject({
  ...acting,
  principal: z.strictObject({ kind: z.enum(['user', 'apiKey']), id: text(36).uuid() }),
});
export const ZGrantSource = z.object({
  via: z.enum(['group', 'role', 'direct']),
  /** "Group Treasury (role Payments) at Aurora Markets, descendants". */
  label: z.string(),
});
export const ZEffectiveAccess = z.array(
  z.object({
    entityId: z.number(),
    entityName: z.string(),
    permissions: z.array(
      z.object({ key: z.enum(PERMISSION_KEYS), child: z.boolean(), sources: z.array(ZGrantSource) }),
    ),
  }),
);
