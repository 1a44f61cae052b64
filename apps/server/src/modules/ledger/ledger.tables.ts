import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { currencies } from '../reference-data/reference-data.tables';
import { requests } from '../requests/requests.tables';

export const accountKindEnum = pgEnum('account_kind', ['CLIENT', 'PLATFORM']);
export const holdStatusEnum = pgEnum('hold_status', ['PLACED', 'POSTED', 'VOIDED']);

/**
 * NUMERIC(38,18) for one amount: every asset's scale (ETH 18) and the 20 integer digits
 * the contracts accept (AMOUNT_INTEGER_DIGITS); never a float.
 */
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
/**
 * A balance is a sum of amounts: 18 more integer digits than one amount, so it overflows
 * only after 10^18 of the largest amounts (the ledger refuses that with a 422, never a 500).
 */
const balance = (name: string) => numeric(name, { precision: 56, scale: 18 });

/**
 * Accounts: clients' (an entity's) and the platform's own (custody omnibus per asset, fee
 * income, suspense, trade clearing), which the system creates.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    kind: accountKindEnum('kind').notNull().default('CLIENT'),
    platformRole: text('platform_role'),
    accountType: text('account_type').notNull(),
    name: text('name').notNull(),
    accountCode: text('account_code'),
    ibanCode: text('iban_code'),
    swiftCode: text('swift_code'),
    currencyCode: text('currency_code').references(() => currencies.code),
    parentId: integer('parent_id').references((): AnyPgColumn => accounts.id),
    bankId: integer('bank_id').references(() => entities.id),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_entity_idx').on(t.entityId),
    uniqueIndex('accounts_platform_role_idx')
      .on(t.platformRole, t.currencyCode)
      .where(sql`${t.kind} = 'PLATFORM'`),
    // An entity's own fee revenue account (transfer fees it collects): one per entity.
    uniqueIndex('accounts_fee_revenue_idx')
      .on(t.entityId)
      .where(sql`${t.kind} = 'CLIENT' and ${t.platformRole} = 'FEE_INCOME'`),
  ],
);

/**
 * One row per (account, asset): `posted` is the sum of its postings, `held` what pending
 * outflows reserve. Changed only by the ledger functions, in the same transaction as the
 * postings. A client account can never have less than nothing available.
 */
export const balances = pgTable(
  'balances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    asset: text('asset')
      .notNull()
      .references(() => currencies.code),
    posted: balance('posted').notNull().default('0'),
    held: balance('held').notNull().default('0'),
    allowNegative: boolean('allow_negative').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.asset] }),
    check(
      'balances_available_not_negative',
      sql`${t.allowNegative} or (${t.posted} - ${t.held} >= 0 and ${t.held} >= 0)`,
    ),
  ],
);

/** Append-only: a correction is a new, reversing transaction. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    reversesId: bigint('reverses_id', { mode: 'number' }).references(
      (): AnyPgColumn => ledgerTransactions.id,
    ),
    principalKind: text('principal_kind').notNull(),
    principalId: text('principal_id'),
    actingEntityId: integer('acting_entity_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_reverses_idx').on(t.reversesId),
    index('ledger_transactions_reference_idx').on(t.reference),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    // A posting belongs to a balance (which itself references the account and the asset):
    // one integrity check per posting instead of two.
    foreignKey({
      name: 'postings_balance_fk',
      columns: [t.accountId, t.asset],
      foreignColumns: [balances.accountId, balances.asset],
    }),
    index('postings_account_idx').on(t.accountId, t.asset),
    index('postings_transaction_idx').on(t.transactionId),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Two-phase reservations: placed, then posted or voided — each at most once. */
export const holds = pgTable(
  'holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    asset: text('asset')
      .notNull()
      .references(() => currencies.code),
    amount: money('amount').notNull(),
    status: holdStatusEnum('status').notNull().default('PLACED'),
    reference: text('reference'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [check('holds_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * Completed cash movements: back-office bookings made without a request, and the money
 * requests whose funds moved on approval (`request_id` set, once per request).
 */
export const cashEntries = pgTable(
  'cash_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    counterAccountId: integer('counter_account_id').references(() => accounts.id),
    asset: text('asset')
      .notNull()
      .references(() => currencies.code),
    amount: money('amount').notNull(),
    valueDate: text('value_date').notNull(),
    reference: text('reference'),
    memo: text('memo'),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => requests.id),
    /** Set on a reversal: the entry it undoes (each entry is undone at most once). */
    reversesEntryId: integer('reverses_entry_id').references((): AnyPgColumn => cashEntries.id),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_entries_entity_idx').on(t.entityId, t.createdAt),
    // One account's history: what was booked to it, and the transfers it received.
    index('cash_entries_account_idx').on(t.accountId, t.createdAt),
    index('cash_entries_counter_account_idx')
      .on(t.counterAccountId, t.createdAt)
      .where(sql`${t.counterAccountId} is not null`),
    uniqueIndex('cash_entries_request_uq').on(t.requestId),
    uniqueIndex('cash_entries_reverses_uq').on(t.reversesEntryId),
  ],
);
