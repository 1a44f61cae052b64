import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, reload, selectEntity, signInPersona, useBrowser } from './browser';
import { eventually } from './page-state';

/** A broker persona's Overview, once its cash-entry history (more than a page) shows. */
async function brokerHistory(page: Page, persona: 'ops.checker' | 'ops.maker' = 'ops.checker') {
  await signInPersona(page, persona, DEMO_PASSWORD, currentCode);
  const history = page.getByRole('table', { name: 'Cash entries' });
  await history
    .getByRole('row', { name: /Opening balance/ })
    .first()
    .waitFor();
  return history;
}

/**
 * A staff persona's Overview of Northwind Capital: its tables, the booking dialog, and the
 * USD available on Northwind Settlement as shown — other journeys may have moved money
 * there already, so tests read it rather than assume it.
 */
async function settlementOverview(page: Page, persona: 'ops.checker' | 'ops.maker') {
  await signInPersona(page, persona, DEMO_PASSWORD, currentCode);
  await selectEntity(page, 'Northwind Capital');
  const table = page.getByRole('table', { name: 'Balances' });
  const settlement = table.getByRole('row', { name: /Northwind Settlement.*USD/ });
  await settlement.waitFor();
  const dialog = page.getByRole('dialog', { name: 'Book cash entry' });
  return {
    table,
    history: page.getByRole('table', { name: 'Cash entries' }),
    dialog,
    available: async () =>
      Number(((await settlement.getByRole('cell').nth(4).textContent()) ?? '').replace(/,/g, '')),
    pick: async (label: string, option: string) => {
      await dialog.getByLabel(label).click();
      await page.getByRole('option', { name: option }).click();
    },
  };
}

type Listed = { items: { amount: string; accountName: string }[] };

/**
 * Does `action` and returns the cash-entry list the history asked for because of it (the
 * call whose filter `matches`), once the table shows exactly those entries: until then it
 * keeps showing the previous answer, which a test must not read as the new one.
 */
async function historyAfter(
  page: Page,
  history: Locator,
  action: () => Promise<void>,
  matches: (filter: Record<string, unknown>) => boolean,
): Promise<Listed['items']> {
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/cashentry/list' &&
      r.ok() &&
      matches((r.request().postDataJSON() ?? {}) as Record<string, unknown>),
  );
  // Should the action fail, its own error is the one to report, not a wait for this answer.
  answered.catch(() => {});
  await action();
  const { items } = (await (await answered).json()) as Listed;
  // The table signs each amount by its direction on the account (a withdrawal reads
  // negative); the list call sends it as stored.
  await eventually(async () => (await shownAmounts(history)).map(Math.abs)).toEqual(
    items.map((e) => Math.abs(Number(e.amount))),
  );
  return items;
}

/** The amounts of the history's rows, in order, as numbers for comparison in the test. */
const shownAmounts = async (history: Locator) =>
  history
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => Number((r.querySelectorAll('td')[4]?.textContent ?? '').replace(/,/g, ''))),
    );

