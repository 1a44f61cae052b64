import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Cookie, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { TSession } from '../../packages/contracts/src/endpoints/auth.endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from '../../packages/contracts/src/session';
import { countServerCalls, permissionsLoaded, settled } from './page-state';

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

/** A page in a fresh context of its own (no state shared with other pages), counting its calls. */
export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await countServerCalls(context);
  return context.newPage();
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
    page(): Promise<Page> {
      return openPage(ctx.browser!, ctx.baseUrl);
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
  await permissionsLoaded(page);
  await settled(page);
}

/** TOTP secrets of personas set up in this run, shared by every test file through a file. */
function secretsFile(baseUrl: string) {
  return path.join(tmpdir(), `clearway-e2e-totp-${new URL(baseUrl).port}.json`);
}

const STEP_MS = 30_000;
/**
 * How long a code must stay valid once made: time for the request to reach the server and
 * be checked, even on a busy machine.
 */
const MARGIN_MS = 20_000;

/**
 * A code the server has not seen for this user. The server takes each step once, and only
 * later steps than the last it took, one step either side of now: so the next unused step,
 * the previous one only while it has MARGIN_MS left to run, and past now + 1 wait for the
 * clock to reach it.
 */
async function freshCode(
  state: { secret: string; lastStep?: number },
  code: (secret: string, at: number) => string,
) {
  for (;;) {
    const at = Date.now();
    const now = Math.floor(at / STEP_MS);
    const earliest = (now + 1) * STEP_MS - at >= MARGIN_MS ? now - 1 : now;
    const step = Math.max(earliest, (state.lastStep ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= now + 1) {
      state.lastStep = step;
      return code(state.secret, step * STEP_MS + 1000);
    }
    await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - at + 500));
  }
}

/**
 * The personas' sessions signed in by this test file, by username: a later journey of the
 * same persona opens its pages in that session (as a second tab would) instead of signing
 * in again, which would wait for a fresh two-factor step (each is taken once).
 */
const sessions = new Map<string, Cookie[]>();

/** Whether this page's context holds a signed-in session of `username`. */
async function signedInAs(page: Page, username: string) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as TSession;
  return session.user?.username === username && session.require2fa === 'success';
}

/**
 * Signs a demo persona in through the API in this page's browser context (cookies shared):
 * two-factor setup the first time in this run, verification after that, the way an
 * authenticator app would — or joins the persona's session from an earlier journey of this
 * file. Then opens `/` and waits for it to settle.
 */
export async function signInPersona(
  page: Page,
  username: string,
  password: string,
  code: (secret: string, at: number) => string,
) {
  const known = sessions.get(username);
  if (known) await page.context().addCookies(known);
  if (!known || !(await signedInAs(page, username))) {
    await signInWithTwoFactor(page, username, password, code);
    sessions.set(username, await page.context().cookies());
  }
  await visit(page, '/');
}

/** Opens a page of the signed-in portal and waits until it has settled (see `settled`). */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await permissionsLoaded(page);
  await settled(page);
}

/** Reloads a page of the signed-in portal and waits until it has settled. */
export async function reload(page: Page) {
  await page.reload();
  await permissionsLoaded(page);
  await settled(page);
}

async function signInWithTwoFactor(
  page: Page,
  username: string,
  password: string,
  code: (secret: string, at: number) => string,
) {
  const baseUrl = new URL(page.url() === 'about:blank' ? inject('baseUrl') : page.url()).origin;
  const file = secretsFile(baseUrl);
  const states = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<
    string,
    { secret: string; lastStep?: number }
  >;
  const login = await page.request.post('/api/auth/login', { data: { username, password } });
  const started = await login.json();
  const headers = { 'x-csrf-token': started.csrfToken as string };
  if (started.require2fa === 'setup') {
    const { secret } = await (
      await page.request.post('/api/auth/twoFactor/setup-verify', { headers })
    ).json();
    states[username] = { secret };
  }
  const state = states[username];
  if (!state) throw new Error(`no TOTP secret known for ${username}`);
  const verified = await page.request.post('/api/auth/twoFactor/verify', {
    headers,
    data: { token: await freshCode(state, code) },
  });
  writeFileSync(file, JSON.stringify(states));
  if (!verified.ok()) throw new Error(`2FA failed for ${username}: ${await verified.text()}`);
}

/**
 * Chooses the entity the portal acts on, through the selector's search, as a user would,
 * and waits until the portal acts on it (the selector names it, its permissions are known).
 */
export async function selectEntity(page: Page, name: string) {
  await page.getByRole('button', { name: 'Selected entity' }).click();
  await page.getByRole('textbox', { name: 'Search entities' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: `Selected entity: ${name}`, exact: true }).waitFor();
  await permissionsLoaded(page);
  await settled(page);
}

/** The CSRF header a signed-in page's own API calls carry (the cookie's token, sent back). */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  return { [CSRF_HEADER]: token };
}

/**
 * A client's USD deposit request into Northwind Settlement, made through the API by the
 * signed-in page: the request (its id, entity) and the account it is for.
 */
export async function requestUsdDeposit(page: Page, amount: string, reference: string) {
  const csrf = await csrfHeaders(page);
  const accounts = await (await page.request.post('/api/account/list', { headers: csrf, data: {} })).json();
  const settlement = accounts.find((a: { name: string }) => a.name === 'Northwind Settlement');
  const res = await page.request.post('/api/requests/deposit/fiat', {
    headers: { ...csrf, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { accountId: settlement.id, asset: 'USD', amount, reference },
  });
  if (!res.ok()) throw new Error(`deposit request refused: ${res.status()} ${await res.text()}`);
  return { request: await res.json(), settlement, csrf };
}
