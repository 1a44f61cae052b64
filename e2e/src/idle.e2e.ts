import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, signIn } from './browser';
import { PLAIN_USER, startTestPortal } from './test-portal';

/**
 * A portal of the file's own with short idle time-outs (section 9): two seconds without input
 * bring the warning, `IDLE_EXPIRATION_TIMEOUT_MS` more end it. The shared portal keeps the 15-minute default,
 * which no other journey may trip over.
 */
function usePortal(env: Record<string, string>) {
  const ctx = {
    portal: null as Awaited<ReturnType<typeof startTestPortal>> | null,
    browser: null as Browser | null,
  };
  beforeAll(async () => {
    ctx.portal = await startTestPortal({ IDLE_TIMEOUT_MS: '2000', ...env });
    ctx.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.portal?.stop();
  });
  return {
    async signedIn(): Promise<Page> {
      const page = await openPage(ctx.browser!, ctx.portal!.baseUrl);
      await signIn(page, PLAIN_USER);
      return page;
    },
  };
}

const warningOf = (page: Page) => page.getByRole('dialog', { name: 'Are you still there?' });

describe('idle sign-out', () => {
  const portal = usePortal({ IDLE_EXPIRATION_TIMEOUT_MS: '4000' });

  it('warns after the idle time-out, keeps the session when the user is back, and signs out when the warning runs out', async () => {
    const page = await portal.signedIn();
    const warning = warningOf(page);
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

describe('idle sign-out switched off (FORCED_LOGOUT_DISABLED)', () => {
  const portal = usePortal({ IDLE_EXPIRATION_TIMEOUT_MS: '2000', FORCED_LOGOUT_DISABLED: 'true' });

  it('still warns, but leaves the user signed in when the warning runs out', async () => {
    const page = await portal.signedIn();
    const signOuts: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(account\/logout|auth\/signout)$/.test(new URL(r.url()).pathname)) signOuts.push(r.url());
    });
    const warning = warningOf(page);
    await warning.waitFor({ timeout: 10_000 });
    await warning.waitFor({ state: 'hidden', timeout: 10_000 });
    // The warning ran out (where a forced logout would have begun). The user comes back, goes
    // idle again and is warned again: the portal carried on, signed in, a whole idle time-out
    // past that point — a state to wait for rather than a pause.
    await page.mouse.move(200, 200);
    await warning.waitFor({ timeout: 10_000 });
    expect(signOuts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
