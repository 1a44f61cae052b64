import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';

export const userStatusEnum = pgEnum('user_status', ['active', 'disabled']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    homeEntityId: integer('home_entity_id')
      .notNull()
      .references(() => entities.id),
    status: userStatusEnum('status').notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** AES-256-GCM sealed TOTP secret; set once 2FA setup starts. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    twoFactorRequired: boolean('two_factor_required').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    msEntraObjectId: text('ms_entra_object_id'),
    /** Created by an administrator and not yet through the set-password link. */
    invited: boolean('invited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_entra_oid_idx').on(t.msEntraObjectId),
  ],
);

/** Earlier password hashes, so a new password cannot repeat one of the last five. */
export const passwordHistory = pgTable(
  'password_history',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** What a user created from it gets: home entity, groups, roles there, 2FA requirement. */
export const userTemplates = pgTable('user_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  homeEntityId: integer('home_entity_id')
    .notNull()
    .references(() => entities.id),
  groupIds: integer('group_ids').array().notNull().default([]),
  roles: jsonb('roles')
    .$type<{ roleId: number; scopeType: 'SELF' | 'DESCENDANTS' | 'SELF_AND_DESCENDANTS' }[]>()
    .notNull()
    .default([]),
  twoFactorRequired: boolean('two_factor_required').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An e-mail change waiting for the new address to confirm it (one per user: a new change
 * replaces the last). The link's token is kept as a hash; it works once, until `expiresAt`.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_token_idx').on(t.tokenHash)],
);
