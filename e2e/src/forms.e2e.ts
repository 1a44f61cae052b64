import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { selectEntity, signIn, signInPersona, useBrowser, visit } from './browser';
import { settled } from './page-state';
import { DEALER } from './test-portal';

/**
 * The form walk: every built form, submitted empty and with bad values, as its users meet
 * it. Whatever the browser or the server refuses must read in words a person uses — never
 * zod's default English, never a field's key from the API (ibanCode, walletType, `address:`).
 */

/** zod's default messages (v4 and earlier), which must never reach a person. */
const ZOD_ENGLISH =
  /Invalid input|Invalid option|Invalid (string|number|type|enum value)|[Ee]xpected (string|number|array|object|boolean|one of)|received (undefined|null|string|number|NaN)|Too (small|big)|Unrecognized key|String must contain|Required$/m;
/**
 * A field key as the API spells it: camelCase anywhere (ibanCode, walletType), or a key
 * opening a message before a colon (`address: is not a valid Bitcoin address`).
 */
const RAW_KEY = /\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b|^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*: /m;

/** Fails, naming the form, if the form or a toast shows developer text; returns the form's messages. */
async function expectPlainWords(page: Page, form: Locator, what: string): Promise<string[]> {
  await settled(page);
  const messages = await form.locator('.mantine-InputWrapper-error, [role="alert"]').allInnerTexts();
  const toasts = await page.locator('.mantine-Notification-root').allInnerTexts();
  // What a person sees, line by line (a message opens a line): the rendered text, not the DOM's.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what is read
  for (const text of [await form.innerText(), ...toasts]) {
    expect({ what, text, zod: ZOD_ENGLISH.exec(text)?.[0] }).toMatchObject({ zod: undefined });
    expect({ what, key: RAW_KEY.exec(text)?.[0], text }).toMatchObject({ key: undefined });
  }
  return messages;
}

/**
 * Submits `form` with `button` and reads its refusal once the page has settled (the browser's
 * check is synchronous; a server's answer is a call `settled` waits for): field messages and
 * the form's alerts.
 */
async function submitRefused(page: Page, form: Locator, button: string, what: string) {
  await form.getByRole('button', { name: button, exact: true }).click();
  const messages = await expectPlainWords(page, form, what);
  expect(messages.length, what).toBeGreaterThan(0);
  return messages;
}

/** The required marks a form draws (never written into the label's text). */
/** The required marks a form shows, once it has drawn its fields (a dialog opens before its form renders). */
async function requiredMarks(form: Locator) {
  const marks = form.locator('label[data-required-mark]');
  await marks.first().waitFor();
  return marks.count();
}

