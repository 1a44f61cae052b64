import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { TestContext } from '../../test/test-app';

/**
 * Test apps run no job worker: this starts one with the password tasks only, so the mail of
 * a `forgot-password` call arrives as it does on a server. Stop it when done.
 */
export async function startResetMailWorker(t: TestContext): Promise<JobQueue> {
  const queue = createJobQueue({
    db: t.database.db,
    url: t.database.url,
    enabled: true,
    concurrency: 1,
    log: t.app.log,
    pollIntervalMs: 100,
  });
  queue.add(...t.services.auth.passwords.tasks);
  await queue.start();
  return queue;
}

/** A reset-mail worker for the whole file. */
export function useResetMailWorker(t: TestContext): void {
  let queue: JobQueue | null = null;
  beforeAll(async () => {
    queue = await startResetMailWorker(t);
  });
  afterAll(async () => {
    await queue?.stop();
  });
}

/** The mails in the outbox to `to`, oldest first. */
export async function mailsTo(t: TestContext, to: string): Promise<string[]> {
  const rows = await t.database.db.execute<{ body: string }>(
    sql`select body from mail_outbox where "to" = ${to} order by id`,
  );
  return rows.rows.map((r) => r.body);
}

const tokenIn = (body: string) => /reset-password\?token=([\w-]+)/.exec(body)?.[1];

/** Waits for the `n`-th mail to `to` (1 = the first) and returns the link token it carries. */
export async function nthLinkTo(t: TestContext, to: string, n: number): Promise<string> {
  const mails = await vi.waitFor(
    async () => {
      const found = await mailsTo(t, to);
      expect(found.length).toBeGreaterThanOrEqual(n);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
  const token = tokenIn(mails[n - 1]!);
  expect(token).toBeDefined();
  return token!;
}

/** The `forgot-password` jobs still waiting (none run while no worker is started). */
export async function queuedResetJobs(t: TestContext): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'auth.send-reset-link'`,
  );
  return rows.rows[0]!.n;
}
