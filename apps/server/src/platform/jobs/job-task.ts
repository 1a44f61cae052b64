import type { z } from 'zod';

/** What a running job knows about itself. */
export type JobContext = {
  jobId: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the server stops and the job has not finished within the grace period. */
  signal: AbortSignal;
};

/**
 * A kind of background job, declared by the module that owns it: a name, the payload's
 * schema (checked when the job is added and again when it runs) and what running it does.
 * `run` throws to fail the attempt: the job is retried with exponential back-off (e^n
 * seconds after the n-th failure, at most ~6 hours apart) until `maxAttempts` failures,
 * then stays failed (visible on /metrics) until someone deals with it.
 */
export type JobTask<S extends z.ZodType = z.ZodType> = {
  /** `module.verb`, e.g. `statements.generate`; stable, since queued jobs refer to it. */
  name: string;
  payload: S;
  /**
   * Runs the task on a schedule too: a cron expression in UTC (`17 3 * * *`: daily at 03:17).
   * Each scheduled run happens once across all instances (graphile-worker's crontab).
   */
  schedule?: string;
  /** Default 25 (about three days of retries). */
  maxAttempts?: number;
  run(payload: z.output<S>, job: JobContext): Promise<void>;
};

const TASK_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export function defineTask<S extends z.ZodType>(task: JobTask<S>): JobTask<S> {
  if (!TASK_NAME.test(task.name) || task.name.length > 128)
    throw new Error(`Job task name "${task.name}" is not module.verb (lower case, at most 128 characters)`);
  return task;
}
