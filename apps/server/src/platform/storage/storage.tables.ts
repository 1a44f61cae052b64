import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The PostgreSQL storage driver's objects (STORAGE_DRIVER=postgres, the default). */
export const storedObjects = pgTable('stored_objects', {
  key: uuid('key').primaryKey(),
  contentType: text('content_type').notNull(),
  /** Hex SHA-256 of `data`, checked again on every read. */
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
