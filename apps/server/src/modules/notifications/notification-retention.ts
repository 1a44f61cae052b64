import { z } from 'zod';
import type { Db } from '../../platform/db';
import { defineTask } from '../../platform/jobs/job-task';
import { deleteCreatedBefore } from './notifications.repo';

const DAY_MS = 86_400_000;

/**
 * Deletes notifications older than the retention period (NOTIFICATION_RETENTION_DAYS),
 * read or not, every night. A missed night is caught up by the next: the cut-off is by age.
 */
export function notificationRetentionTask(db: Db, retentionDays: number, now = () => new Date()) {
  return defineTask({
    name: 'notifications.purge',
    // The schedule's runs carry graphile-worker's `_cron` note, which this drops.
    payload: z.object({}),
    schedule: '17 3 * * *',
    async run() {
      await deleteCreatedBefore(db, new Date(now().getTime() - retentionDays * DAY_MS));
    },
  });
}
