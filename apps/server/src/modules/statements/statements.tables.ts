import {
  STATEMENT_PERIODS,
  STATEMENT_STATUSES,
  STATEMENT_VIEWS,
} from '@clearway/contracts/endpoints/statements.schemas';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from '../entities/entities.tables';
import { accounts } from '../ledger/ledger.tables';
import { users } from '../users/users.tables';

const day = (name: string) => date(name, { mode: 'string' });

export const statementStatusEnum = pgEnum('statement_status', STATEMENT_STATUSES);
export const statementPeriodEnum = pgEnum('statement_period', STATEMENT_PERIODS);
export const statementViewEnum = pgEnum('statement_view', STATEMENT_VIEWS);

/**
 * Statements asked for and what became of them: queued, running (with progress), ready (the
 * PDF in storage, with its SHA-256) or failed (with why, in words a user can act on).
 * `request_key` names what was asked (scope, period, view): while one such statement is
 * queued or running, asking again answers it (the partial unique index), never a second job.
 */
export const statements = pgTable(
  'statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    accountId: integer('account_id').references(() => accounts.id),
    includeBelow: boolean('include_below').notNull().default(false),
    period: statementPeriodEnum('period').notNull(),
    fromDate: day('from_date').notNull(),
    toDate: day('to_date').notNull(),
    currencyView: statementViewEnum('currency_view').notNull(),
    requestKey: text('request_key').notNull(),
    status: statementStatusEnum('status').notNull().default('QUEUED'),
    progress: smallint('progress').notNull().default(0),
    failure: text('failure'),
    eodBusinessDate: day('eod_business_date'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    sha256: text('sha256'),
    size: integer('size'),
    entries: integer('entries'),
    /** Made by the month-end job (sent once ready) rather than asked for by a person. */
    scheduled: boolean('scheduled').notNull().default(false),
    requestedBy: text('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('statements_entity_idx').on(t.entityId, t.id),
    uniqueIndex('statements_running_uq').on(t.requestKey).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    // The month-end job makes one statement per account and month, however often it resumes.
    uniqueIndex('statements_scheduled_uq').on(t.accountId, t.fromDate).where(sql`${t.scheduled}`),
  ],
);

/** Users who asked to receive an entity's statements by e-mail. */
export const statementSubscribers = pgTable(
  'statement_subscribers',
  {
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.userId] })],
);
