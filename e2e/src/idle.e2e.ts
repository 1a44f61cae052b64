import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/src/test/free-port';
import { launchChromium, signIn } from './browser';
import { type PortalProcess, startPortal } from './portal-process';
import { createTestUsers, PLAIN_USER } from './test-users';

/**
 * Section 9's idle time-outs, on a portal of its own: two seconds without input bring the
 * warning, four more sign the user out (the shared portal keeps the 15-minute default, which
 * no other journey may trip over).
 */
describe('idle sign-out', () => {
  let dataDir = '';
  let portal: PortalProcess | null = null;
  let browser: Browser | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-idle-'));
    const pgPort = await freePort();
    portal = await startPortal({
      dataDir,
      port: await freePort(),
      pgPort,
      env: { IDLE_TIMEOUT_MS: '2000', IDLE_EXPIRATION_TIMEOUT_MS: '4000' },
    });
    await createTestUsers(pgPort);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('warns after the idle time-out, keeps the session when the user is back, and signs out when the warning runs out', async () => {
    const page = await (await browser!.newContext({ baseURL: portal!.baseUrl })).newPage();
    await signIn(page, PLAIN_USER);
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 10_000 });
    await warning.getByText(/You will be signed out in \d seconds because of inactivity\./).waitFor();

    await page.mouse.move(200, 200);
    await page.mouse.move(240, 260);
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');

    await warning.waitFor({ timeout: 10_000 });
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  });
});
