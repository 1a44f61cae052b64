import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../platform/jobs/enqueue';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { uniqueName } from '../../test/fixtures';
import { testConfig, useTestApp } from '../../test/test-app';
import { notificationRetentionTask } from './notification-retention';

describe('notification retention (NOTIFICATION_RETENTION_DAYS)', () => {
  const t = useTestApp({ NOTIFICATION_RETENTION_DAYS: '30' });
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop();
  });

  /** Stores one notification per age (in days) for a fresh recipient; the recipient's id. */
  async function storeAged(ages: number[]) {
    const recipient = uniqueName('retention-');
    for (const age of ages)
      await t.database.db.execute(sql`
        insert into notifications (recipient_kind, recipient_id, title, message, created_at, read_at)
        values ('user', ${recipient}, ${`${age} days old`}, 'stored',
                now() - make_interval(days => ${age}), case when ${age} % 2 = 0 then now() end)`);
    return recipient;
  }
  const titlesOf = async (recipient: string) =>
    (
      await t.database.db.execute<{ title: string }>(
        sql`select title from notifications where recipient_id = ${recipient} order by created_at desc`,
      )
    ).rows.map((r) => r.title);

  it('reads the retention period from the configuration, 90 days by default', () => {
    expect(t.config.NOTIFICATION_RETENTION_DAYS).toBe(30);
    expect(testConfig().NOTIFICATION_RETENTION_DAYS).toBe(90);
  });

  it('deletes notifications older than the retention period, read or not, and keeps the rest', async () => {
    const recipient = await storeAged([0, 29, 31, 90, 365]);
    const task = notificationRetentionTask(t.database.db, t.config.NOTIFICATION_RETENTION_DAYS);
    await task.run({}, { jobId: 'direct', attempt: 1, maxAttempts: 1, signal: new AbortController().signal });
    expect(await titlesOf(recipient)).toEqual(['0 days old', '29 days old']);
  });

  it('runs nightly on the job queue, and a queued run deletes as the schedule’s would', async () => {
    const task = notificationRetentionTask(t.database.db, 30);
    expect(task.schedule).toBe('17 3 * * *');
    const recipient = await storeAged([1, 45]);
    const queue = createJobQueue({
      db: t.database.db,
      url: t.database.url,
      enabled: true,
      concurrency: 1,
      log: t.app.log,
      pollIntervalMs: 100,
    });
    queue.add(task);
    await queue.start();
    queues.push(queue);
    await enqueue(t.database.db, task, {});
    // The schedule is registered with the worker (graphile-worker notes each it knows of).
    const scheduled = async () =>
      (
        await t.database.db.execute<{ identifier: string }>(
          sql`select identifier from graphile_worker._private_known_crontabs`,
        )
      ).rows.map((r) => r.identifier);
    const deadline = Date.now() + 15_000;
    while (
      ((await titlesOf(recipient)).length > 1 || !(await scheduled()).includes('notifications.purge')) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 50));
    expect(await scheduled()).toContain('notifications.purge');
    expect(await titlesOf(recipient)).toEqual(['1 days old']);
  });
});