describe('balances on the overview', () => {
  const b = useBrowser();

  it('shows a client trader their balances, and no back-office booking', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    const table = page.getByRole('table', { name: 'Balances' });
    await table.getByRole('row', { name: /Northwind Margin.*USD.*2,500,000\.00/ }).waitFor();
    // Each position is also valued in the base currency at the rate sheet's rate (BTC 64,250).
    await table.getByRole('columnheader', { name: 'Value (USD)' }).waitFor();
    // Crypto at its display precision: BTC's trailing zeros trimmed (12.50, not 12.50000000).
    await table.getByRole('row', { name: /Northwind Margin.*BTC.*12\.50\s+803,125\.00/ }).waitFor();
    // The total says when its rates were set (the demo's rate sheet is fresh: no warning).
    await page.getByText(/^At mid rates as of \d/).waitFor();
    expect(await page.getByText(/hours old$/).count()).toBe(0);
    // An account's name opens its history (a link on each of its balance rows).
    expect(
      await table.getByRole('link', { name: 'Northwind Settlement' }).first().getAttribute('href'),
    ).toMatch(/\/deposit-and-withdrawals\/historic\?accountId=\d+$/);
    expect(await page.getByRole('button', { name: 'Book cash entry' }).count()).toBe(0);
  });

  it('shows what holds a client’s funds: the pending request, who asked and when', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    const table = page.getByRole('table', { name: 'Balances' });
    await table.getByRole('row', { name: /Northwind Margin.*USD/ }).waitFor();
    const accounts = await (
      await page.request.post('/api/account/list', { headers: await csrfHeaders(page), data: {} })
    ).json();
    const id = (name: string) => accounts.find((a: { name: string }) => a.name === name).id as number;
    const amount = `${1 + (Date.now() % 97)}.25`;
    const requested = await page.request.post('/api/requests/internal-transfer', {
      headers: { ...(await csrfHeaders(page)), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      data: {
        fromAccountId: id('Northwind Margin'),
        toAccountId: id('Northwind Settlement'),
        asset: 'USD',
        amount,
      },
    });
    expect(requested.status()).toBe(200);
    const request = await requested.json();
    try {
      await reload(page);
      await table
        .getByRole('button', { name: /^[\d,.]+ USD held on Northwind Margin: show what holds it$/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`#${request.id} Internal Transfer of ${amount} USD`).waitFor();
      await dialog
        .getByText(/^Requested by trader, \d/)
        .first()
        .waitFor();
    } finally {
      // Give the funds back: the requester cancels, which releases the hold.
      await page.request.post('/api/requests/status/update', {
        headers: await csrfHeaders(page),
        data: { requestId: request.id, status: 'CANCELLED' },
      });
    }
  });

  it('shows a broker the summary towards clients', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    await page.getByText('Summary towards clients').waitFor();
    await page.getByTestId('Owed to clients').waitFor();
    // Per asset: posted, held, available and the value in the base currency.
    await page
      .getByRole('table', { name: 'Summary towards clients' })
      .getByRole('row', { name: /^BTC\s+12\.50\s/ })
      .waitFor();
    // What each entity below holds (its desks, each with its clients), largest first.
    await page.getByRole('button', { name: 'Balances of the entities below (USD)' }).click();
    const byClient = page.getByRole('table', { name: 'Balances of the entities below (USD)' });
    await byClient.getByRole('row', { name: /^Aurora London Desk\s.*12\.50 BTC/ }).waitFor();
    const values = await byClient
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.slice(1).map((r) => Number((r.querySelectorAll('td')[2]?.textContent ?? '').replace(/,/g, ''))),
      );
    expect(values.length).toBeGreaterThan(1);
    expect(values.every((v, i) => i === 0 || v <= values[i - 1]!)).toBe(true);
  });

  it('exports every cash entry the filters match, not only the page on screen', async () => {
    const page = await b.page();
    const history = await brokerHistory(page);
    expect(await history.getByRole('row').count()).toBe(11); // the header and a page of 10
    await page.getByRole('button', { name: 'Next page' }).waitFor();

    const download = page.waitForEvent('download');
    // Each table of the page exports its own rows: the button names its table.
    await page.getByRole('button', { name: 'Export CSV of Cash entries' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cash-entries-\d+\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe(
      'id,type,valueDate,entity,account,accountId,counterAccountId,counterAccount,asset,amount,reference,memo,requestId,createdBy,createdAt,reversesEntryId,reversedByEntryId',
    );
    expect(lines.length - 1).toBeGreaterThan(10);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(lines.length - 1);
  });

  it('sorts the cash entries either way, and shows when each was booked', async () => {
    const page = await b.page();
    const history = await brokerHistory(page, 'ops.maker');
    // The Amount header sorts (largest first), a second click reverses; aria-sort says which way.
    const amountHeader = history.getByRole('columnheader', { name: 'Amount' });
    await historyAfter(
      page,
      history,
      () => amountHeader.getByRole('button', { name: 'Amount' }).click(),
      (f) => f.sort === 'amount' && f.direction === 'desc',
    );
    expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');
    const amounts = () => shownAmounts(history);
    const ordered = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - xs[i - 1]!) >= 0);
    await eventually(async () => ordered(await amounts(), -1)).toBe(true);
    const largest = (await amounts())[0]!;
    await historyAfter(
      page,
      history,
      () => amountHeader.getByRole('button', { name: 'Amount' }).click(),
      (f) => f.sort === 'amount' && f.direction === 'asc',
    );
    await eventually(async () => (await amounts())[0]! < largest && ordered(await amounts(), 1)).toBe(true);
    expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending');
    await history.getByRole('columnheader', { name: 'Booked by / at' }).waitFor();
    // Staff see a last column of actions; who booked an entry and when comes before it.
    expect(await history.getByRole('row').nth(1).getByRole('cell').nth(7).textContent()).toMatch(
      /^[a-z][\w.]*\s*\d.*\d{1,2}:\d{2}:\d{2}/,
    );
  });

  it('narrows the history to one account of a client, picked by name under its entity', async () => {
    const page = await b.page();
    const history = await brokerHistory(page, 'ops.maker');
    await page.getByRole('combobox', { name: 'Account' }).fill('Northwind Margin');
    const narrowed = await historyAfter(
      page,
      history,
      () => page.getByRole('option', { name: 'Northwind Margin' }).click(),
      (f) => typeof f.accountId === 'number',
    );
    expect(narrowed.length).toBeGreaterThan(0);
    await eventually(async () => {
      const accounts = await history
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
      return accounts.length > 0 && accounts.every((a) => a.includes('Northwind Margin'));
    }).toBe(true);
  });

  it('opens an account’s history from the Accounts page, already narrowed to it', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('link', { name: 'Northwind Settlement' }).click();
    await page.getByRole('heading', { name: 'Deposit & Withdrawals History' }).waitFor();
    expect(new URL(page.url()).searchParams.get('accountId')).toMatch(/^\d+$/);
    // The filter names the account once the account list has come.
    await eventually(() => page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe(
      'Northwind Settlement',
    );
    const history = page.getByRole('table', { name: 'Cash entries' });
    await history
      .getByRole('row', { name: /Opening balance/ })
      .first()
      .waitFor();
    const accounts = await history
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(accounts.length).toBeGreaterThan(0);
    // A transfer it received names the sender first: Sender → Northwind Settlement.
    expect(accounts.every((a) => a.includes('Northwind Settlement'))).toBe(true);
  });

  it('keeps the rows-per-page choice (10 by default) for every table, across a reload', async () => {
    const page = await b.page();
    const history = await brokerHistory(page);
    const rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
    expect(await rowsPerPage.inputValue()).toBe('10');
    await rowsPerPage.click();
    await page.getByRole('option', { name: '25' }).click();
    await eventually(() => history.getByRole('row').count()).toBeGreaterThan(11);

    await reload(page);
    await history
      .getByRole('row', { name: /Opening balance/ })
      .first()
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('25');
    await page.getByRole('link', { name: 'Historic' }).click();
    await page.getByRole('heading', { name: 'Deposit & Withdrawals History' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('25');
  });

  it('refreshes the balances on the configured interval, showing a booking made elsewhere', async () => {
    const trader = await b.page();
    await signInPersona(trader, 'trader', DEMO_PASSWORD, currentCode);
    const balances = trader.getByRole('table', { name: 'Balances' });
    await balances.getByRole('row', { name: /Northwind Margin.*USD/ }).waitFor();
    const [own] = await (
      await trader.request.post('/api/account/list', { headers: await csrfHeaders(trader), data: {} })
    ).json();

    // Staff open an account for the trader's entity and book a deposit to it, in their own browser.
    const staff = await b.page();
    await signInPersona(staff, 'ops.maker', DEMO_PASSWORD, currentCode);
    const name = `Refreshed ${Date.now()}`;
    const entityId = own.entityId as number;
    const account = await (
      await staff.request.post('/api/account/create', {
        headers: await csrfHeaders(staff),
        data: { entityId, accountType: 'MarginTrading', accountName: name },
      })
    ).json();
    const booked = await staff.request.post('/api/cashentry/deposit', {
      headers: { ...(await csrfHeaders(staff)), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      data: {
        entityId,
        accountId: account.id,
        asset: 'USD',
        amount: '1234.56',
        valueDate: new Date().toISOString().slice(0, 10),
      },
    });
    expect(booked.status()).toBe(200);

    // No reload and no notification: the trader's open page asks again every second here.
    await balances
      .getByRole('row', { name: new RegExp(`${name}.*USD.*1,234\\.56`) })
      .waitFor({ timeout: 5000 });
  });

  it('lets staff book a cash deposit and an internal transfer, and the balances change', async () => {
    const page = await b.page();
    const { table, history, dialog, available, pick } = await settlementOverview(page, 'ops.maker');
    const shown = await available();
    const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/\./g, '\\.');

    await page.getByRole('button', { name: 'Book cash entry' }).click();
    await pick('Account', 'Northwind Settlement');
    await dialog.getByLabel('Amount').fill('1000');
    await dialog.getByRole('button', { name: 'Book deposit' }).click();
    await table
      .getByRole('row', { name: new RegExp(`Northwind Settlement.*USD.*${usd(shown + 1000)}`) })
      .waitFor();
    await history.getByRole('row', { name: /Northwind Settlement.*Deposit.*USD.*1,000\.00/ }).waitFor();

    await page.getByRole('button', { name: 'Book cash entry' }).click();
    await dialog.getByText('Internal Transfer', { exact: true }).click();
    await pick('From account', 'Northwind Settlement');
    await pick('To account', 'Northwind Margin');
    await dialog.getByLabel('Amount').fill('400');
    await dialog.getByRole('button', { name: 'Book transfer' }).click();
    await table
      .getByRole('row', { name: new RegExp(`Northwind Settlement.*USD.*${usd(shown + 600)}`) })
      .waitFor();
    await history
      .getByRole('row', { name: /Northwind Settlement.*Internal Transfer.*USD.*400\.00/ })
      .waitFor();
  });

  it('lets staff reverse a mistaken deposit, saying why: the balance goes back and the two entries name each other', async () => {
    const page = await b.page();
    const { history, dialog: book, available, pick } = await settlementOverview(page, 'ops.checker');
    const before = await available();
    await page.getByRole('button', { name: 'Book cash entry' }).click();
    await pick('Account', 'Northwind Settlement');
    await book.getByLabel('Amount').fill('777.77');
    await book.getByRole('button', { name: 'Book deposit' }).click();
    const deposit = history.getByRole('row', { name: /Northwind Settlement.*Deposit.*USD\s+777\.77/ });
    await deposit.waitFor();
    await eventually(available).toBeCloseTo(before + 777.77, 2);

    await deposit.getByRole('button', { name: /^Reverse entry #\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Reverse entry #\d+$/ });
    await dialog.getByText('This books an opposite entry of -777.77 USD', { exact: false }).waitFor();
    await dialog.getByLabel('Reason').fill('x');
    await dialog.getByRole('button', { name: 'Reverse entry' }).click();
    await dialog.getByText('Say why the entry is reversed (at least 3 characters)').waitFor();
    await dialog.getByLabel('Reason').fill('Booked to the wrong account');
    await dialog.getByRole('button', { name: 'Reverse entry' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(available).toBeCloseTo(before, 2);
    // The reversal says why, under its reference.
    await history
      .getByRole('row', { name: /Deposit\s*Reversal of #\d+.*USD\s+-777\.77.*Booked to the wrong account/ })
      .waitFor();
    const reversed = history.getByRole('row', { name: /Deposit\s*Reversed by #\d+.*USD\s+777\.77/ });
    await reversed.waitFor();
    expect(await reversed.getByRole('button', { name: /^Reverse entry/ }).count()).toBe(0);
  });

  it('lets staff with instrument_management set a mid rate on the rate sheet, kept in the pair’s history', async () => {
    const page = await b.page();
    await signInPersona(page, 'treasury', DEMO_PASSWORD, currentCode);
    await page.getByRole('button', { name: 'Rate sheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate sheet (mid rates)' });
    const sheet = dialog.getByRole('table', { name: 'Rate sheet (mid rates)' });
    await sheet.getByRole('row', { name: /EUR\/USD/ }).waitFor();
    // Near the sheet's 1.0842 (within every tolerance): the portal is shared, and the other
    // journeys book EUR/USD by hand at rates the desk judges against this sheet.
    const rate = `1.08${String(Date.now()).slice(-2)}`;
    await dialog.getByLabel('Base', { exact: true }).click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await dialog.getByLabel('Mid rate', { exact: true }).fill(rate);
    await dialog.getByRole('button', { name: 'Set rate' }).click();
    // Shown at EUR/USD's five price decimals (the catalogue's): the four typed, and a 0.
    const shown = `${rate}0`.replace('.', '\\.');
    await sheet.getByRole('row', { name: new RegExp(`EUR/USD\\s+${shown}`) }).waitFor();
    // Every change is kept: the pair's history names the rate, the one it replaced and who.
    await dialog.getByRole('button', { name: 'History of EUR/USD' }).click();
    await dialog
      .getByRole('table', { name: 'History of EUR/USD' })
      .getByRole('row', { name: new RegExp(`^${shown}\\s.*Taylor Treasury`) })
      .waitFor();
  });
});
