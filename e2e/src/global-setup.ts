import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/free-port';
import { startPortal } from './portal-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One portal for the browser tests, started as `npm start` starts it, with throw-away data. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-e2e-'));
  const portal = await startPortal({ dataDir, port: await freePort(), pgPort: await freePort() });
  project.provide('baseUrl', portal.baseUrl);
  return async () => {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
