import { EOD_STATUSES } from '@clearway/contracts/endpoints/eod.schemas';
import {
  date,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { instruments } from '../instruments/instruments.tables';

const figure = (name: string) => numeric(name, { precision: 38, scale: 18 });
const day = (name: string) => date(name, { mode: 'string' });

export const eodStatusEnum = pgEnum('eod_status', EOD_STATUSES);

export type EodSteps = {
  marks: number;
  settled: number;
  rolled: number;
  financed: number;
  snapshots: number;
  /** Barrier options the day's rates knocked in or out (runs before these counts were kept: absent). */
  barriers?: number;
  /** Legs settled on this date whose value date had already passed (staff's back-valued trades). */
  lateSettled?: number;
};
export type EodFailure = { step: string; tradeId: number | null; ticket: string | null; error: string };

/**
 * One row per business date's end of day: queued, running, completed or failed (with what
 * failed). A completed date is never run again; a failed or interrupted one is picked up.
 */
export const eodRuns = pgTable('eod_runs', {
  businessDate: day('business_date').primaryKey(),
  status: eodStatusEnum('status').notNull().default('QUEUED'),
  cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
  requestedBy: text('requested_by'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  steps: jsonb('steps')
    .$type<EodSteps>()
    .notNull()
    .default({ marks: 0, settled: 0, rolled: 0, financed: 0, snapshots: 0 }),
  failures: jsonb('failures').$type<EodFailure[]>().notNull().default([]),
});

/**
 * The marks of a business date, taken once at its cut-off: each FX rate of the sheet as it
 * stood then (`symbol` BASE/QUOTE) and each CFD's price (`instrument_id` set). A re-run uses
 * the marks the first run took, so it does what that run would have done.
 */
export const eodMarks = pgTable(
  'eod_marks',
  {
    businessDate: day('business_date').notNull(),
    symbol: text('symbol').notNull(),
    instrumentId: integer('instrument_id').references(() => instruments.id),
    base: text('base'),
    quote: text('quote'),
    bid: figure('bid').notNull(),
    mid: figure('mid').notNull(),
    ask: figure('ask').notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.symbol] })],
);
