import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, signInPersona, useBrowser, visit } from './browser';
import { settled } from './page-state';

/** Picks an option of a form's select (a Mantine Select: its field, then the option). */
async function pick(page: Page, form: Locator, label: string, option: string) {
  await form.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

describe('transfers with configurable transfer fees', () => {
  const b = useBrowser();

  it('the transfer receiver changes its EUR fee schedule and makes a transfer with the estimate shown; the broker’s approver approves it; the fee shows in the fee revenue account’s history', async () => {
    const receiver = await b.page();
    await signInPersona(receiver, 'receiver', DEMO_PASSWORD, currentCode);

    // Transfer Fees Configuration: the EUR schedule gets new terms from now on.
    await menuLink(receiver, 'Transfer Fees Configuration').click();
    await settled(receiver);
    const schedules = receiver.getByRole('table', { name: 'Fee schedules' });
    const eur = schedules.getByRole('row', { name: /EUR · All networks/ });
    await eur.waitFor();
    expect(await eur.textContent()).toContain('25 bps, min 5.00, max 250.00');
    await eur.getByRole('button', { name: /^Change fee schedule #\d+$/ }).click();
    const change = receiver.getByRole('dialog', { name: /^Change fee schedule #\d+$/ });
    await change.getByLabel('Percentage (basis points)').fill('30');
    await change.getByLabel('Minimum fee').fill('6.00');
    await change.getByRole('button', { name: 'Save schedule' }).click();
    await receiver.getByText('Fee schedule saved').first().waitFor();
    await schedules
      .getByRole('row', { name: /EUR · All networks.*30 bps, min 6\.00, max 250\.00/ })
      .waitFor();
    // The old terms stay as they were, in the history of changes.
    await receiver
      .getByRole('table', { name: 'History of changes' })
      .getByRole('row', { name: /EUR · All networks.*25 bps, min 5\.00/ })
      .waitFor();
    // The preview calculator prices sample amounts by the same rule the booking uses.
    await pick(
      receiver,
      receiver.locator('main'),
      'Schedule',
      (await optionOf(receiver, /EUR · 0\.00 \+ 30 bps/))!,
    );
    await receiver.getByLabel('Sample amounts').fill('1000, 100000');
    const preview = receiver.getByRole('table', { name: 'Preview calculator' });
    await preview.getByRole('row', { name: /1,?000\.00 6\.00 994\.00 minimum applies/ }).waitFor();
    await preview.getByRole('row', { name: /100,?000\.00 250\.00 99,?750\.00 maximum applies/ }).waitFor();

    // Transfers: a new EUR payout with the live estimate.
    await menuLink(receiver, 'Transfers').click();
    await settled(receiver);
    await receiver.getByRole('button', { name: 'New transfer' }).click();
    const form = receiver.getByRole('dialog', { name: 'New transfer' });
    await pick(receiver, form, 'Account', 'Meridian Receiving');
    await pick(receiver, form, 'Asset', 'EUR');
    await pick(receiver, form, 'Destination', 'ING Bank N.V. · NL91INGB0417164300');
    await form.getByLabel('Amount', { exact: true }).fill('1000.00');
    const estimate = form.getByRole('table', { name: 'Estimate' });
    await estimate.getByRole('row', { name: 'Fee 6.00 EUR' }).waitFor();
    await estimate.getByRole('row', { name: 'Net amount 994.00 EUR' }).waitFor();
    expect(
      await estimate.getByRole('row', { name: /^Fee rule Schedule #\d+ of Meridian Payments/ }).count(),
    ).toBe(1);
    const submitted = receiver.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/transfer/withdrawal',
    );
    await form.getByRole('button', { name: 'Submit transfer' }).click();
    const transfer = (await (await submitted).json()) as { id: number; fee: string; net: string };
    expect(transfer).toMatchObject({ fee: '6.00', net: '994.00' });
    await receiver.getByText('Transfer submitted').first().waitFor();
    const row = receiver
      .getByRole('table', { name: 'Transfers' })
      .getByRole('row', { name: new RegExp(`^#${transfer.id} `) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/1,?000\.00 EUR.*6\.00 EUR.*994\.00 EUR.*Pending/);

    // The broker's approver decides it in the inbox.
    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await visit(approver, `/approvals?request=${transfer.id}`);
    const drawer = approver.getByRole('dialog', { name: `Request #${transfer.id} · Withdrawal` });
    await drawer.waitFor();
    await settled(approver);
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const confirm = approver.getByRole('dialog', { name: `Approve request #${transfer.id}` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Request approved').first().waitFor();
    await drawer.getByText('Completed', { exact: true }).first().waitFor();

    // Meridian's fee revenue account: its history holds the fee, as its own entry.
    const accounts = (await (
      await receiver.request.post('/api/account/list', { headers: await csrfHeaders(receiver), data: {} })
    ).json()) as { id: number; name: string }[];
    const feeAccount = accounts.find((a) => a.name === 'Fee revenue')!;
    await visit(receiver, `/deposit-and-withdrawals/historic?accountId=${feeAccount.id}`);
    const fee = receiver
      .getByRole('table', { name: 'Cash entries' })
      .getByRole('row', { name: new RegExp(`Transfer fee, request #${transfer.id}`) });
    await fee.waitFor();
    expect(await fee.textContent()).toContain('6.00');
  });
});

/** The preview's option for a schedule, by its label. */
async function optionOf(page: Page, label: RegExp): Promise<string | undefined> {
  const main = page.locator('main');
  await main.getByLabel('Schedule', { exact: true }).click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options.find((o) => label.test(o));
}
