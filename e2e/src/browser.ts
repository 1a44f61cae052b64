import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium, headless, with everything that would reach the network switched off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** One browser per test file; `page()` opens a fresh context so tests do not share state. */
export function useBrowser() {
  const ctx = { browser: null as Browser | null, baseUrl: '' };
  beforeAll(async () => {
    ctx.baseUrl = inject('baseUrl');
    ctx.browser = await launchChromium();
  });
  afterAll(async () => {
    await ctx.browser?.close();
  });
  return {
    get baseUrl() {
      return ctx.baseUrl;
    },
    async page(): Promise<Page> {
      const context = await ctx.browser!.newContext({ baseURL: ctx.baseUrl });
      return context.newPage();
    },
  };
}

/** Signs a user without two-factor in through the login page. */
export async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/**
 * Signs a demo persona in through the API in this page's browser context (cookies shared),
 * setting up two-factor the way an authenticator app would, then opens `/`.
 */
export async function signInPersona(
  page: Page,
  username: string,
  password: string,
  code: (secret: string) => string,
) {
  const login = await page.request.post('/api/auth/login', { data: { username, password } });
  const headers = { 'x-csrf-token': (await login.json()).csrfToken as string };
  const { secret } = await (await page.request.post('/api/auth/twoFactor/setup-verify', { headers })).json();
  const verified = await page.request.post('/api/auth/twoFactor/verify', {
    headers,
    data: { token: code(secret) },
  });
  if (!verified.ok()) throw new Error(`2FA failed for ${username}: ${await verified.text()}`);
  await page.goto('/');
}
