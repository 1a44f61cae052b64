import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { enqueue } from '../../platform/jobs/enqueue';
import { defineTask, type JobTask } from '../../platform/jobs/job-task';
import type { EndOfDay } from '../eod/eod.service';
import { clientAccountsAfter } from '../ledger/account-history';
import { statements } from './statements.tables';

/** Client accounts queued per transaction by the month-end job. */
const BATCH = 200;

/** The first and last date of the month before the one `at` falls in (UTC). */
export function previousMonth(at: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * Month-end statements: one per client account and month, made by a scheduled job once the
 * month's last cut-off has passed and sent when ready. Resumable: accounts are walked by id in
 * batches of their own transactions, and an account whose statement of the month exists is
 * skipped (a unique index), so a stopped run picks up where it left off.
 */
export function monthlyStatements(deps: {
  db: Db;
  config: Config;
  eod: EndOfDay;
  generateTask: JobTask<z.ZodObject<{ statementId: z.ZodNumber }>>;
}) {
  const { db, eod, generateTask } = deps;

  /** Queues the month's statement of every client account still without one; answers how many. */
  async function queueMonth(month: { from: string; to: string }): Promise<number> {
    let after = 0;
    let queued = 0;
    for (;;) {
      const batch = await clientAccountsAfter(db, after, BATCH);
      if (!batch.length) return queued;
      queued += await db.transaction(async (tx) => {
        const added = await tx
          .insert(statements)
          .values(
            batch.map((a) => ({
              entityId: a.entityId,
              accountId: a.accountId,
              period: 'MONTHLY' as const,
              fromDate: month.from,
              toDate: month.to,
              currencyView: 'ACCOUNT' as const,
              requestKey: `monthly:${a.accountId}:${month.from}`,
              scheduled: true,
              requestedBy: 'month-end job',
            })),
          )
          .onConflictDoNothing({
            target: [statements.accountId, statements.fromDate],
            where: sql`${statements.scheduled}`,
          })
          .returning({ id: statements.id });
        for (const r of added)
          await enqueue(tx, generateTask, { statementId: r.id }, { jobKey: `statement:${r.id}` });
        return added.length;
      });
      after = batch.at(-1)!.accountId;
    }
  }

  const task = defineTask({
    name: 'statements.monthly',
    payload: z.object({}),
    // Daily in the first week of a month: the first tick after the month's last cut-off
    // queues its statements; later ticks find them made and finish what a stop left.
    schedule: '30 6 1-7 * *',
    async run() {
      const month = previousMonth(new Date());
      if (eod.cutoffOf(month.to).getTime() > Date.now()) return;
      await queueMonth(month);
    },
  });

  return { task, queueMonth };
}
