import { REQUIRE_2FA_VALUES } from '@clearway/contracts/enums';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { users } from '../users/users.tables';

export const require2faEnum = pgEnum('require_2fa', REQUIRE_2FA_VALUES);

/** Server-side sessions. The id is the SHA-256 of the cookie's token, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    require2fa: require2faEnum('require_2fa').notNull(),
    via: text('via').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Guesses at a password or TOTP code per account and per IP in the current window, shared
 * by every server instance: counted before the secret is checked, given back when right.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Partners allowed to sign users in with a signed token (?ssoToken=…). */
export const ssoLinks = pgTable('sso_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull().unique(),
  audience: text('audience').notNull(),
  /** The partner's public key as a JWK (JSON). */
  publicJwk: text('public_jwk').notNull(),
  algorithms: text('algorithms').array().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SSO token ids already used: a token signs in once. */
export const ssoUsedTokens = pgTable(
  'sso_used_tokens',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => ssoLinks.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.jti] })],
);

/** API keys: shown once, stored as a hash; the prefix finds the row. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  homeEntityId: integer('home_entity_id')
    .notNull()
    .references(() => entities.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  lastUsedIp: text('last_used_ip'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** After this instant the key authenticates nobody (401). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** CIDR ranges a call must come from (empty: anywhere); checked on every call (403, audited). */
  allowedCidrs: text('allowed_cidrs').array().notNull().default([]),
});

/** An external identity (issuer + subject; Entra: `ms-entra` + object id) that is a user. */
export const userSsoLinks = pgTable(
  'user_sso_links',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_sso_links_identity_idx').on(t.issuer, t.subject),
    index('user_sso_links_user_idx').on(t.userId),
  ],
);

/**
 * A pending corporate sign-in: the OIDC state, nonce and PKCE verifier, bound to the
 * browser that started it by the hash of a cookie value. Used once, within minutes.
 */
export const oidcLogins = pgTable('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  bindingHash: text('binding_hash').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** The authorization response (code, state, iss) the IdP posted back. */
  response: text('response'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
