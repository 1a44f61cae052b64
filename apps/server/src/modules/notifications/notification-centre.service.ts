import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications.repo';

const own = (p: Principal) => ({ kind: p.kind, id: p.id });

/**
 * The notification centre: each principal's stored notifications, read and marked by that
 * principal only. Another principal's notification is answered as if it did not exist.
 */
export function createNotificationCentre(db: Db) {
  return {
    list: (p: Principal, page: { limit: number; offset: number }) => listNotifications(db, own(p), page),

    /** @throws NotFound when the caller has no notification with this id (another's included) */
    async read(p: Principal, notificationId: number) {
      return db.transaction(async (tx) => {
        if (!(await markRead(tx, own(p), notificationId))) throw notFound('Notification not found');
        return { unread: await unreadCount(tx, own(p)) };
      });
    },

    async readAll(p: Principal) {
      await markAllRead(db, own(p));
      return { unread: 0 };
    },
  };
}
export type NotificationCentre = ReturnType<typeof createNotificationCentre>;