/** Chooses `option` in a Mantine Select or MultiSelect. */
async function pick(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('the form walk: every built form speaks in labels, never in keys or zod’s English', () => {
  const b = useBrowser();

  it('signed out: sign-in, forgotten password and reset password', async () => {
    const page = await b.page();
    await page.goto('/login');
    const login = page.locator('form');
    expect(await requiredMarks(login)).toBe(2);
    // Leaving a field shows its problem; typing clears it at once.
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await login.getByText('Username is required').waitFor();
    expect(await login.getByText('Password is required').count()).toBe(0);
    await page.getByLabel('Username').fill('x');
    await login.getByText('Username is required').waitFor({ state: 'detached' });
    await page.getByLabel('Username').fill('');
    expect(await submitRefused(page, login, 'Sign in', 'sign-in, empty')).toEqual([
      'Username is required',
      'Password is required',
    ]);
    await page.getByLabel('Username').fill('nobody.at.all');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await submitRefused(page, login, 'Sign in', 'sign-in, unknown user');

    await page.goto('/forgot-password');
    await submitRefused(page, page.locator('form'), 'Send reset link', 'forgotten password, empty');

    await page.goto('/reset-password?token=not-a-real-token');
    const reset = page.locator('form');
    await submitRefused(page, reset, 'Set new password', 'reset password, empty');
    // The policy's rules tick off as the password is typed, before any submit.
    await page.getByLabel('New password', { exact: true }).fill('abc1');
    await reset.locator('[data-rule="digit"][data-met="true"]').waitFor();
    await reset.locator('[data-rule="length"][data-met="false"]').waitFor();
    await page.getByLabel('Confirm new password').fill('abc2');
    await submitRefused(page, reset, 'Set new password', 'reset password, weak and mismatched');
    await reset.getByText('Password must be at least 12 characters').waitFor();
    await reset.getByText('The passwords do not match').waitFor();
    // A good password with a dead link: the server refuses; its toast says why, under its title.
    await page.getByLabel('New password', { exact: true }).fill('Another-Good-Pass-42');
    await page.getByLabel('Confirm new password').fill('Another-Good-Pass-42');
    await submitRefused(page, reset, 'Set new password', 'reset password, dead link');
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: the title and message as rendered lines
    const [title, ...rest] = (await toast.innerText()).split('\n').filter(Boolean);
    expect(title).toBe('Invalid Request');
    expect(rest.join(' ')).toContain('This password reset link is invalid or has expired.');
  });

  it('a client: change password, deposit, withdrawal and transfer requests, bank account and wallet requests', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);

    await visit(page, '/user/change-password');
    const change = page.locator('main form');
    expect(await requiredMarks(change)).toBe(3);
    await submitRefused(page, change, 'Change Password', 'change password, empty');
    await page.getByLabel('New password', { exact: true }).fill('Trader-is-here-2026!');
    await change.locator('[data-rule="username"][data-met="false"]').waitFor();

    await visit(page, '/deposit-and-withdrawals/requests');
    for (const mode of ['Request deposit', 'Request withdrawal', 'Internal transfer']) {
      await page.getByRole('button', { name: mode }).click();
      const form = page.getByRole('dialog', { name: mode });
      expect(await requiredMarks(form)).toBeGreaterThan(2);
      const messages = await submitRefused(page, form, 'Submit request', `${mode}, empty`);
      // Every problem at once, not one field after another.
      expect(messages.length, mode).toBeGreaterThanOrEqual(3);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
    }
    // Bad values: a crypto deposit with a hash too short and an amount that is not one.
    await page.getByRole('button', { name: 'Request deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Request deposit' });
    await deposit.getByText('Crypto', { exact: true }).click();
    await pick(page, deposit.getByLabel('Account'), 'Northwind Settlement');
    // Only the configured transfer currencies (and what the account holds) are offered.
    await deposit.getByLabel('Asset').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^BTC/), expect.stringMatching(/^ETH/)]),
    );
    expect(await page.getByRole('option').count()).toBeLessThan(10);
    await page.getByRole('option', { name: /^BTC/ }).click();
    await deposit.getByLabel('Transaction hash').fill('abc');
    await deposit.getByLabel('Amount').fill('1,5');
    await submitRefused(page, deposit, 'Submit request', 'crypto deposit, bad values');
    await deposit.getByText('Transaction hash must be at least 10 characters').waitFor();
    // A correction clears its message at once.
    await deposit.getByText('Enter an amount such as 125.50').waitFor();
    await deposit.getByLabel('Amount').fill('1.5');
    await deposit.getByText('Enter an amount such as 125.50').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Bank Accounts / Wallets' }).click();
    const panel = page.getByRole('dialog', { name: 'Bank Accounts / Wallets' });
    await panel.getByRole('tab', { name: 'Bank accounts' }).click();
    await panel.getByRole('button', { name: 'Request a bank account' }).click();
    const bank = page.getByRole('dialog', { name: 'Request a bank account' });
    await submitRefused(page, bank, 'Submit request', 'bank account request, empty');
    await bank.getByLabel('Beneficiary name').fill('Northwind Capital Ltd');
    await bank.getByLabel('Beneficiary address').fill('1 Harbour Street, London');
    await bank.getByLabel('Bank name').fill('Some Bank');
    await bank.getByLabel('IBAN').fill('GB00 NOT AN IBAN');
    await bank.getByLabel('BIC / SWIFT').fill('NWBKGB2L');
    await pick(page, bank.getByLabel('Currency'), /^GBP/);
    await submitRefused(page, bank, 'Submit request', 'bank account request, bad IBAN');
    await bank.getByText('is not a valid IBAN', { exact: true }).waitFor();
    // Closed by its own button: Escape would close the panel beneath it too.
    await bank.getByRole('button', { name: 'Close' }).click();
    await bank.waitFor({ state: 'hidden' });

    await panel.getByRole('tab', { name: 'Wallets' }).click();
    await panel.getByRole('button', { name: 'Request a wallet' }).click();
    const wallet = page.getByRole('dialog', { name: 'Request a wallet' });
    await submitRefused(page, wallet, 'Submit request', 'wallet request, empty');
    await pick(page, wallet.getByLabel('Network'), 'Bitcoin');
    await wallet.getByLabel('Address').fill('bc1-this-is-not-an-address');
    await pick(page, wallet.getByLabel('Digital assets'), 'BTC');
    await wallet.getByLabel('Friendly name').fill('Not a wallet');
    await submitRefused(page, wallet, 'Submit request', 'wallet request, bad address');
    await wallet.getByText('is not a valid Bitcoin address', { exact: true }).waitFor();
  });

  it('broker operations: book cash entry, reversal, accounts and VASPs', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);

    // At the broker, which holds no accounts of its own, booking says where the accounts are.
    await page.getByRole('button', { name: 'Book cash entry' }).click();
    const book = page.getByRole('dialog', { name: 'Book cash entry' });
    await book.getByText('pick the client entity in the entity selector').waitFor();
    await page.keyboard.press('Escape');
    await book.waitFor({ state: 'hidden' });

    await selectEntity(page, 'Northwind Capital');
    await page.getByRole('button', { name: 'Book cash entry' }).click();
    const buttons = {
      Deposit: 'Book deposit',
      Withdrawal: 'Book withdrawal',
      'Internal Transfer': 'Book transfer',
    };
    for (const [type, button] of Object.entries(buttons)) {
      await book.getByText(type, { exact: true }).click();
      await submitRefused(page, book, button, `book cash entry (${type}), empty`);
    }
    await book.getByText('Deposit', { exact: true }).click();
    await pick(page, book.getByLabel('Account'), 'Northwind Settlement');
    await book.getByLabel('Amount').fill('12.345');
    await submitRefused(page, book, 'Book deposit', 'book cash entry, too many decimals');
    await book.getByLabel('Amount').fill('12.34');
    const reference = `form-walk-${Date.now()}`;
    await book.getByLabel('Reference').fill(reference);
    await book.getByRole('button', { name: 'Book deposit' }).click();
    await book.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Cash entries' })
      .getByRole('row', { name: new RegExp(reference) })
      .getByRole('button', { name: /^Reverse entry/ })
      .click();
    const reverse = page.getByRole('dialog', { name: /^Reverse entry #\d+$/ });
    expect(await submitRefused(page, reverse, 'Reverse entry', 'reversal, empty')).toContain(
      'Reason is required',
    );
    await page.keyboard.press('Escape');

    await visit(page, '/vasp-management');
    await page.getByRole('button', { name: 'Add VASP' }).click();
    const vasp = page.getByRole('dialog', { name: 'Add VASP' });
    await submitRefused(page, vasp, 'Add VASP', 'add VASP, empty');
    await vasp.getByLabel('Name').fill('Walk Custody');
    await vasp.getByLabel('LEI').fill('123');
    await vasp.getByLabel('Jurisdiction (ISO country code)').fill('G');
    await vasp.getByLabel('Website').fill('not a url');
    await submitRefused(page, vasp, 'Add VASP', 'add VASP, bad values');

    const maker = await b.page();
    await signInPersona(maker, 'ops.maker', DEMO_PASSWORD, currentCode);
    await selectEntity(maker, 'Northwind Capital');
    await visit(maker, '/accounts');
    await maker.getByRole('button', { name: 'Create Account' }).click();
    const account = maker.getByRole('dialog', { name: 'Create Account' });
    await submitRefused(maker, account, 'Create Account', 'create account, empty');
    await pick(maker, account.getByLabel('Type'), 'Bank');
    await account.getByLabel('Name').fill('Walk');
    await account.getByLabel('IBAN').fill('DE00 0000');
    await account.getByLabel('BIC / SWIFT').fill('nope');
    await submitRefused(maker, account, 'Create Account', 'create account, bad IBAN and BIC');
    await account.getByText('is not a valid IBAN', { exact: true }).waitFor();
    await maker.keyboard.press('Escape');
    await account.waitFor({ state: 'hidden' });
    await maker.getByRole('button', { name: 'Edit' }).first().click();
    const edit = maker.getByRole('dialog', { name: /^Edit: / });
    await edit.getByLabel('Name').fill('');
    await submitRefused(maker, edit, 'Save Changes', 'edit account, no name');
  });

  it('dealing: the FX option booking form', async () => {
    const page = await b.page();
    await signIn(page, DEALER);
    await visit(page, '/trades');
    await page.getByRole('button', { name: 'Book option' }).click();
    const form = page.getByRole('dialog', { name: 'Book an FX option' });
    expect(await requiredMarks(form)).toBeGreaterThan(0);
    await submitRefused(page, form, 'Book option', 'option booking, empty');
    await pick(page, form.getByLabel('Account'), /^Northwind Settlement · Northwind Capital$/);
    await pick(page, form.getByLabel('Currency pair'), 'EUR/USD');
    await form.getByLabel('Notional in EUR').fill('-5');
    await form.getByLabel('Strike').fill('1.0x');
    await form.getByRole('switch', { name: 'Barrier' }).check({ force: true });
    await form.getByLabel('Barrier level').fill('abc');
    await submitRefused(page, form, 'Book option', 'option booking, bad values');
    // The server's refusals (an expiry before the trade date) read in words too.
    await form.getByLabel('Notional in EUR').fill('10.00');
    await form.getByLabel('Strike').fill('1.0800');
    await form.getByLabel('Barrier level').fill('1.2000');
    await form.getByLabel('Expiry date').fill('2026-01-05');
    await form.getByLabel('Trade date').fill('2026-01-07');
    await form.getByLabel('Premium', { exact: true }).fill('1.00');
    await submitRefused(page, form, 'Book option', 'option booking, refused by the server');
  });

  it('entity administration: create entity (with an address) and create template (with an account)', async () => {
    const page = await b.page();
    await signInPersona(page, 'entities', DEMO_PASSWORD, currentCode);
    await visit(page, '/entities');
    await page.getByRole('button', { name: 'Create Entity' }).click();
    const entity = page.getByRole('dialog', { name: 'Create Entity' });
    expect(await requiredMarks(entity)).toBe(2);
    await submitRefused(page, entity, 'Create Entity', 'create entity, empty');
    await entity.getByLabel('Name', { exact: true }).fill('Walk Capital');
    await entity.getByRole('button', { name: 'Add address' }).click();
    await submitRefused(page, entity, 'Create Entity', 'create entity, empty address');
    await page.keyboard.press('Escape');
    await entity.waitFor({ state: 'hidden' });

    await visit(page, '/templates');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const template = page.getByRole('dialog', { name: 'Create Template' });
    await submitRefused(page, template, 'Create Template', 'create template, empty');
    await template.getByLabel('Name', { exact: true }).fill('Walk template');
    await template.getByRole('button', { name: 'Add account' }).click();
    await submitRefused(page, template, 'Create Template', 'create template, unnamed account');
  });

  it('treasury: rate sheet, instruments and holidays', async () => {
    const page = await b.page();
    await signInPersona(page, 'treasury', DEMO_PASSWORD, currentCode);

    const rates = page.getByRole('dialog', { name: 'Rate sheet (mid rates)' });
    await page.getByRole('button', { name: 'Rate sheet' }).click();
    await rates.getByLabel('Mid rate', { exact: true }).fill('one point one');
    await submitRefused(page, rates, 'Set rate', 'rate sheet, bad values');
    await rates.getByText('Base is required').waitFor();
    await page.keyboard.press('Escape');

    await visit(page, '/instruments');
    await page.getByRole('button', { name: 'Create Instrument' }).click();
    const instrument = page.getByRole('dialog', { name: 'Create Instrument' });
    await submitRefused(page, instrument, 'Create Instrument', 'create instrument (FX), empty');
    await pick(page, instrument.getByLabel('Kind'), 'CFD');
    await instrument.getByLabel('Contract size').fill('-5');
    await submitRefused(page, instrument, 'Create Instrument', 'create instrument (CFD), bad values');
    await page.keyboard.press('Escape');
    await instrument.waitFor({ state: 'hidden' });
    const holiday = page.locator('form', { hasText: 'Add a holiday to' });
    await submitRefused(page, holiday, 'Add holiday', 'add holiday, empty');
  });
});
