import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Metric } from 'prom-client';
import type { Db } from '../db';

export const JOB_STATES = ['queued', 'retrying', 'running', 'failed'] as const;

export type JobMetrics = {
  metrics: Metric[];
  completed: Counter<'task'>;
  failedAttempts: Counter<'task'>;
};

/**
 * The queue on /metrics. `jobs{task,state}` counts the jobs in the database (the whole
 * cluster: every instance reports the same figure, so aggregate with max, not sum):
 * queued (waiting for their first run), retrying (failed, waiting for the next attempt),
 * running, failed (out of attempts). Counters are this instance's: jobs it completed and
 * attempts that failed here. Completed jobs leave the table, hence a counter for them.
 */
export function createJobMetrics(db: Db, knownTasks: () => readonly string[]): JobMetrics {
  const jobs = new Gauge({
    name: 'jobs',
    help: 'Background jobs in the queue by task and state (queued, retrying, running, failed)',
    labelNames: ['task', 'state'] as const,
    registers: [],
    async collect() {
      this.reset();
      // Zero for every state of every task this server knows, so a series never just vanishes.
      for (const task of knownTasks()) for (const state of JOB_STATES) this.set({ task, state }, 0);
      const counted = await db
        .execute<{ task: string; state: string; n: number }>(
          sql`select task_identifier as task,
                case when locked_at is not null then 'running'
                     when attempts >= max_attempts then 'failed'
                     when attempts > 0 then 'retrying'
                     else 'queued' end as state,
                count(*)::int as n
              from graphile_worker.jobs group by 1, 2`,
        )
        // The rest of /metrics still answers when the database does not.
        .catch(() => ({ rows: [] }));
      for (const r of counted.rows) this.set({ task: r.task, state: r.state }, r.n);
    },
  });
  const completed = new Counter({
    name: 'jobs_completed_total',
    help: 'Background jobs this instance ran to completion, by task',
    labelNames: ['task'] as const,
    registers: [],
  });
  const failedAttempts = new Counter({
    name: 'job_attempts_failed_total',
    help: 'Background job attempts that failed on this instance (each is retried until out of attempts), by task',
    labelNames: ['task'] as const,
    registers: [],
  });
  return { metrics: [jobs, completed, failedAttempts], completed, failedAttempts };
}
