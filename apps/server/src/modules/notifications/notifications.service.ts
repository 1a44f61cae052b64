import type { TNotification } from '@clearway/contracts/endpoints/platform.endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbOrTx } from '../../platform/db';
import { notifications } from './notifications.tables';

const CHANNEL = 'clearway_notifications';
type Recipient = { kind: string; id: string };
type Listener = (n: TNotification) => void;

/**
 * Notifications: stored, then announced with PostgreSQL NOTIFY in the same transaction, so
 * every server instance hears them on commit and pushes them to the browsers connected to
 * it (Server-Sent Events).
 */
export function createNotificationsService(databaseUrl: string, log: FastifyBaseLogger) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  const keyOf = (r: Recipient) => `${r.kind}:${r.id}`;

  async function start() {
    client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (err) => log.error({ err }, 'notification listener lost its connection'));
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const { to, n } = JSON.parse(msg.payload) as { to: string; n: TNotification };
      for (const l of listeners.get(to) ?? []) l(n);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  }

  return {
    start,
    stop: async () => {
      await client?.end().catch(() => undefined);
      client = null;
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
        const payload: TNotification = {
          id: row!.id,
          title: row!.title,
          message: row!.message,
          link: row!.link,
          createdAt: row!.createdAt.toISOString(),
        };
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
