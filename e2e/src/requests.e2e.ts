import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { requestUsdDeposit, selectEntity, signInPersona, useBrowser, visit } from './browser';
import { liveNotificationsOpened } from './page-state';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');

describe('money requests page', () => {
  const b = useBrowser();

  it('an approver approves a client’s deposit request with a PDF proof, in another browser context', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const { request, settlement, csrf } = await requestUsdDeposit(client, '2500.00', 'wire 77');
    const settlementUsd = async () => {
      const rows = await (
        await client.request.post('/api/account/balances', { headers: csrf, data: {} })
      ).json();
      return Number(
        rows.find(
          (r: { accountId: number; asset: string }) => r.accountId === settlement.id && r.asset === 'USD',
        ).available,
      );
    };
    const before = await settlementUsd();

    await visit(client, '/deposit-and-withdrawals/requests');
    const row = client.getByRole('row', { name: new RegExp(`#${request.id}`) });
    const chooser = client.waitForEvent('filechooser');
    await row.getByRole('button', { name: 'Upload proof' }).click();
    await (await chooser).setFiles({
      name: 'wire-confirmation.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await client.getByText('File proof uploaded').first().waitFor();

    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await selectEntity(approver, 'Northwind Capital');
    await visit(approver, '/deposit-and-withdrawals/requests');
    const pending = approver.getByRole('row', { name: new RegExp(`#${request.id}`) });
    const download = approver.waitForEvent('download');
    await pending.getByRole('button', { name: 'Download proof' }).click();
    expect((await download).suggestedFilename()).toContain(`proof-${request.id}`);
    await pending.getByRole('button', { name: 'Approve' }).click();
    // An approval asks first: it moves money at once.
    await approver
      .getByRole('dialog', { name: /^Approve request #/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await approver.getByText('Request approved').first().waitFor();

    expect(await settlementUsd()).toBe(before + 2500);
  });

  it('a client requests a fiat withdrawal with a PDF proof; the broker approver approves it in another context; the client’s balance and historic page update', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const balanceRow = client
      .getByRole('table', { name: 'Balances' })
      .getByRole('row', { name: /Northwind Settlement.*USD/ });
    await balanceRow.waitFor();
    const postedBefore = await amountIn(balanceRow, 2);
    const reference = `e2e-wd-${crypto.randomUUID().slice(0, 8)}`;

    const { form, available } = await openUsdWithdrawal(client);
    await available.waitFor();
    await form.getByLabel('Amount').fill('1234.567');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await form.getByText('at most 2 decimal places for this asset').waitFor();
    await form.getByLabel('Amount').fill('1234.56');
    await form.getByLabel('Reference').fill(reference);
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'payout.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByText('payout.pdf').waitFor();
    await form.getByRole('button', { name: 'Submit request' }).click();
    const sent = client.getByText(/Request #\d+ is waiting for approval\./).first();
    const id = Number((await sent.textContent())!.match(/#(\d+)/)![1]);
    const clientLive = liveNotificationsOpened(client);
    await visit(client, '/deposit-and-withdrawals/historic');
    const history = client.getByRole('table', { name: 'Cash entries' });
    // The history follows the approval through the live stream: it must be open before it.
    await clientLive;

    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await visit(approver, '/deposit-and-withdrawals/requests');
    const pending = approver
      .getByRole('table', { name: 'Waiting for your decision' })
      .getByRole('row', { name: new RegExp(`^#${id} Withdrawal 1,234\\.56 USD Citibank`) });
    const download = approver.waitForEvent('download');
    await pending.getByRole('button', { name: 'Download proof' }).click();
    expect((await download).suggestedFilename()).toContain(`proof-${id}`);
    // The approver reads the frozen request as its type's definition labels it.
    await pending.getByRole('button', { name: `Details of request #${id}` }).click();
    const details = approver.getByRole('dialog', { name: `Request #${id}` });
    for (const line of [
      'Kind: Fiat',
      'Amount: 1,234.56 USD',
      `Reference: ${reference}`,
      'Destination:',
      'Bank: Citibank N.A.',
    ])
      await details.getByText(line, { exact: true }).waitFor();
    await approver.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await pending.getByRole('button', { name: 'Approve' }).click();
    // An approval asks first: it moves money at once.
    await approver
      .getByRole('dialog', { name: /^Approve request #/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await approver.getByText('Request approved').first().waitFor();

    // The client's open historic page shows the movement without a reload (live notification).
    await history
      // Money out of the account reads negative in the history.
      .getByRole('row', { name: new RegExp(`Withdrawal USD -1,234\\.56 ${reference} #${id}`) })
      .waitFor();
    await visit(client, '/');
    await balanceRow.waitFor();
    expect(await amountIn(balanceRow, 2)).toBeCloseTo(postedBefore - 1234.56, 2);
  });

  it('a client cancels their own pending withdrawal, and the held funds are available again', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const { form, available } = await openUsdWithdrawal(client);
    const before = await available.textContent();
    await form.getByLabel('Amount').fill('10.00');
    await form.getByLabel('Reference').fill(`e2e-cancel-${crypto.randomUUID().slice(0, 8)}`);
    await form.getByRole('button', { name: 'Submit request' }).click();
    const sent = client.getByText(/Request #\d+ is waiting for approval\./).first();
    const id = Number((await sent.textContent())!.match(/#(\d+)/)![1]);

    const row = client
      .getByRole('table', { name: 'Requests' })
      .getByRole('row', { name: new RegExp(`^#${id} Withdrawal`) });
    await row.getByRole('button', { name: 'Cancel request' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
    await client.getByText('Request cancelled').first().waitFor();
    await row.getByText('Cancelled').waitFor();

    await client.getByRole('button', { name: 'Request withdrawal' }).click();
    await pick(client, form.getByLabel('Account'), 'Northwind Settlement');
    await pick(client, form.getByLabel('Asset'), /^USD/);
    // The form shows the balance as it was before the request once it has reloaded it.
    await form.getByText(before!, { exact: true }).waitFor();
  });

  it('staff send an internal transfer on to a related entity’s account, offered under that entity', async () => {
    const maker = await b.page();
    await signInPersona(maker, 'ops.maker', DEMO_PASSWORD, currentCode);
    await selectEntity(maker, 'Harbor Commodities');
    await visit(maker, '/deposit-and-withdrawals/requests');
    await maker.getByRole('button', { name: 'Internal transfer' }).click();
    const form = maker.getByRole('dialog', { name: 'Internal transfer' });
    await pick(maker, form.getByLabel('From account'), 'Harbor Trading');
    await pick(maker, form.getByLabel('Asset'), /^GBP/);
    // Harbor's introducing agent (a related entity in the demo data) is listed by name.
    await pick(maker, form.getByLabel('To account'), 'Lumen Commissions · Lumen Referral Partners');
    await form.getByLabel('Amount').fill('125.00');
    await form.getByRole('button', { name: 'Submit request' }).click();
    const sent = maker.getByText(/Request #\d+ is waiting for approval\./).first();
    const id = Number((await sent.textContent())!.match(/#(\d+)/)![1]);
    await maker
      .getByRole('table', { name: 'Requests' })
      .getByRole('row', {
        name: new RegExp(
          `^#${id} Internal Transfer 125\\.00 GBP Lumen Commissions · Lumen Referral Partners`,
        ),
      })
      .waitFor();
  });
});

/** Opens the withdrawal form on the requests page: Northwind Settlement, USD, to the Citibank account. */
async function openUsdWithdrawal(client: Page) {
  await visit(client, '/deposit-and-withdrawals/requests');
  await client.getByRole('button', { name: 'Request withdrawal' }).click();
  const form = client.getByRole('dialog', { name: 'Request withdrawal' });
  await pick(client, form.getByLabel('Account'), 'Northwind Settlement');
  await pick(client, form.getByLabel('Asset'), /^USD/);
  await pick(client, form.getByLabel('Destination'), /Citibank/);
  return { form, available: form.getByText(/^Available: [\d,]+\.\d{2} USD$/) };
}

/** Chooses `option` in a Mantine Select. */
async function pick(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The figure in cell `index` of a balances row, as a number for comparison in the test. */
async function amountIn(row: Locator, index: number) {
  return Number(((await row.getByRole('cell').nth(index).textContent()) ?? '').replace(/,/g, ''));
}
