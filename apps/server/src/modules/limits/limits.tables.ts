import { CEILING_KINDS } from '@clearway/contracts/endpoints/limits.schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';

/** The asset column of a value ceiling: it bounds every asset, by its value in `currency`. */
export const EVERY_ASSET = '*';

/**
 * An entity's own ceilings: the most one back-office cash entry, or one money request, may
 * move — in an asset's units, or (asset '*') valued in `currency`. An entity without its own
 * inherits the nearest one set above it; none anywhere: the platform default. Rows change
 * only when a 'LIMIT' request is approved (four eyes).
 */
export const ceilings = pgTable(
  'ceilings',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    kind: text('kind', { enum: CEILING_KINDS }).notNull(),
    asset: text('asset').notNull(),
    maximum: numeric('maximum', { precision: 38, scale: 18 }).notNull(),
    currency: text('currency').notNull(),
    /** The approved 'LIMIT' request that set it. */
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.kind, t.asset] }),
    check('ceilings_positive', sql`${t.maximum} > 0`),
    check('ceilings_kind', sql`${t.kind} in ('CASH_ENTRY', 'MONEY_REQUEST')`),
  ],
);
