import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, signInPersona, useBrowser, visit } from './browser';
import { eventually, settled } from './page-state';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');

/** The bell's unread count, as its accessible name says it ("Notifications, 3 unread"), 0 without one. */
async function unreadOn(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Opens the notification centre: the popover its bell controls. */
async function openCentre(page: Page): Promise<Locator> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const centre = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`);
  await centre.waitFor();
  await settled(page);
  return centre;
}

/** A fact of the drawer's table ("Entity" → "Northwind Capital"). */
const fact = (drawer: Locator, label: string) =>
  drawer.getByRole('row', { name: new RegExp(`^${label} `) }).getByRole('cell');

/**
 * The client's fiat withdrawal to Northwind's whitelisted Citibank account with a PDF
 * proof, made through the API while no approver has the portal open.
 */
async function requestWithdrawalWithProof(client: Page, reference: string) {
  const csrf = await csrfHeaders(client);
  const accounts = await (await client.request.post('/api/account/list', { headers: csrf, data: {} })).json();
  const settlement = accounts.find((a: { name: string }) => a.name === 'Northwind Settlement');
  const banks = await (await client.request.post('/api/bank-info', { headers: csrf, data: {} })).json();
  const citibank = banks.find((b: { bankName: string }) => b.bankName === 'Citibank N.A.');
  const res = await client.request.post('/api/requests/withdrawal/fiat', {
    headers: { ...csrf, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { accountId: settlement.id, bankInfoId: citibank.id, asset: 'USD', amount: '420.00', reference },
  });
  if (!res.ok()) throw new Error(`withdrawal refused: ${res.status()} ${await res.text()}`);
  const request = (await res.json()) as { id: number; entityId: number };
  const proof = await client.request.post(
    `/api/requests/${request.id}/file-proof?entityId=${request.entityId}`,
    {
      headers: csrf,
      multipart: { file: { name: 'payout-instruction.pdf', mimeType: 'application/pdf', buffer: PDF } },
    },
  );
  if (!proof.ok()) throw new Error(`proof refused: ${proof.status()} ${await proof.text()}`);
  return request;
}

describe('approvals inbox', () => {
  const b = useBrowser();

  it('an approver who was away finds the request in the notification centre and the inbox, checks it in the drawer, cannot reject it without a reason, approves after confirming; the requester’s centre holds the decision', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const reference = `e2e-inbox-${crypto.randomUUID().slice(0, 8)}`;
    const request = await requestWithdrawalWithProof(client, reference);
    await client.close();

    // The approver signs in later, in a browser that has never seen the notice.
    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    expect(await unreadOn(approver)).toBeGreaterThanOrEqual(1);
    // The menu counts what waits for them.
    const menuEntry = approver
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /^Approvals/ });
    expect(await menuEntry.textContent()).toMatch(/Approvals\d+ waiting/);
    const centre = await openCentre(approver);
    await centre
      .getByRole('button', { name: new RegExp(`New withdrawal request.*#${request.id} from`) })
      .click();

    // The notice opens the request in the approver's inbox.
    await approver.waitForURL(`**/approvals?request=${request.id}`);
    const drawer = approver.getByRole('dialog', { name: `Request #${request.id} · Withdrawal` });
    await drawer.waitFor();
    await settled(approver);
    expect(await fact(drawer, 'Entity').textContent()).toBe('Northwind Capital');
    expect(await fact(drawer, 'Account').textContent()).toBe('Northwind Settlement');
    expect(await fact(drawer, 'Amount').textContent()).toBe('420.00 USD');
    expect(await fact(drawer, 'Destination').textContent()).toBe('Citibank N.A. · 304917256');
    expect(await fact(drawer, 'Reference').textContent()).toBe(reference);
    await drawer.getByText('PDF file, 1 KB, uploaded by trader').waitFor();
    // Every field of the frozen request, by its label; nothing approved yet.
    await drawer.getByText('Beneficiary: Northwind Capital LLC', { exact: true }).waitFor();
    await drawer.getByText('No approval yet (1 needed).').waitFor();
    await approver.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The same request in the inbox's list, found by its reference; its row opens it again.
    await visit(approver, '/approvals');
    await approver.getByRole('textbox', { name: 'Search requests' }).fill(reference);
    const inbox = approver.getByRole('table', { name: 'Waiting for your decision' });
    const row = inbox.getByRole('row', { name: new RegExp(`#${request.id} Withdrawal Northwind Capital`) });
    await eventually(() => inbox.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('420.00 USD');
    expect(await row.textContent()).toContain('Attached');
    expect(await row.textContent()).toContain('0 of 1');
    await row.getByRole('button', { name: `Open Withdrawal #${request.id}` }).click();
    await drawer.waitFor();
    await settled(approver);

    // Rejecting without a reason is refused, and nothing changes.
    await drawer.getByRole('button', { name: 'Reject' }).click();
    const rejection = approver.getByRole('dialog', { name: `Reject request #${request.id}` });
    await rejection.getByRole('button', { name: 'Reject' }).click();
    await rejection.getByText(/^Reason .* is required$/).waitFor();
    await rejection.getByRole('button', { name: 'Go back' }).click();
    await rejection.waitFor({ state: 'hidden' });
    await drawer.getByText('Pending', { exact: true }).waitFor();

    // Approving asks first; once confirmed, the money moves and the request is completed.
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const confirm = approver.getByRole('dialog', { name: `Approve request #${request.id}` });
    await confirm.getByText(`Withdrawal #${request.id}: 420.00 USD to Citibank N.A. · 304917256`).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Request approved').first().waitFor();
    await drawer.getByText('Completed', { exact: true }).first().waitFor();
    await drawer.getByText('Posted to the account').waitFor();

    // The requester comes back in a fresh browser: the decision was kept for them, and
    // opens the request with its timeline.
    const back = await b.page();
    await signInPersona(back, 'trader', DEMO_PASSWORD, currentCode);
    expect(await unreadOn(back)).toBeGreaterThanOrEqual(1);
    const theirs = await openCentre(back);
    const decision = theirs.getByRole('button', { name: new RegExp(`Request #${request.id} approved`) });
    expect(await decision.textContent()).toContain('its money has moved');
    await decision.click();
    await back.waitForURL(`**/deposit-and-withdrawals/requests?request=${request.id}`);
    const mine = back.getByRole('dialog', { name: `Request #${request.id} · Withdrawal` });
    await mine.waitFor();
    await settled(back);
    for (const step of ['Requested', 'Proof attached', 'Approved', 'Posted to the account'])
      await mine.getByText(step, { exact: true }).waitFor();
    // No decision is offered to the requester.
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });
});
