import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type PortalProcess = {
  baseUrl: string;
  /** The separate metrics listener (`/metrics` below it). */
  metricsUrl: string;
  startedInMs: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /**
   * Ctrl-C as a terminal sends it — SIGINT to the whole process group, the embedded
   * PostgreSQL included — and resolves with the exit code. `databaseFirst`: PostgreSQL
   * gets it a moment earlier and is already ending the server's connections when the
   * server hears it (the order a terminal does not promise).
   */
  stop: (opts?: { databaseFirst?: boolean }) => Promise<number | null>;
};

type Options = {
  dataDir: string;
  port: number;
  pgPort: number;
  /** The metrics listener's port; any free one when not given. */
  metricsPort?: number;
  env?: Record<string, string>;
};

function waitForAddress(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${log.join('')}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited (${code}):\n${log.join('')}`));
    });
  });
}

/**
 * Starts the built portal exactly as `npm start` starts its server — embedded PostgreSQL,
 * migrations, reference data, API and SPA — on loopback ports of the caller's choosing.
 */
export async function startPortal(opts: Options): Promise<PortalProcess> {
  const metricsPort = opts.metricsPort ?? (await freePort());
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    EMBEDDED_PG_PORT: String(opts.pgPort),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: opts.dataDir,
    APP_ENV: 'demo',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives `npm start`, so Ctrl-C reaches all of it.
    detached: true,
  });
  const log: string[] = [];
  await waitForAddress(child, log);
  return {
    baseUrl: `http://127.0.0.1:${opts.port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    startedInMs: Date.now() - started,
    output: () => log.join(''),
    stop: async ({ databaseFirst = false } = {}) => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      if (databaseFirst) {
        const postmaster = await readFile(path.join(opts.dataDir, 'pg', 'postmaster.pid'), 'utf8');
        process.kill(Number(postmaster.split('\n')[0]), 'SIGINT');
        await new Promise((r) => setTimeout(r, 20));
      }
      process.kill(-child.pid!, 'SIGINT');
      return exited;
    },
  };
}
