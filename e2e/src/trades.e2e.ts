import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { formatDate } from '../../apps/web/src/lib/format/dates';
import { csrfHeaders, reload, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually } from './page-state';
import { DEALER } from './test-portal';

/** A call of the signed-in page's own API (its session, its CSRF token). */
async function post(page: Page, path: string, data: object, headers: Record<string, string> = {}) {
  const res = await page.request.post(`/api/${path}`, {
    headers: { ...(await csrfHeaders(page)), ...headers },
    data,
  });
  expect([path, res.status()]).toEqual([path, 200]);
  return res.json();
}

/** A calendar date as the page shows it, in the browser's own locale. */
async function shownDate(page: Page, isoDate: string) {
  return formatDate(isoDate, { locale: await page.evaluate(() => navigator.language) });
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('trades', () => {
  const b = useBrowser();

  it('staff book a deliverable EUR/USD forward for Northwind from /trades; the trader sees it and its P&L; the end of day on its value date delivers it', async () => {
    const staff = await b.page();
    await signIn(staff, DEALER);
    // A forward: the pair's one-week date, a business day of both currencies after spot.
    const curves = await post(staff, 'fx-swap-rates', { base: 'EUR', quote: 'USD' });
    const forward = curves[0].points.find((p: { tenor: string }) => p.tenor === '1W').valueDate as string;
    const forwardShown = await shownDate(staff, forward);

    await visit(staff, '/trades');
    await staff.getByRole('button', { name: 'Book trade' }).click();
    const form = staff.getByRole('dialog', { name: 'Create Trade' });
    await pick(staff, 'Account', /^Northwind Settlement · Northwind Capital$/);
    await pick(staff, 'Instrument', 'EUR/USD');
    await form.getByLabel('Amount (EUR)').fill('1000.00');
    // The rate comes from the sheet; the value date (spot) and the counter amount from what is typed.
    await eventually(async () => form.getByLabel('Rate').inputValue()).toMatch(/^\d+\.\d+$/);
    await form
      .getByTestId('value-date')
      .getByText(/^Value date: \S+ \(spot, from the server\)$/)
      .waitFor();
    await form.getByLabel('Rate').fill('1.08500');
    await form.getByTestId('counter-amount').getByText('Counter amount: 1,085.00 USD').waitFor();
    await form.getByRole('switch', { name: 'Forward (a later value date)' }).check({ force: true });
    await form.getByLabel(/^Value date/).fill(forward);
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('Review the trade').waitFor();
    await form.getByText(forwardShown).waitFor();
    await form.getByText('1,085.00 USD').waitFor();
    await form.getByRole('button', { name: 'Create Trade' }).click();
    const done = staff.getByRole('dialog', { name: 'Trade Created' });
    await done.getByText('You have successfully created a trade').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    const blotter = staff.getByRole('table', { name: 'Trades' });
    const row = blotter.getByRole('row', {
      name: new RegExp(`EUR/USD.*1,000\\.00 EUR.*${forwardShown}.*Northwind Settlement.*Pending`),
    });
    await row.first().waitFor();
    const id = Number(
      ((await row.first().getByRole('button').getAttribute('aria-label')) ?? '').match(/#(\d+)/)![1],
    );

    // The trader sees it in their blotter, and its P&L on the Overview.
    const trader = await b.page();
    await signInPersona(trader, 'trader', DEMO_PASSWORD, currentCode);
    await trader.getByText('Profit and loss').waitFor();
    await trader
      .getByRole('table', { name: 'Positions' })
      .getByRole('row', { name: /Northwind Settlement.*EUR\/USD.*Not yet delivered/ })
      .waitFor();
    await visit(trader, '/trades');
    await trader.getByRole('button', { name: `Details of trade #${id}` }).waitFor();

    // The end of day of its value date (run on demand by staff) delivers it: the balances move.
    const before = await post(trader, 'account/balances', {});
    const eur = (rows: { accountName: string; asset: string; posted: string }[]) =>
      rows.find((r) => r.accountName === 'Northwind Settlement' && r.asset === 'EUR')?.posted ?? '0.00';
    await post(staff, 'eod/run', { businessDate: forward });
    await eventually(async () => (await post(trader, 'trades/view', { tradeId: id })).trade.status).toBe(
      'SETTLED',
    );
    expect(Number(eur(await post(trader, 'account/balances', {})))).toBe(Number(eur(before)) + 1000);
    await reload(trader);
    await trader.getByRole('button', { name: `Details of trade #${id}` }).click();
    const drawer = trader.getByRole('dialog', { name: `Trade #${id}` });
    await drawer
      .getByRole('table', { name: 'Postings' })
      .getByRole('row', { name: /Northwind Settlement.*1,000\.00 EUR/ })
      .waitFor();
    await drawer.getByRole('list', { name: 'Events' }).getByText(`Settled · ${forwardShown}`).waitFor();
  });

  it('staff cancel another trade with a reason, after confirming: it shows as cancelled, with its event', async () => {
    const staff = await b.page();
    await signIn(staff, DEALER);
    const accounts = await post(staff, 'account/list', { allAccessible: true });
    const settlement = accounts.find((a: { name: string }) => a.name === 'Northwind Settlement').id;
    const pair = (await post(staff, 'instruments/list', { kind: 'FX', search: 'EUR/USD' })).items[0].id;
    const booked = await post(
      staff,
      'trades/bookManualDeliverableFxTrade',
      { accountId: settlement, instrumentId: pair, side: 'BUY', amount: '250.00', rate: '1.08000' },
      { 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    );
    const id = booked.trade.id as number;
    await visit(staff, '/trades');
    await staff.getByRole('button', { name: `Details of trade #${id}` }).click();
    const drawer = staff.getByRole('dialog', { name: `Trade #${id}` });
    await drawer.getByRole('button', { name: 'Cancel trade' }).click();
    const confirm = staff.getByRole('dialog', { name: `Cancel trade #${id}` });
    await confirm
      .getByText('It has not settled: it is cancelled and the funds it holds are released.')
      .waitFor();
    // A reason is required, of at least three characters.
    await confirm.getByRole('button', { name: 'Cancel the trade' }).click();
    await confirm.getByText('Reason is required').waitFor();
    await confirm.getByLabel('Reason').fill('no');
    await confirm.getByRole('button', { name: 'Cancel the trade' }).click();
    await confirm.getByText(/at least 3 characters/).waitFor();
    await confirm.getByLabel('Reason').fill('Client withdrew the order');
    await confirm.getByRole('button', { name: 'Cancel the trade' }).click();
    await confirm.waitFor({ state: 'detached' });
    await drawer.getByRole('list', { name: 'Events' }).getByText('Why: Client withdrew the order').waitFor();
    await drawer.getByText('Cancelled', { exact: true }).first().waitFor();
    await staff.keyboard.press('Escape');
    await staff
      .getByRole('table', { name: 'Trades' })
      .getByRole('row', { name: new RegExp(`Trade #${id}.*Cancelled`) })
      .waitFor();
  });
});
