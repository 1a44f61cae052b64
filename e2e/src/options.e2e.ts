import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually } from './page-state';
import { DEALER } from './test-portal';

/** A call of the signed-in page's own API (its session, its CSRF token). */
async function post(page: Page, path: string, data: object) {
  const res = await page.request.post(`/api/${path}`, { headers: await csrfHeaders(page), data });
  expect([path, res.status()]).toEqual([path, 200]);
  return res.json();
}

/** The weekday `days` calendar days before today (UTC), or the weekday before that. */
function weekdayBefore(days: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The last business day of EUR and USD (no weekend, no holiday of either) before today. */
async function businessDayBeforeToday(page: Page) {
  const holidays = new Set<string>();
  const year = new Date().getUTCFullYear();
  for (const calendar of ['EUR', 'USD'])
    for (const y of [year - 1, year])
      for (const h of (await post(page, 'instruments/holidays', { calendar, year: y })) as {
        date: string;
        active: boolean;
      }[])
        if (h.active) holidays.add(h.date);
  let days = 1;
  while (holidays.has(weekdayBefore(days))) days++;
  return weekdayBefore(days);
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('FX options', () => {
  const b = useBrowser();

  it('staff book a EUR/USD call for Northwind Capital and exercise it on expiry; the trader sees the resulting trade, the premium in their history and their margin on /', async () => {
    // Booked as dealt a week ago, expiring on the last business day before today: its New York cut has passed.
    const tradeDate = weekdayBefore(8);
    const staff = await b.page();
    await signIn(staff, DEALER);
    const expiryDate = await businessDayBeforeToday(staff);
    await visit(staff, '/trades');
    await staff.getByRole('button', { name: 'Book option' }).click();
    const form = staff.getByRole('dialog', { name: 'Book an FX option' });
    await pick(staff, 'Account', /^Northwind Settlement · Northwind Capital$/);
    await pick(staff, 'Currency pair', 'EUR/USD');
    await form.getByLabel('Notional in EUR').fill('1000.00');
    await form.getByLabel('Strike').fill('1.0000');
    await form.getByRole('img', { name: /^Payoff at expiry/ }).waitFor();
    await form.getByLabel('Expiry date').fill(expiryDate);
    await form.getByLabel('Trade date').fill(tradeDate);
    await form.getByLabel('Premium', { exact: true }).fill('25.00');
    await form.getByRole('button', { name: 'Book option' }).click();
    const done = staff.getByRole('dialog', { name: 'Trade Created' });
    await done.getByRole('button', { name: 'OK' }).click();
    const row = staff
      .getByRole('table', { name: 'Trades' })
      .getByRole('row', { name: /EUR\/USD.*1,000\.00 EUR.*Northwind Settlement.*Open/ })
      .first();
    await row.waitFor();
    const id = Number(((await row.getByRole('button').getAttribute('aria-label')) ?? '').match(/#(\d+)/)![1]);

    // On expiry: exercised from its detail, after confirming, with a reason.
    await row.getByRole('button').click();
    const drawer = staff.getByRole('dialog', { name: `Trade #${id}` });
    await drawer.getByRole('button', { name: 'Expire' }).waitFor();
    await drawer.getByRole('button', { name: 'Exercise' }).click();
    const confirm = staff.getByRole('dialog', { name: `Exercise option #${id}` });
    await confirm.getByRole('button', { name: 'Exercise' }).click();
    await confirm.getByText('Reason is required').waitFor();
    await confirm.getByLabel('Reason', { exact: true }).fill('Client exercised at the New York cut');
    await confirm.getByRole('button', { name: 'Exercise' }).click();
    await confirm.waitFor({ state: 'detached' });
    await drawer
      .getByRole('list', { name: 'Events' })
      .getByText('Why: Client exercised at the New York cut')
      .waitFor();
    // Ended: no move is offered any more.
    await eventually(async () => drawer.getByRole('button', { name: 'Exercise' }).count()).toBe(0);
    const underlying = (await post(staff, 'trades/view', { tradeId: id })).trade.option
      .underlyingTradeId as number;
    expect(underlying).toBeGreaterThan(id);

    // The trader: the resulting trade, the premium paid in the option's history, margin on /.
    const trader = await b.page();
    await signInPersona(trader, 'trader', DEMO_PASSWORD, currentCode);
    const margin = trader.getByRole('region', { name: 'Margin' });
    await margin.getByTestId('Equity').waitFor();
    await margin.getByTestId('Used margin').waitFor();
    await margin.getByTestId('Free margin').waitFor();
    await margin.getByText('Margin level').first().waitFor();
    await trader
      .getByRole('table', { name: 'FX options' })
      .getByRole('row', { name: /EUR\/USD Call.*Exercised.*-25\.00 USD/ })
      .waitFor();
    await visit(trader, '/trades');
    await trader.getByRole('button', { name: `Details of trade #${underlying}` }).waitFor();
    await trader.getByRole('button', { name: `Details of trade #${id}` }).click();
    const history = trader.getByRole('dialog', { name: `Trade #${id}` });
    await history
      .getByRole('table', { name: 'Postings' })
      .getByRole('row', { name: /FX option premium.*Northwind Settlement.*-25\.00 USD/ })
      .waitFor();
    await history.getByRole('list', { name: 'Events' }).getByText('Exercised').first().waitFor();
  });
});
