import type { TNotification } from '@clearway/contracts/endpoints/platform.endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DbOrTx } from '../../platform/db';
import { createNotificationListener } from './notification-listener';
import { toNotification } from './notifications.repo';
import { notifications } from './notifications.tables';

const CHANNEL = 'clearway_notifications';

import type { Recipient } from './notifications.repo';

type Listener = (n: TNotification) => void;

/** How many delivered ids are remembered, so a catch-up never delivers one twice. */
const REMEMBERED = 5000;
/** At most this many missed notifications are delivered after a reconnection. */
const CATCH_UP_LIMIT = 1000;

type StoredRow = {
  id: string;
  recipient_kind: string;
  recipient_id: string;
  title: string;
  message: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
};

/**
 * Notifications: stored, then announced with PostgreSQL NOTIFY in the same transaction, so
 * every server instance hears them on commit and pushes them to the browsers connected to
 * it (Server-Sent Events). When the listening connection is lost it reconnects, and the
 * open streams get what was stored for them meanwhile.
 */
export function createNotificationsService(
  databaseUrl: string,
  log: FastifyBaseLogger,
  retry: { minDelayMs?: number; maxDelayMs?: number } = {},
) {
  const listeners = new Map<string, Set<Listener>>();
  const keyOf = (r: Recipient) => `${r.kind}:${r.id}`;
  /** The highest id heard; a catch-up reads what came after it. */
  let watermark = 0;
  const delivered = new Set<number>();

  function deliver(to: string, n: TNotification) {
    if (delivered.has(n.id)) return;
    delivered.add(n.id);
    if (delivered.size > REMEMBERED) delivered.delete(delivered.values().next().value!);
    if (n.id > watermark) watermark = n.id;
    for (const l of listeners.get(to) ?? []) l(n);
  }

  /** What was stored for the open streams while the listener was away. */
  async function catchUp(client: pg.Client) {
    const open = [...listeners.keys()];
    if (open.length === 0) return;
    const { rows } = await client.query<StoredRow>(
      `select id, recipient_kind, recipient_id, title, message, link, created_at, read_at from notifications
        where id > $1 and recipient_kind || ':' || recipient_id = any($2::text[])
        order by id limit ${CATCH_UP_LIMIT}`,
      [watermark, open],
    );
    for (const r of rows) {
      deliver(`${r.recipient_kind}:${r.recipient_id}`, {
        id: Number(r.id),
        title: r.title,
        message: r.message,
        link: r.link,
        createdAt: r.created_at.toISOString(),
        read: r.read_at !== null,
      });
    }
  }

  const listener = createNotificationListener({
    databaseUrl,
    channel: CHANNEL,
    log,
    ...retry,
    onAnnouncement(payload) {
      const { to, n } = JSON.parse(payload) as { to: string; n: TNotification };
      deliver(to, n);
    },
    async onListening(client) {
      const { rows } = await client.query<{ id: string }>(
        'select coalesce(max(id), 0) as id from notifications',
      );
      watermark = Math.max(watermark, Number(rows[0]?.id ?? 0));
    },
    onReconnected: catchUp,
  });

  return {
    start: listener.start,
    stop: listener.stop,
    /** Whether live notifications are being heard right now (false while reconnecting). */
    get listening() {
      return listener.listening;
    },

    /** Stores a notification per recipient and announces each when `tx` commits. */
    async notify(tx: DbOrTx, recipients: Recipient[], n: { title: string; message: string; link?: string }) {
      for (const r of recipients) {
        const [row] = await tx
          .insert(notifications)
          .values({
            recipientKind: r.kind,
            recipientId: r.id,
            title: n.title,
            message: n.message,
            link: n.link ?? null,
          })
          .returning();
        const payload = toNotification(row!);
        await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ to: keyOf(r), n: payload })})`);
      }
    },

    /** Calls `listener` for each notification of `recipient` from now on; returns the unsubscribe. */
    subscribe(recipient: Recipient, listener: Listener) {
      const key = keyOf(recipient);
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
