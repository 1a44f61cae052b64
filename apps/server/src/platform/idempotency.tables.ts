import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Money-moving calls by key: the same key and body answer the first response again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principalKind: text('principal_kind').notNull(),
    principalId: text('principal_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.principalKind, t.principalId, t.key] })],
);
