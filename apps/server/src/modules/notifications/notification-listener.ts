import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

type Options = {
  databaseUrl: string;
  channel: string;
  log: FastifyBaseLogger;
  /** Called for each announcement heard on the channel. */
  onAnnouncement: (payload: string) => void;
  /** Called once listening again after a lost connection, to fetch what was missed meanwhile. */
  onReconnected: (client: pg.Client) => Promise<void>;
  /** Called once listening, before any announcement is handled (the first time). */
  onListening?: (client: pg.Client) => Promise<void>;
  /** First retry after a loss; each failed attempt doubles it, up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
};

/** The listener's connections carry this name, so an operator (or a test) can find them. */
export const LISTENER_APPLICATION_NAME = 'clearway-notifications';

/**
 * One dedicated connection that LISTENs on a channel and, when the connection is lost (the
 * database restarted, a backend was terminated, the network dropped), connects again with
 * exponential back-off and jitter, LISTENs again and lets the owner catch up on what was
 * sent meanwhile. A loss is logged only when the reconnection starts: a stop that follows
 * at once — Ctrl-C ends the embedded database and this process together — is not a fault.
 */
export function createNotificationListener(o: Options) {
  const minDelay = o.minDelayMs ?? 250;
  const maxDelay = o.maxDelayMs ?? 30_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  async function listen(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: o.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      // A peer that vanished without closing the socket is noticed, not waited on forever.
      keepAlive: true,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.payload && c === client) o.onAnnouncement(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${o.channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    return c;
  }

  function lost(c: pg.Client, reason: unknown) {
    if (c !== client) return;
    client = null;
    c.end().catch(() => undefined);
    if (!stopped) reconnectLater(reason);
  }

  function reconnectLater(reason: unknown) {
    const base = Math.min(maxDelay, minDelay * 2 ** failures);
    const delay = base / 2 + Math.random() * (base / 2);
    retry = setTimeout(() => void reconnect(reason), delay);
  }

  async function reconnect(reason: unknown) {
    retry = null;
    if (stopped) return;
    o.log.warn(
      { err: reason, attempt: failures + 1 },
      'notification listener lost its connection; reconnecting',
    );
    let c: pg.Client;
    try {
      c = await listen();
    } catch (err) {
      failures++;
      if (!stopped) reconnectLater(err);
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    failures = 0;
    o.log.info('notification listener reconnected');
    await o.onReconnected(c).catch((err) => o.log.warn({ err }, 'notifications missed while reconnecting'));
  }

  return {
    /** Connects and listens; fails if the database cannot be reached now. */
    async start() {
      stopped = false;
      client = await listen();
      await o.onListening?.(client);
    },
    /** Stops listening for good; a loss after this is expected and stays quiet. */
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
    /** Whether the listener holds a live connection right now. */
    get listening() {
      return client !== null;
    },
  };
}
