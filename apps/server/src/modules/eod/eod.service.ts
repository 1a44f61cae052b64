import type { TEodRun } from '@clearway/contracts/endpoints/eod.schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audited } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { enqueue } from '../../platform/jobs/enqueue';
import { defineTask } from '../../platform/jobs/job-task';
import type { Principal } from '../../platform/principal';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { marksOf } from '../trading/marks';
import type { TradingModule } from '../trading/trading.module';
import { cutoffOf, dueBusinessDate, isWeekend, weekdayName } from './business-dates';
import {
  ensureRun,
  findRun,
  finishRun,
  insertMarks,
  lastCompleted,
  latestRuns,
  marksOfDate,
  sheetOfMarks,
  startRun,
  toRun,
  updateRun,
} from './eod.repo';
import type { EodFailure, EodSteps } from './eod.tables';

type Deps = { db: Db; config: Config; trading: TradingModule; instruments: InstrumentsModule };
type Who = { principal: Principal; entityId: number; request?: FastifyRequest };

/** One end of day at a time, across every instance (a session advisory lock). */
const EOD_LOCK = 0x0e0d;

const refuse = (message: string) => new AppError('BadRequest', 422, message, { businessDate: message });

/**
 * The end of day: one run per business date (a weekday), as a job of the queue. It takes the
 * marks — the rate sheet and CFD prices at the date's cut-off — once, then knocks in or out
 * the barrier options the sheet's rates touched by the cut-off, exercises or expires the
 * options whose client's exercise window has closed, settles the deliveries due,
 * rolls margin positions, posts CFD financing and snapshots positions. Every step is idempotent and
 * works in batches of their own transactions, so a run stopped half-way (the server stopped,
 * the database went away) and run again does what one clean run would have done, and a date
 * already completed is not run again. A run that could not do everything ends FAILED, saying
 * what failed; running it again does the rest.
 */
