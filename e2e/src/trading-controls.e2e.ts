import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually, settled } from './page-state';
import { DEALER, DESK_CHECKER } from './test-portal';

/** Where the journeys leave what they saw, to be looked at. */
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** A call of the signed-in page's own API (its session, its CSRF token). */
async function post(page: Page, path: string, data: object) {
  const res = await page.request.post(`/api/${path}`, { headers: await csrfHeaders(page), data });
  expect([path, res.status()]).toEqual([path, 200]);
  return res.json();
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * A forward value date of EUR/USD, three months out: the trades journey runs the end of day
 * a week ahead, which must not deliver these trades into the balances it measures.
 */
async function threeMonthForward(page: Page): Promise<string> {
  const curves = await post(page, 'fx-swap-rates', { base: 'EUR', quote: 'USD' });
  return curves[0].points.find((p: { tenor: string }) => p.tenor === '3M').valueDate as string;
}

/** Opens the booking form and fills the terms of a forward purchase of `amount` EUR against USD for Northwind. */
async function termsOfEurUsd(page: Page, amount: string): Promise<Locator> {
  const forward = await threeMonthForward(page);
  await visit(page, '/trades');
  await page.getByRole('button', { name: 'Book trade' }).click();
  const form = page.getByRole('dialog', { name: 'Create Trade' });
  await pick(page, 'Account', /^Northwind Settlement · Northwind Capital$/);
  await pick(page, 'Instrument', 'EUR/USD');
  await form.getByLabel('Amount (EUR)').fill(amount);
  await form
    .getByTestId('value-date')
    .getByText(/^Value date: \S+ \(spot, from the server\)$/)
    .waitFor();
  await form.getByRole('switch', { name: 'Forward (a later value date)' }).check({ force: true });
  await form.getByLabel(/^Value date/).fill(forward);
  return form;
}

/** The seconds the quote on screen has left, from its countdown ("Expires in 7 s"); 0 once expired. */
async function secondsLeft(form: Locator) {
  return Number(/(\d+) s$/.exec((await form.getByRole('timer').textContent()) ?? '')?.[1] ?? 0);
}

/**
 * Accepts the live quote while it has time enough left for the click to reach the server; a
 * quote about to expire (a busy machine) is let expire and refreshed first. Gives the price accepted.
 */
async function acceptLiveQuote(form: Locator): Promise<string> {
  for (let tries = 0; tries < 3; tries++) {
    if ((await secondsLeft(form)) >= 4) {
      const price = (await form.getByTestId('review-rate').textContent()) ?? '';
      await form.getByRole('button', { name: 'Accept' }).click();
      return price;
    }
    await form.getByRole('button', { name: 'Refresh quote' }).click();
    await eventually(() => secondsLeft(form)).toBeGreaterThan(5);
  }
  throw new Error('no quote lived long enough to accept');
}

describe('trading controls', () => {
  const b = useBrowser();

  it('the client trader books EUR/USD at the house’s live quote: no rate to type, the countdown runs, an expired quote cannot be accepted, Accept books at exactly the quoted price, shown in the blotter', async () => {
    const trader = await b.page();
    await signInPersona(trader, 'trader', DEMO_PASSWORD, currentCode);
    const form = await termsOfEurUsd(trader, '1000.00');
    // A client types no rate and cannot book off-market: it asks for the house's price.
    expect(await form.getByLabel('Rate', { exact: true }).count()).toBe(0);
    expect(await form.getByRole('checkbox', { name: /Off-market/ }).count()).toBe(0);
    await form.getByTestId('quote-hint').waitFor();
    await settled(trader);
    await trader.screenshot({ path: `${SHOTS}/trading-client-terms.png` });

    await form.getByRole('button', { name: 'Get quote' }).click();
    const timer = form.getByRole('timer');
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(/^Expires in \d+ s$/);
    await form.getByText("The house's quote").waitFor();
    await settled(trader);
    await trader.screenshot({ path: `${SHOTS}/trading-client-quote.png` });
    // The seconds count down while the trader reads.
    const first = await secondsLeft(form);
    await eventually(() => secondsLeft(form)).toBeLessThan(first);
    // Left to expire, the quote cannot be accepted: only a fresh one can.
    await eventually(() => form.getByRole('timer').textContent()).toBe('Expired');
    expect(await form.getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Refresh quote' }).waitFor();
    await settled(trader);
    await trader.screenshot({ path: `${SHOTS}/trading-client-expired.png` });

    const price = await acceptLiveQuote(form);
    const done = trader.getByRole('dialog', { name: 'Trade Created' });
    const line = (await done.getByTestId('booked-trade').textContent()) ?? '';
    expect(line).toMatch(
      new RegExp(
        `^Trade #\\d+ \\(ticket \\S+\\): Buy 1,000\\.00 EUR EUR/USD at ${price.replace('.', '\\.')} — `,
      ),
    );
    const id = Number(/#(\d+)/.exec(line)![1]);
    await done.getByRole('button', { name: 'OK' }).click();

    // Booked at exactly the quoted price, and the blotter shows it so.
    const booked = (await post(trader, 'trades/view', { tradeId: id })).trade;
    expect(Number(booked.rate)).toBe(Number(price.replaceAll(',', '')));
    const row = trader.getByRole('table', { name: 'Trades' }).getByRole('row', {
      name: new RegExp(`EUR/USD.*1,000\\.00 EUR.*${price.replace('.', '\\.')}.*Northwind Settlement`),
    });
    await row.getByRole('button', { name: `Details of trade #${id}` }).waitFor();
  });

  it('staff book off-market only with a reason, as a request another staff member approves in the approvals inbox; then the trade is booked', async () => {
    const staff = await b.page();
    await signIn(staff, DEALER);
    const form = await termsOfEurUsd(staff, '1234.00');
    const rate = form.getByLabel('Rate', { exact: true });
    await eventually(() => rate.inputValue()).toMatch(/^\d+\.\d+$/);
    // Far off the sheet: the form says so before the server judges it.
    await rate.fill('1.50000');
    await form
      .getByTestId('off-market-hint')
      .getByText(/Beyond the tolerance/)
      .waitFor();
    await form.getByRole('checkbox', { name: /Off-market/ }).check();
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('Say why the trade is booked off-market').waitFor();
    const reason = `Client agreed the historic rate by phone (e2e ${crypto.randomUUID().slice(0, 8)})`;
    await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await settled(staff);
    await staff.screenshot({ path: `${SHOTS}/trading-staff-form.png`, fullPage: true });

    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('Off-market: this is not booked yet', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Send for approval' }).click();
    const sent = staff.getByRole('dialog', { name: 'Sent for approval' });
    const said = (await sent.getByText(/^Sent for approval: request #\d+/).textContent()) ?? '';
    expect(said).toMatch(/^Sent for approval: request #\d+ — another staff member must approve it\.$/);
    const requestId = Number(/#(\d+)/.exec(said)![1]);
    await sent.getByRole('button', { name: 'OK' }).click();
    // Nothing is booked yet.
    const atOffMarket = async (page: Page) =>
      (await post(page, 'trades/list', { limit: 100 })).items.filter(
        (t: { amount: string; rate: string }) => Number(t.amount) === 1234 && Number(t.rate) === 1.5,
      );
    expect(await atOffMarket(staff)).toEqual([]);

    // A second person of the desk finds it in the approvals inbox and approves it.
    const checker = await b.page();
    await signIn(checker, DESK_CHECKER);
    await visit(checker, '/approvals');
    await checker.getByRole('textbox', { name: 'Search requests' }).fill(String(requestId));
    const inbox = checker.getByRole('table', { name: 'Waiting for your decision' });
    const row = inbox.getByRole('row', {
      name: new RegExp(`#${requestId} Off-market Trade Northwind Capital`),
    });
    await row.getByRole('button', { name: `Open Off-market Trade #${requestId}` }).click();
    const drawer = checker.getByRole('dialog', { name: `Request #${requestId} · Off-market Trade` });
    await drawer.waitFor();
    await settled(checker);
    const fact = (label: string) =>
      drawer.getByRole('row', { name: new RegExp(`^${label} `) }).getByRole('cell');
    expect(await fact('Instrument').textContent()).toBe('EUR/USD');
    expect(await fact('Price booked').textContent()).toBe('1.50000');
    expect(await fact('Off the market by').textContent()).toMatch(/^\d+(\.\d+)? % \(tolerance 2 %\)$/);
    expect(await fact('Reason').textContent()).toBe(reason);
    await checker.screenshot({ path: `${SHOTS}/trading-approval-drawer.png` });
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const confirm = checker.getByRole('dialog', { name: `Approve request #${requestId}` });
    await confirm.getByText(/the trade is booked at the price booked above/).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Request approved').first().waitFor();

    // Booked now, at the approved price, and in the blotter of the desk that asked.
    const [trade] = await (async () => {
      await eventually(async () => (await atOffMarket(staff)).length).toBe(1);
      return atOffMarket(staff);
    })();
    await visit(staff, '/trades');
    await staff
      .getByRole('table', { name: 'Trades' })
      .getByRole('button', { name: `Details of trade #${trade.id}` })
      .waitFor();
  });
});
