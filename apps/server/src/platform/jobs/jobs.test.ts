import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/test-app';
import { enqueue } from './enqueue';
import { createJobQueue, type JobQueue } from './job-queue';
import { defineTask, type JobTask } from './job-task';

type Run = { key: string; runner: string; startedAt: number; finishedAt?: number };

describe('background jobs', () => {
  // The app serves /metrics; the runners each test starts are the workers (two instances' worth).
  const t = useTestApp({ JOBS_WORKER: 'false' });
  const runs: Run[] = [];
  const attempts: { attempt: number; at: number }[] = [];
  const started: JobQueue[] = [];

  const ZKey = z.object({ key: z.string().min(1) });
  /** The same task as each instance declares it: it records which runner ran which job. */
  const recordTask = (runner: string, ms = 50, name = 'test.record') =>
    defineTask({
      name,
      payload: ZKey,
      async run({ key }) {
        const run: Run = { key, runner, startedAt: Date.now() };
        runs.push(run);
        await sleep(ms);
        run.finishedAt = Date.now();
      },
    });
  const failingTask = defineTask({
    name: 'test.always-fails',
    payload: ZKey,
    maxAttempts: 2,
    async run(_payload, job) {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      throw new Error('the bank refused the file');
    },
  });

  async function startRunner(...tasks: JobTask[]) {
    const queue = createJobQueue({
      db: t.database.db,
      url: t.database.url,
      enabled: true,
      concurrency: 2,
      log: t.app.log,
      pollIntervalMs: 100,
    });
    queue.add(...tasks);
    await queue.start();
    started.push(queue);
    return queue;
  }
  const queued = async (task = 'test.record') =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`,
      )
    ).rows[0]!.n;
  const runsOf = (key: string) => runs.filter((r) => r.key === key);

  afterAll(async () => {
    for (const queue of started) await queue.stop();
  });

  it('never runs a job added in a transaction that rolled back', async () => {
    await startRunner(recordTask('a'));
    await t.database.db
      .transaction(async (tx) => {
        await enqueue(tx, recordTask('a'), { key: 'rolled-back' });
        tx.rollback();
      })
      .catch(() => undefined);
    // A job committed after it runs; by then the rolled-back one would have run too.
    await enqueue(t.database.db, recordTask('a'), { key: 'committed-after' });
    await vi.waitFor(() => expect(runsOf('committed-after')).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 10_000 });
    expect(runsOf('rolled-back')).toEqual([]);
  });

  it('runs each committed job exactly once with two workers on the same database', async () => {
    await startRunner(recordTask('b'));
    const keys = Array.from({ length: 40 }, (_, i) => `once-${i}`);
    await t.database.db.transaction(async (tx) => {
      for (const key of keys) await enqueue(tx, recordTask('b'), { key });
    });
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 20_000 });
    await sleep(300); // a second run, if there were one, would have started by now
    for (const key of keys) expect(runsOf(key), key).toHaveLength(1);
    expect(new Set(keys.flatMap((k) => runsOf(k).map((r) => r.runner)))).toEqual(new Set(['a', 'b']));
  });

  it('replaces a waiting job with the same job key, and runs it no earlier than its run-at', async () => {
    const runAt = new Date(Date.now() + 3000);
    await enqueue(
      t.database.db,
      recordTask('a'),
      { key: 'first version' },
      { jobKey: 'daily-statement', runAt },
    );
    await enqueue(
      t.database.db,
      recordTask('a'),
      { key: 'second version' },
      { jobKey: 'daily-statement', runAt },
    );
    expect(await queued()).toBe(1);
    await vi.waitFor(() => expect(runsOf('second version')).toHaveLength(1), { timeout: 10_000 });
    expect(runsOf('second version')[0]!.startedAt).toBeGreaterThanOrEqual(runAt.getTime());
    expect(runsOf('first version')).toEqual([]);
    await vi.waitFor(async () => expect(await queued()).toBe(0), { timeout: 10_000 });
  });

  it('refuses a payload its task does not declare, adding nothing', async () => {
    await expect(enqueue(t.database.db, recordTask('a'), { key: '' })).rejects.toThrow();
    expect(await queued()).toBe(0);
  });

  it('retries a failing job with back-off, then keeps it as failed, shown on /metrics', async () => {
    const runner = await startRunner(failingTask);
    await enqueue(t.database.db, failingTask, { key: 'statement-1' });
    // Out of attempts and no longer running: failed for good.
    await vi.waitFor(
      async () => expect(await jobState('test.always-fails')).toMatchObject({ attempts: 2, locked_at: null }),
      { timeout: 15_000, interval: 200 },
    );
    const job = await jobState('test.always-fails');
    expect(job).toMatchObject({ attempts: 2, max_attempts: 2, locked_at: null });
    expect(job?.last_error).toContain('the bank refused the file');
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    // graphile-worker waits e^attempts seconds after a failure: e^1 ≈ 2.7 s before the second.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(2500);

    const metrics = (await t.metrics.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('jobs{task="test.always-fails",state="failed"} 1');
    const own = new Registry();
    for (const m of runner.metrics) own.registerMetric(m);
    expect(await own.metrics()).toContain('job_attempts_failed_total{task="test.always-fails"} 2');
  });

  it('counts completed jobs per task on the instance that ran them', async () => {
    const runner = started[0]!;
    const own = new Registry();
    for (const m of runner.metrics) own.registerMetric(m);
    const text = await own.metrics();
    const completed = Number(text.match(/jobs_completed_total\{task="test.record"\} (\d+)/)?.[1]);
    expect(completed).toBe(runs.filter((r) => r.runner === 'a' && r.finishedAt).length);
    expect(text).toContain('jobs{task="test.record",state="queued"} 0');
  });

  it('starts the worker with the server and lets a running job finish when the server stops', async () => {
    const built = await buildApp({
      config: testConfig({ JOBS_WORKER: 'true' }),
      database: t.database,
      logger: false,
    });
    // A task only this server declares, so only its worker can run it.
    const slow = recordTask('server', 700, 'test.server-only');
    built.services.jobs.add(slow);
    await built.app.ready();
    await enqueue(t.database.db, slow, { key: 'during-shutdown' });
    await vi.waitFor(() => expect(runsOf('during-shutdown')).toHaveLength(1), { timeout: 10_000 });
    await built.app.close();
    expect(runsOf('during-shutdown')[0]).toMatchObject({ runner: 'server', finishedAt: expect.any(Number) });
    expect(await queued('test.server-only')).toBe(0);
  });

  async function jobState(task: string) {
    const { rows } = await t.database.db.execute<{
      attempts: number;
      max_attempts: number;
      last_error: string | null;
      locked_at: string | null;
    }>(
      sql`select attempts, max_attempts, last_error, locked_at from graphile_worker.jobs where task_identifier = ${task}`,
    );
    return rows[0];
  }
});
