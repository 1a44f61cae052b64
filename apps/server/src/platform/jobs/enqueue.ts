import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db';
import type { JobTask } from './job-task';

export type EnqueueOptions = {
  /**
   * De-duplication: while a job with this key waits, adding another with the same key
   * replaces it (payload, run-at, attempts) instead of adding a second one. A job already
   * running finishes (it is no longer retried: it acted on older data) and the new one is added.
   */
  jobKey?: string;
  /** With a `jobKey`: keep the waiting job's run-at, replacing only its payload. */
  keepRunAt?: boolean;
  /** Not before this moment (default: now). */
  runAt?: Date;
  maxAttempts?: number;
  /** Lower runs first (default 0). */
  priority?: number;
  /** Jobs sharing a queue name run one at a time, in order. */
  queue?: string;
};

/**
 * Adds a job in the caller's transaction: it exists, and will run, only if that transaction
 * commits, so the data a job needs and the job itself can never part. Workers hear of it
 * on commit (LISTEN/NOTIFY); one of them, on any instance, runs it.
 * @throws ZodError when the payload does not fit the task's schema (a programming error)
 */
export async function enqueue<S extends z.ZodType>(
  tx: DbOrTx,
  task: JobTask<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<{ jobId: string }> {
  const checked = task.payload.parse(payload);
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id::text from graphile_worker.add_job(
      identifier => ${task.name},
      payload => ${JSON.stringify(checked ?? {})}::json,
      queue_name => ${options.queue ?? null}::text,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? task.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null}::text,
      priority => ${options.priority ?? null}::int,
      job_key_mode => ${options.keepRunAt ? 'preserve_run_at' : 'replace'}::text
    )`);
  const id = rows[0]?.id;
  if (!id) throw new Error(`graphile_worker.add_job returned no job for ${task.name}`);
  return { jobId: id };
}
