import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  baseUrl: string;
  /** Everything the process printed (stdout and stderr). */
  output: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the process ends at once, mid-transaction (PostgreSQL rolls back what it had not committed). */
  kill: () => Promise<void>;
};

/**
 * The server as `npm start` runs it (`src/main.ts`), in a process of its own, on an existing
 * database: a fault that would end the process shows as an exit, not as an error inside
 * the test runner.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      LOAD_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_DELAY_BASE_MS: '0',
      WEB_DIST_DIR: path.join(SERVER_DIR, 'no-web-build'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUTH_TOKEN_SECRET: randomBytes(32).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 60_000);
    const check = () => {
      if (log.join('').includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log.join('')}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => log.join(''),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  } satisfies ServerProcess;
}
