import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The entity hierarchy's core (id, name, parent). The Entities issue extends it with the
 * rest of the section 3 fields.
 */
export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => entities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entities_parent_idx').on(t.parentId)],
);
