import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { fxTradeDate } from '../../apps/server/src/modules/instruments/iso-dates';
import { connectDatabase } from '../../apps/server/src/platform/db';
import { csrfHeaders, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually } from './page-state';
import { DEALER } from './test-portal';

/** A call of the signed-in page's own API (its session, its CSRF token). */
async function post(page: Page, path: string, data: object) {
  const res = await page.request.post(`/api/${path}`, { headers: await csrfHeaders(page), data });
  expect([path, res.status()]).toEqual([path, 200]);
  return res.json();
}

describe('FX options', () => {
  const b = useBrowser();

  it('staff book a EUR/USD call for Northwind Capital at the house’s quote and exercise it on expiry; the trader sees the resulting trade, the premium in their history and their margin on /', async () => {
    const staff = await b.page();
    await signIn(staff, DEALER);
    const database = connectDatabase(inject('databaseUrl'), 1);
    const ids = await database.db.execute<{ account: number; pair: number }>(sql`
      select (select id from accounts where name = 'Northwind Settlement') as account,
             (select id from instruments where symbol = 'EUR/USD') as pair`);
    const { account, pair } = ids.rows[0]!;
    // Expiring about two weeks out (a business day of both currencies); the premium paid today.
    const later = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const expiryDate = (
      await post(staff, 'instruments/fx/spotValueDate', { base: 'EUR', quote: 'USD', tradeDate: later })
    ).valueDate as string;
    const terms = {
      accountId: account,
      instrumentId: pair,
      side: 'BUY',
      optionType: 'CALL',
      notional: '1000.00',
      strike: '1.0000',
      expiryDate,
      cut: 'NY',
      premiumCurrency: 'USD',
    };
    const quote = await post(staff, 'trades/quote', { kind: 'FX_OPTION', ...terms });
    const booked = await staff.request.post('/api/trades/bookManualDeliverableFxOptionTrade', {
      headers: { ...(await csrfHeaders(staff)), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      data: { ...terms, quoteId: quote.quoteId, premiumDate: fxTradeDate() },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const id = (await booked.json()).trade.id as number;
    const premium = Number(quote.price).toFixed(2);
    // Time passes: the option's New York cut was a moment ago (after the sheet's rates were loaded).
    await database.db.execute(
      sql`update fx_options set expires_at = now() - interval '5 seconds' where trade_id = ${id}`,
    );
    await database.close();
    await visit(staff, '/trades');
    const details = staff.getByRole('button', { name: `Details of trade #${id}` });
    await details.waitFor();

    // On expiry: exercised from its detail, after confirming, with a reason.
    await details.click();
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
      .getByRole('row', { name: new RegExp(`EUR/USD Call.*Exercised.*-${premium.replace('.', '\\.')} USD`) })
      .waitFor();
    await visit(trader, '/trades');
    await trader.getByRole('button', { name: `Details of trade #${underlying}` }).waitFor();
    await trader.getByRole('button', { name: `Details of trade #${id}` }).click();
    const history = trader.getByRole('dialog', { name: `Trade #${id}` });
    await history
      .getByRole('table', { name: 'Postings' })
      .getByRole('row', {
        name: new RegExp(`FX option premium.*Northwind Settlement.*-${premium.replace('.', '\\.')} USD`),
      })
      .waitFor();
    await history.getByRole('list', { name: 'Events' }).getByText('Exercised').first().waitFor();
  });
});
