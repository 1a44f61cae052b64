import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/free-port';
import { startPortal } from './portal-process';
import { createTestUsers, PLAIN_USER } from './test-users';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A user without two-factor, for journeys that are not about signing in. */
    plainUser: { username: string; password: string };
  }
}

/** Section 4's optional session polling, on in the browser tests (shell.e2e proves it). */
const SESSION_POLL_MS = 1000;
/** Cash balances and the entity list refresh every second here, so a test sees another's change quickly. */
const REFRESH_MS = '1000';

/** One portal for the browser tests, started as `npm start` starts it, with throw-away data. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-e2e-'));
  const pgPort = await freePort();
  // Demo setting: whitelisted destinations are usable at once.
  const portal = await startPortal({
    dataDir,
    port: await freePort(),
    pgPort,
    env: {
      WHITELIST_COOLDOWN_HOURS: '0',
      SESSION_POLL_MS: String(SESSION_POLL_MS),
      CASH_BALANCES_REFRESH_MS: REFRESH_MS,
      ENTITY_LIST_REFRESH_MS: REFRESH_MS,
    },
  });
  await createTestUsers(pgPort);
  project.provide('baseUrl', portal.baseUrl);
  project.provide('plainUser', PLAIN_USER);
  return async () => {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
