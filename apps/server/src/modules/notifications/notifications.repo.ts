import type { TNotification, TNotificationPage } from '@clearway/contracts/endpoints/platform.endpoints';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { notifications } from './notifications.tables';

export type Recipient = { kind: string; id: string };

const mine = (r: Recipient) =>
  and(eq(notifications.recipientKind, r.kind), eq(notifications.recipientId, r.id));

export const toNotification = (row: typeof notifications.$inferSelect): TNotification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

/** How many of the recipient's notifications there are, and how many are unread (one statement). */
async function countsOf(db: DbOrTx, r: Recipient) {
  const [c] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(mine(r));
  return { total: c?.total ?? 0, unread: c?.unread ?? 0 };
}

/** A page of the recipient's own notifications, newest first (two statements, whatever the page). */
export async function listNotifications(
  db: DbOrTx,
  r: Recipient,
  page: { limit: number; offset: number },
): Promise<TNotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(r))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items: rows.map(toNotification), ...(await countsOf(db, r)) };
}

/**
 * Marks one of the recipient's notifications read (reading it again changes nothing).
 * @returns false when the recipient has no notification with this id
 */
export async function markRead(db: DbOrTx, r: Recipient, id: number): Promise<boolean> {
  const found = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(r), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return found.length > 0;
}

export async function markAllRead(db: DbOrTx, r: Recipient): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(r), isNull(notifications.readAt)));
}

export async function unreadCount(db: DbOrTx, r: Recipient): Promise<number> {
  return (await countsOf(db, r)).unread;
}

/** Deletes every notification created before `cutoff`, read or not; how many went. */
export async function deleteCreatedBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const done = await db.delete(notifications).where(lt(notifications.createdAt, cutoff));
  return done.rowCount ?? 0;
}
