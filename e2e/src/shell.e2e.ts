import { describe, expect, inject, it } from 'vitest';
import { csrfHeaders, signIn, useBrowser } from './browser';

describe('web shell in Chromium', () => {
  const b = useBrowser();

  it('renders /404 with its title and Back to Home goes to /', async () => {
    const page = await b.page();
    await signIn(page, inject('plainUser'));
    await page.goto('/404');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("renders /500 titled 'Oops! Something went wrong.' and Back to Home goes to /", async () => {
    const page = await b.page();
    await signIn(page, inject('plainUser'));
    await page.goto('/500');
    await page.getByRole('heading', { name: 'Oops! Something went wrong.' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('sends a signed-out visitor of a protected page to /login with a callback address', async () => {
    const page = await b.page();
    await page.goto('/trades');
    await page.waitForURL((u) => u.pathname === '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/trades');
    await page.getByText('Please sign in to continue.').waitFor();
  });

  it('notices by polling a session that ended behind its back, and goes to /login', async () => {
    const page = await b.page();
    await signIn(page, inject('plainUser'));
    // Ended through the API, not the UI: no logout broadcast, no storage or visibility
    // event — only the session poll (SESSION_POLL_MS in the portal) can tell the tab.
    const out = await page.request.post('/api/account/logout', {
      headers: await csrfHeaders(page),
      data: {},
    });
    expect(out.ok()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('error')).toBe('SessionRequired');
  });

  it('carries the environment label in the document title outside production', async () => {
    const page = await b.page();
    await page.goto('/500');
    await page.waitForFunction(() => document.title.includes('Oops'));
    expect(await page.title()).toBe('Clearway · Demo · Oops! Something went wrong.');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(robots).toContain('noindex');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${b.baseUrl}/500`);
  });

  it('serves an unknown page as the not-found screen', async () => {
    const page = await b.page();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it('honours a locale prefix', async () => {
    const page = await b.page();
    await page.goto('/en/404');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
