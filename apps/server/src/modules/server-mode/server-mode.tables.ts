import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row (id = 1): platform-wide switches every server instance reads. */
export const serverSettings = pgTable(
  'server_settings',
  {
    id: integer('id').primaryKey().default(1),
    maintenance: boolean('maintenance').notNull().default(false),
    maintenanceMessage: text('maintenance_message'),
    maintenanceSince: timestamp('maintenance_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('server_settings_singleton', sql`${t.id} = 1`)],
);