export function createEndOfDay({ db, config, trading, instruments }: Deps) {
  const cutoff = (date: string) => cutoffOf(date, config.EOD_CUTOFF_TIME, config.EOD_TIME_ZONE);

  /** The marks of the date: those its first run took, or the sheet at the cut-off taken now. */
  async function marksFor(date: string) {
    let rows = await marksOfDate(db, date);
    if (!rows.length) {
      const at = cutoff(date);
      const sheet = await instruments.rates.sheetAt(at);
      const cfds = (await instruments.cfdPrices.latest(at)).map((p) => ({
        instrumentId: p.instrumentId,
        symbol: `CFD:${p.symbol}`,
        bid: p.bid,
        mid: p.mid,
        ask: p.ask,
        asOf: new Date(p.asOf),
      }));
      await insertMarks(db, date, sheet, cfds);
      rows = await marksOfDate(db, date);
    }
    const { sheet, cfd } = sheetOfMarks(rows);
    return marksOf(instruments.rates, sheet, cfd);
  }

  /** What the date's runs have done, read from what they left (a killed run's batches included). */
  const stepsOf = async (date: string): Promise<EodSteps> => ({
    marks: (await marksOfDate(db, date)).length,
    ...(await trading.endOfDayCounts(date)),
  });

  async function withLock<T>(work: () => Promise<T>): Promise<T> {
    const client = await db.$client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
        EOD_LOCK,
      ]);
      if (!rows[0]?.ok) throw conflict('An end of day is running; try again once it has finished');
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [EOD_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /**
   * Runs the end of day of `businessDate` (or the rest of it). A completed date is answered as
   * it is, doing nothing.
   * @throws Conflict while another run is under way; what stopped it (aborted, the database),
   *   after saying so on the run
   */
  async function run(
    businessDate: string,
    opts: { signal?: AbortSignal; requestedBy?: string } = {},
  ): Promise<TEodRun> {
    return withLock(async () => {
      const existing = await ensureRun(db, businessDate, cutoff(businessDate), opts.requestedBy ?? null);
      if (existing.status === 'COMPLETED') return toRun(existing);
      await startRun(db, businessDate);
      const failures: EodFailure[] = [];
      let step: EodFailure['step'] = 'marks';
      try {
        const marks = await marksFor(businessDate);
        // Before anything settles or is valued: an option the day's rates knocked out is dead.
        step = 'barriers';
        const barriers = await trading.options.applyBarriersDue(businessDate, cutoff(businessDate), {
          signal: opts.signal,
        });
        failures.push(...barriers.failures.map((f) => ({ step, ...f })));
        // Options whose client's exercise window has closed: exercised when in the money at
        // their cut, expired when not — before settling, so nothing live is left past its expiry.
        step = 'expiries';
        const expiries = await trading.options.settleExpiriesDue(businessDate, cutoff(businessDate), {
          signal: opts.signal,
        });
        failures.push(...expiries.failures.map((f) => ({ step, ...f })));
        step = 'settle';
        const settled = await trading.settlement.settleDue(businessDate, marks, {
          signal: opts.signal,
          batch: config.EOD_BATCH_SIZE,
        });
        failures.push(...settled.failures.map((f) => ({ step, ...f })));
        step = 'premiums';
        const premiums = await trading.options.postPremiumsDue(businessDate);
        failures.push(...premiums.failures.map((f) => ({ step, ...f })));
        const batches = { signal: opts.signal, batch: config.EOD_BATCH_SIZE };
        step = 'roll';
        const rolled = await trading.charges.roll(businessDate, marks, batches);
        failures.push(...rolled.failures.map((f) => ({ step, ...f })));
        step = 'finance';
        const financed = await trading.charges.finance(businessDate, marks, batches);
        failures.push(...financed.failures.map((f) => ({ step, ...f })));
        opts.signal?.throwIfAborted();
        step = 'snapshot';
        await trading.snapshots.take(businessDate, marks);
        return toRun(await finishRun(db, businessDate, await stepsOf(businessDate), failures));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await finishRun(db, businessDate, await stepsOf(businessDate), [
          ...failures,
          { step, tradeId: null, ticket: null, error },
        ]);
        throw err;
      }
    });
  }

  const runTask = defineTask({
    name: 'eod.run',
    payload: z.object({ businessDate: z.iso.date() }),
    maxAttempts: 5,
    async run({ businessDate }, job) {
      await run(businessDate, { signal: job.signal });
    },
  });

  /**
   * Queues the run of a date (one job per date waits at a time); asked by a person (`who`),
   * the audit row commits with it.
   */
  async function queue(date: string, who: Who | null) {
    const requestedBy = who?.principal.name ?? null;
    const work = async (tx: Tx) => {
      const row = await ensureRun(tx, date, cutoff(date), requestedBy);
      if (row.status === 'COMPLETED' || row.status === 'RUNNING') return row;
      await enqueue(tx, runTask, { businessDate: date }, { jobKey: `eod:${date}`, queue: 'eod' });
      return updateRun(tx, date, { status: 'QUEUED', requestedBy });
    };
    if (!who) return db.transaction(work);
    const entry = (row: Awaited<ReturnType<typeof work>>) =>
      ({ action: 'eod.request', outcome: 'success', target: date, details: { status: row.status } }) as const;
    return audited(db, who, entry, work);
  }

  const scheduleTask = defineTask({
    name: 'eod.schedule',
    payload: z.object({}),
    // Every five minutes: the first tick after a weekday's cut-off queues its run.
    schedule: '*/5 * * * *',
    async run() {
      const date = dueBusinessDate(new Date(), config.EOD_CUTOFF_TIME, config.EOD_TIME_ZONE);
      if (!(await findRun(db, date))) await queue(date, null);
    },
  });

  return {
    run,
    /** The job of one date's run, and the schedule's tick that queues the date due. */
    runTask,
    scheduleTask,
    tasks: [runTask, scheduleTask],

    /**
     * Staff ask for the end of day of a date (the latest due when none is given): queued, or
     * answered as it is when completed or running.
     * @throws 422 for a Saturday or Sunday, or a date whose cut-off has not come (unless
     *   EOD_ALLOW_FUTURE_DATES)
     */
    async request(who: Who, businessDate?: string): Promise<TEodRun> {
      const date = businessDate ?? dueBusinessDate(new Date(), config.EOD_CUTOFF_TIME, config.EOD_TIME_ZONE);
      if (isWeekend(date)) throw refuse(`${date} is a ${weekdayName(date)}: there is no end of day`);
      if (!config.EOD_ALLOW_FUTURE_DATES && cutoff(date).getTime() > Date.now())
        throw refuse(
          `The end of day of ${date} cannot run before its cut-off (${config.EOD_CUTOFF_TIME} ${config.EOD_TIME_ZONE})`,
        );
      return toRun(await queue(date, who));
    },

    /** The cut-off instant of a business date (the end of its day for the ledger and statements). */
    cutoffOf: cutoff,

    /** What a statement ending on `date` rests on: that date's run (if any) and the last completed on or before it. */
    async basisOf(date: string): Promise<{ run: TEodRun | null; completed: TEodRun | null }> {
      const [run, completed] = await Promise.all([findRun(db, date), lastCompleted(db, date)]);
      return { run: run ? toRun(run) : null, completed: completed ? toRun(completed) : null };
    },

    async last(): Promise<{ run: TEodRun | null }> {
      const row = await lastCompleted(db);
      return { run: row ? toRun(row) : null };
    },

    async runs(limit: number): Promise<TEodRun[]> {
      return (await latestRuns(db, limit)).map(toRun);
    },
  };
}
export type EndOfDay = ReturnType<typeof createEndOfDay>;
