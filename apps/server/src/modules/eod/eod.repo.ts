import type { TEodRun } from '@clearway/contracts/endpoints/eod.schemas';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { Money } from '../../platform/money';
import type { SheetRate } from '../instruments/rates.service';
import { type EodFailure, type EodSteps, eodMarks, eodRuns } from './eod.tables';

type RunRow = typeof eodRuns.$inferSelect;
export type MarkRow = typeof eodMarks.$inferSelect;

export const NO_STEPS: EodSteps = { marks: 0, settled: 0, rolled: 0, financed: 0, snapshots: 0 };

export const toRun = (r: RunRow): TEodRun => ({
  businessDate: r.businessDate,
  status: r.status,
  cutoff: r.cutoff.toISOString(),
  requestedBy: r.requestedBy,
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
  attempts: r.attempts,
  steps: { ...NO_STEPS, ...r.steps },
  failures: r.failures as TEodRun['failures'],
});

export async function findRun(db: DbOrTx, businessDate: string, lock = false): Promise<RunRow | null> {
  const q = db.select().from(eodRuns).where(eq(eodRuns.businessDate, businessDate));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

/** Adds the run of a date (queued) unless it exists; the row either way. */
export async function ensureRun(db: DbOrTx, businessDate: string, cutoff: Date, requestedBy: string | null) {
  await db.insert(eodRuns).values({ businessDate, cutoff, requestedBy }).onConflictDoNothing();
  return (await findRun(db, businessDate))!;
}

export async function updateRun(
  db: DbOrTx,
  businessDate: string,
  values: Partial<typeof eodRuns.$inferInsert>,
) {
  const [row] = await db
    .update(eodRuns)
    .set(values)
    .where(eq(eodRuns.businessDate, businessDate))
    .returning();
  return row!;
}

/** Marks the run started: one more attempt, what failed last time cleared. */
export async function startRun(db: DbOrTx, businessDate: string) {
  const [row] = await db
    .update(eodRuns)
    .set({
      status: 'RUNNING',
      startedAt: new Date(),
      finishedAt: null,
      attempts: sql`${eodRuns.attempts} + 1`,
      failures: [],
    })
    .where(eq(eodRuns.businessDate, businessDate))
    .returning();
  return row!;
}

/** Ends the run: COMPLETED, or FAILED with what failed; `steps` what the date's runs have done. */
export async function finishRun(db: DbOrTx, businessDate: string, steps: EodSteps, failures: EodFailure[]) {
  return updateRun(db, businessDate, {
    status: failures.length ? 'FAILED' : 'COMPLETED',
    finishedAt: new Date(),
    steps,
    failures,
  });
}

export async function lastCompleted(db: DbOrTx, onOrBefore?: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(eodRuns)
    .where(
      onOrBefore
        ? and(eq(eodRuns.status, 'COMPLETED'), lte(eodRuns.businessDate, onOrBefore))
        : eq(eodRuns.status, 'COMPLETED'),
    )
    .orderBy(desc(eodRuns.businessDate))
    .limit(1);
  return row ?? null;
}

export const latestRuns = (db: DbOrTx, limit: number) =>
  db.select().from(eodRuns).orderBy(desc(eodRuns.businessDate)).limit(limit);

export const marksOfDate = (db: DbOrTx, businessDate: string) =>
  db.select().from(eodMarks).where(eq(eodMarks.businessDate, businessDate));

/** Takes the marks of a date once: the FX sheet and the CFD prices as they stood (a second take adds nothing). */
export async function insertMarks(
  db: DbOrTx,
  businessDate: string,
  sheet: SheetRate[],
  cfds: { instrumentId: number; symbol: string; bid: string; mid: string; ask: string; asOf: Date }[],
) {
  const rows = [
    ...sheet.map((r) => ({
      businessDate,
      symbol: `${r.base}/${r.quote}`,
      instrumentId: null,
      base: r.base,
      quote: r.quote,
      bid: r.bid,
      mid: r.rate,
      ask: r.ask,
      asOf: r.asOf,
    })),
    ...cfds.map((c) => ({ businessDate, ...c, base: null, quote: null })),
  ];
  if (rows.length) await db.insert(eodMarks).values(rows).onConflictDoNothing();
}

/** The FX marks of a date as a sheet, and its CFD prices by instrument. */
export function sheetOfMarks(rows: MarkRow[]) {
  const sheet: SheetRate[] = rows
    .filter((r) => r.base !== null)
    .map((r) => ({
      base: r.base!,
      quote: r.quote!,
      rate: new Money(r.mid).toString(),
      bid: new Money(r.bid).toString(),
      ask: new Money(r.ask).toString(),
      asOf: r.asOf,
    }));
  const cfd = new Map(
    rows.filter((r) => r.instrumentId !== null).map((r) => [r.instrumentId!, new Money(r.mid).toString()]),
  );
  return { sheet, cfd };
}
