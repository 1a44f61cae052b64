import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';

const figure = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * Transfer fee schedules: an entity's price for payouts of one asset (and, for crypto, one
 * network or all), in force from `effective_from` until `effective_to` (open-ended: null).
 * Terms never change once in force: a change ends the version and starts a new one
 * (`supersedes_id`), so the fee of any past transfer can be told again. Versions of the same
 * entity, asset and network never overlap (the service refuses it under a lock).
 */
export const transferFeeSchedules = pgTable(
  'transfer_fee_schedules',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    asset: text('asset')
      .notNull()
      .references(() => currencies.code),
    network: text('network'),
    fixed: figure('fixed').notNull(),
    bps: numeric('bps', { precision: 12, scale: 6 }).notNull(),
    minimum: figure('minimum').notNull(),
    maximum: figure('maximum'),
    tierMode: text('tier_mode').notNull(),
    /** `[{ upTo, fixed, bps }]`, decimal strings, rising bounds, the last open. */
    tiers: jsonb('tiers').$type<{ upTo: string | null; fixed: string; bps: string }[]>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    effectiveTo: timestamp('effective_to', { withTimezone: true }),
    supersedesId: integer('supersedes_id').references((): AnyPgColumn => transferFeeSchedules.id),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfer_fee_schedules_entity_idx').on(t.entityId, t.asset),
    check(
      'transfer_fee_schedules_period',
      sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`,
    ),
    check('transfer_fee_schedules_tier_mode', sql`${t.tierMode} in ('NONE', 'GRADUATED', 'VOLUME')`),
  ],
);
