import { boolean, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { users } from '../users/users.tables';

export const tradingUserStatusEnum = pgEnum('trading_user_status', ['active', 'suspended']);

/** A portal user's login on the trading platform; the portal keeps the record of it. */
export const tradingPlatformUsers = pgTable('trading_platform_users', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  entityId: integer('entity_id')
    .notNull()
    .references(() => entities.id),
  loginName: text('login_name').notNull().unique(),
  status: tradingUserStatusEnum('status').notNull().default('active'),
  accounts: text('accounts').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An entity's account properties on the trading platform. */
export const tradingAccountProperties = pgTable('trading_account_properties', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  leverage: integer('leverage').notNull().default(1),
  tradingEnabled: boolean('trading_enabled').notNull().default(false),
  allowedInstruments: text('allowed_instruments').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
