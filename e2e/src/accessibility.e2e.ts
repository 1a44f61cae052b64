import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, selectEntity, signInPersona, useBrowser } from './browser';
import { settled } from './page-state';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2.1 A and AA violations of serious or critical impact in what the page shows
 * once it has settled, each as "rule: elements". axe-core runs inside the page (evaluated
 * through the browser's debugging protocol, which the portal's CSP does not govern).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails, naming what was checked, on any serious or critical violation. */
async function check(page: Page, what: string) {
  expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
}

/** Moves the focus with Tab alone until `target` has it (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator, most = 80) {
  await target.waitFor();
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Opens a page and waits for its level-one heading and for the page to settle. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await settled(page);
}

/** Scans each page once its heading shows. */
async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await open(page, path);
    await check(page, path);
  }
}

/** Opens `path`, presses the button that opens a dialog or a popup (menu, popover), scans, closes it. */
async function checkOpened(page: Page, path: string, button: string | RegExp, opens: 'dialog' | 'popup') {
  await open(page, path);
  // A button repeated per row (e.g. 'Reverse entry #12') is checked on the first row.
  await page.getByRole('button', { name: button }).first().click();
  let shown = page.getByRole('dialog');
  if (opens === 'popup') {
    const opener = page.getByRole('button', { name: button, expanded: true }).first();
    shown = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  }
  // Scanned once fully shown: a popup fading in is half transparent, its text too pale.
  await page.waitForFunction((el) => getComputedStyle(el).opacity === '1', await shown.elementHandle());
  await settled(page);
  await check(page, `${path}, ${button}`);
  await page.keyboard.press('Escape');
}

describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  const b = useBrowser();

  it('finds no serious or critical violation on the signed-out pages', async () => {
    await checkPages(await b.page(), ['/login', '/forgot-password', '/404']);
  });

  // A broker's screens in three parts, each within a test's time even on a busy machine
  // (every scan reads the whole page).
  it('finds none on a broker’s pages', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.maker', DEMO_PASSWORD, currentCode);
    await checkPages(page, [
      '/',
      '/deposit-and-withdrawals/historic',
      '/deposit-and-withdrawals/requests',
      '/accounts',
      '/entities',
      '/bank-accounts-wallets',
      '/whitelist-requests',
      '/vasp-management',
      '/instruments',
      '/fx-swaps',
    ]);
  });

  it('finds none in a broker’s dialogs', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.maker', DEMO_PASSWORD, currentCode);
    await checkOpened(page, '/', 'Book cash entry', 'dialog');
    await checkOpened(page, '/', /^Reverse entry #\d+$/, 'dialog');
    await checkOpened(page, '/deposit-and-withdrawals/requests', 'Request withdrawal', 'dialog');
    await checkOpened(page, '/accounts', 'Create Account', 'dialog');
    await checkOpened(page, '/entities', 'Create Entity', 'dialog');
  });

  it('finds none in a broker’s menus and popups', async () => {
    // A client's request waiting, so the notification centre is scanned holding an unread notice.
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const asked = await client.request.post('/api/whitelist/wallet/create', {
      headers: await csrfHeaders(client),
      data: {
        network: 'ETH',
        address: `0x${'2e'.repeat(20)}`,
        friendlyName: 'Scanned',
        digitalAssets: ['ETH'],
      },
    });
    expect(asked.ok()).toBe(true);
    const page = await b.page();
    // The broker's approver: a sign-in of its own (each two-factor code is taken once).
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    for (const menu of [
      'User menu',
      'Notifications',
      'Selected entity',
      'Balances of the entities below (USD)',
    ])
      await checkOpened(page, '/', menu, 'popup');
    // The approver's inbox holding that request, the request's drawer, and the reason a
    // rejection asks for.
    await checkPages(page, ['/approvals']);
    await checkOpened(page, '/approvals', /^Open .+ #\d+$/, 'dialog');
    await page
      .getByRole('button', { name: /^Open .+ #\d+$/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    const reason = page.getByRole('dialog', { name: /^Reject request #\d+$/ });
    await reason.getByRole('button', { name: 'Reject' }).click();
    await reason.getByText(/^Reason .* is required$/).waitFor();
    await check(page, '/approvals, a rejection without its reason');
  });

  it('finds none on a client trader’s pages and request forms', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    await checkPages(page, [
      '/',
      '/deposit-and-withdrawals/requests',
      '/bank-accounts-wallets',
      '/deposit-funds',
      '/instruments',
      '/fx-swaps',
      '/trades',
    ]);
    for (const form of ['Request deposit', 'Request withdrawal', 'Internal transfer'])
      await checkOpened(page, '/deposit-and-withdrawals/requests', form, 'dialog');
    // Booking a trade, and a trade's detail (the drawer).
    await checkOpened(page, '/trades', 'Book trade', 'dialog');
    await checkOpened(page, '/trades', 'Book option', 'dialog');
    await checkOpened(page, '/trades', /^Details of trade #\d+$/, 'dialog');
  });

  it('finds none on a transfer receiver’s transfer pages and forms', async () => {
    const page = await b.page();
    await signInPersona(page, 'receiver', DEMO_PASSWORD, currentCode);
    await checkPages(page, ['/deposit-and-withdrawals/transfer', '/config/transfer-fees']);
    await checkOpened(page, '/deposit-and-withdrawals/transfer', 'New transfer', 'dialog');
    await checkOpened(page, '/config/transfer-fees', 'New fee schedule', 'dialog');
  });

  it('finds none on the allocation manager’s page and its dialogs', async () => {
    const page = await b.page();
    await signInPersona(page, 'allocator', DEMO_PASSWORD, currentCode);
    await checkPages(page, ['/allocations']);
    await checkOpened(page, '/allocations', 'Create Allocation Group', 'dialog');
    await checkOpened(page, '/allocations', 'Allocate a block', 'dialog');
    await checkOpened(page, '/allocations', /^Reprocess #\d+$/, 'dialog');
  });

  it('reflows at 320 CSS pixels: no page scrolls sideways and the header covers no heading', async () => {
    const page = await b.page();
    await page.setViewportSize({ width: 320, height: 720 });
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    // WCAG 1.4.10: wide data tables may scroll, inside their own box, never the page.
    for (const path of [
      '/',
      '/deposit-and-withdrawals/historic',
      '/deposit-and-withdrawals/requests',
      '/accounts',
      '/approvals',
    ]) {
      await open(page, path);
      await settled(page);
      const layout = await page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        screenWidth: window.innerWidth,
        headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
        headingTop: document.querySelector('h1')!.getBoundingClientRect().top,
      }));
      expect({ path, width: layout.pageWidth }).toEqual({ path, width: layout.screenWidth });
      expect(layout.headingTop, path).toBeGreaterThanOrEqual(layout.headerBottom);
    }
  });

  it('lets staff book a cash deposit with the keyboard alone, and gives the focus back', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.maker', DEMO_PASSWORD, currentCode);
    await selectEntity(page, 'Northwind Capital');
    const book = page.getByRole('button', { name: 'Book cash entry' });
    const dialog = page.getByRole('dialog', { name: 'Book cash entry' });

    await tabTo(page, book);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await book.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByLabel('Account'));
    await page.keyboard.type('Northwind Settlement');
    // The accounts come from the server: choose once the match is offered.
    await page.getByRole('option', { name: 'Northwind Settlement' }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await dialog.getByLabel('Account').inputValue()).toBe('Northwind Settlement');
    await tabTo(page, dialog.getByLabel('Amount'));
    await page.keyboard.type('250.25');
    await page.keyboard.press('Enter'); // submits the form
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Cash entries' })
      .getByRole('row', { name: /Northwind Settlement.*Deposit.*USD.*250\.25/ })
      .waitFor();
  });
});
