import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Waits for the line `npm start` prints once the portal serves. */
function waitForAddress(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 90_000);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log.join('')}`)));
  });
}

/**
 * Starts the built portal the way `npm start` does — embedded PostgreSQL, migrations,
 * reference data — on free loopback ports with a throw-away data folder.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    APP_ENV: 'demo',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  await waitForAddress(child, log);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
