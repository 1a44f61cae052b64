import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { useBrowser } from './browser';

const NEXT_STEP_MS = 30_000;

async function enterCredentials(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function enterCode(page: Page, code: string) {
  await page.locator('input[autocomplete="one-time-code"]').first().click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('signing in with two-factor authentication', () => {
  const b = useBrowser();

  it('sets up 2FA, lands on /, logs out (a second tab follows), and signs in again with 2FA', async () => {
    const first = await b.page();
    await enterCredentials(first, 'admin', DEMO_PASSWORD);
    await first.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    await first.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await first.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await enterCode(first, currentCode(secret));
    await first.waitForURL((u) => u.pathname === '/');
    await first.getByRole('heading', { name: 'Overview' }).waitFor();

    // A second tab of the same browser shares the session…
    const second = await first.context().newPage();
    await second.goto('/trades');
    await second.getByRole('heading', { name: 'Trades' }).waitFor();

    // …and follows the logout made in the first.
    await first.getByRole('button', { name: 'User menu' }).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await first.waitForURL((u) => u.pathname === '/login');
    await second.waitForURL((u) => u.pathname === '/login');

    await enterCredentials(first, 'admin', DEMO_PASSWORD);
    await first.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    await enterCode(first, currentCode(secret, Date.now() + NEXT_STEP_MS));
    await first.waitForURL((u) => u.pathname === '/');
  });

  it('shows the generic message for a wrong password', async () => {
    const page = await b.page();
    await enterCredentials(page, 'admin', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid username, or password.' }).waitFor();
  });
});
