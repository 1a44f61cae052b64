import type { FastifyBaseLogger } from 'fastify';
import { Logger, parseCronItems, type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Db } from '../db';
import { createJobMetrics } from './job-metrics';
import { jobsPool } from './job-schema';
import type { JobTask } from './job-task';

export type JobQueueOptions = {
  db: Db;
  /** The database the jobs live in; the worker keeps its own small pool to it. */
  url: string;
  /** Run jobs on this instance (JOBS_WORKER); adding jobs and /metrics work either way. */
  enabled: boolean;
  /** Jobs run at once on this instance (JOBS_CONCURRENCY). */
  concurrency: number;
  log: FastifyBaseLogger;
  /** How often to look for jobs whose run-at has come (new jobs are heard at once). */
  pollIntervalMs?: number;
};

/** PostgreSQL closing our connections (it is shutting down: 57P01, or the socket is gone). */
const isDatabaseGoingAway = (message: string, meta?: { error?: unknown }) =>
  ['57P01', 'ECONNREFUSED'].includes((meta?.error as { code?: string } | undefined)?.code ?? '') ||
  /terminating connection due to administrator command|Connection terminated|not queryable|ECONNREFUSED/.test(
    message,
  );

/**
 * graphile-worker's log lines in ours; its per-job "Completed task" lines at debug. The
 * database going away under the worker is not an error of ours: graphile-worker reconnects
 * by itself, so it is one warning (the details at debug) — and nothing while stopping, or
 * when Ctrl-C reaches the embedded PostgreSQL before the server, so a clean stop prints none.
 */
function workerLogger(log: FastifyBaseLogger, stopping: () => boolean) {
  const warnLost = lostConnectionWarning(log, stopping);
  return new Logger((scope) => (level, message, meta) => {
    const fields = { jobs: scope, ...meta };
    if (level === 'error' && isDatabaseGoingAway(message, meta)) {
      log.debug(fields, message);
      warnLost();
    } else if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

/**
 * Said once per loss, a moment later: a stop that began meanwhile (the database heard Ctrl-C
 * first) says nothing.
 */
function lostConnectionWarning(log: FastifyBaseLogger, stopping: () => boolean) {
  let pending = false;
  return () => {
    if (pending || stopping()) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      if (!stopping()) log.warn('job worker lost its database connection; it reconnects by itself');
    }, 1000).unref();
  };
}

/**
 * The background job queue (graphile-worker on PostgreSQL). Modules declare their tasks
 * (`defineTask`) and add them here before the server starts; `enqueue` adds jobs inside
 * the caller's transaction. Every instance with the worker on takes jobs; a job runs on one
 * of them at a time (row locks with SKIP LOCKED). Stopping waits for running jobs.
 */
export function createJobQueue(options: JobQueueOptions) {
  const tasks = new Map<string, JobTask>();
  const metrics = createJobMetrics(options.db, () => [...tasks.keys()]);
  let pool: pg.Pool | null = null;
  let runner: Runner | null = null;
  let stopping = false;

  const taskList = (): TaskList =>
    Object.fromEntries(
      [...tasks.values()].map((task) => [
        task.name,
        async (payload, helpers) => {
          // Checked again here: a job may have been added by SQL, or before the schema changed.
          await task.run(task.payload.parse(payload), {
            jobId: helpers.job.id,
            attempt: helpers.job.attempts,
            maxAttempts: helpers.job.max_attempts,
            signal: helpers.abortSignal,
          });
        },
      ]),
    );

  return {
    /** For /metrics: the queue by task and state, and this instance's outcomes. */
    metrics: metrics.metrics,

    /** Declares tasks this instance can run; before `start`. */
    add(...declared: JobTask[]) {
      if (runner) throw new Error('Job tasks must be added before the worker starts');
      for (const task of declared) {
        if (tasks.has(task.name)) throw new Error(`Job task ${task.name} is declared twice`);
        tasks.set(task.name, task);
      }
    },

    async start() {
      // Without tasks there is nothing to run: no pool, no listener.
      if (!options.enabled || runner || tasks.size === 0) return;
      pool = jobsPool({ connectionString: options.url, max: options.concurrency + 2 });
      runner = await run({
        pgPool: pool,
        concurrency: options.concurrency,
        pollInterval: options.pollIntervalMs ?? 2000,
        // The server's own SIGINT/SIGTERM handler stops us (through app.close()).
        noHandleSignals: true,
        taskList: taskList(),
        // Declared as items, not crontab text: that text refuses the dots of `module.verb`.
        parsedCronItems: parseCronItems(
          [...tasks.values()].flatMap((task) =>
            task.schedule ? [{ task: task.name, match: task.schedule, identifier: task.name }] : [],
          ),
        ),
        logger: workerLogger(options.log, () => stopping),
        // Completions and failures go through graphile-worker's batchers (at once: 0 ms), which
        // stopping flushes; unbatched, the last job's completion can be lost to the closing pool
        // and the job run again once its lock expires.
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      });
      runner.events.on('job:success', ({ job }) => metrics.completed.inc({ task: job.task_identifier }));
      runner.events.on('job:error', ({ job }) => metrics.failedAttempts.inc({ task: job.task_identifier }));
    },

    /** Waits for running jobs (they are told to abort after 5 s), then closes the worker's pool. */
    async stop() {
      const current = runner;
      runner = null;
      stopping = true;
      // A worker whose last job fetch fails once it is released (the database heard Ctrl-C
      // first) makes graphile-worker call console.trace itself; while we stop, that is a debug line.
      const trace = console.trace;
      console.trace = (...args: unknown[]) =>
        options.log.debug({ trace: args.map(String) }, 'job worker stopped');
      try {
        await current?.stop();
        await pool?.end();
      } finally {
        console.trace = trace;
        pool = null;
        stopping = false;
      }
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
