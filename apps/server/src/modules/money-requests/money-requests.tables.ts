import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requests } from '../requests/requests.tables';

/** The on-chain transaction hash of a crypto request (sent with a deposit, added to a withdrawal). */
export const requestTransactionHashes = pgTable('request_transaction_hashes', {
  requestId: bigint('request_id', { mode: 'number' })
    .primaryKey()
    .references(() => requests.id),
  hash: text('hash').notNull(),
  addedBy: text('added_by').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * At most one file proof per request, downloaded under a generated name; its type comes from
 * its bytes, which live in platform storage under `storageKey`.
 */
export const fileProofs = pgTable('file_proofs', {
  requestId: bigint('request_id', { mode: 'number' })
    .primaryKey()
    .references(() => requests.id),
  storedName: uuid('stored_name').notNull().defaultRandom(),
  mime: text('mime').notNull(),
  ext: text('ext').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
