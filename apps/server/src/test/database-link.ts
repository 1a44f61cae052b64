import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { freePort } from './free-port';

export type DatabaseLink = {
  /** The database's URL, reached through the link. */
  url: string;
  /** The database becomes unreachable: open connections reset, new ones refused. */
  cut: () => Promise<void>;
  /** The database is reachable again. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP hop between the server and a real PostgreSQL that a test can cut and restore — the
 * network or the database going away, as the server sees it — without stopping the
 * database the other test files share.
 */
export async function createDatabaseLink(databaseUrl: string): Promise<DatabaseLink> {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };

  function open(): Promise<void> {
    server = createServer((client) => {
      const upstream = tcpConnect(Number(target.port), target.hostname);
      track(client);
      track(upstream);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
  }

  async function cut() {
    const s = server;
    server = null;
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve();
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  }

  await open();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), cut, restore: open, close: cut };
}
