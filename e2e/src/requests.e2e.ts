import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { signInPersona, useBrowser } from './browser';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');

describe('money requests page', () => {
  const b = useBrowser();

  it('an approver approves a client’s deposit request with a PDF proof, in another browser context', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const csrf = (await client.context().cookies()).find((c) => c.name === 'clearway.csrf')!.value;
    const accounts = await (
      await client.request.post('/api/account/list', { headers: { 'x-csrf-token': csrf }, data: {} })
    ).json();
    const settlement = accounts.find((a: { name: string }) => a.name === 'Northwind Settlement');
    const res = await client.request.post('/api/requests/deposit/fiat', {
      headers: { 'x-csrf-token': csrf, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      data: { accountId: settlement.id, asset: 'USD', amount: '2500.00', reference: 'wire 77' },
    });
    expect(res.ok()).toBe(true);
    const request = await res.json();
    const settlementUsd = async () => {
      const rows = await (
        await client.request.post('/api/account/balances', { headers: { 'x-csrf-token': csrf }, data: {} })
      ).json();
      return Number(
        rows.find(
          (r: { accountId: number; asset: string }) => r.accountId === settlement.id && r.asset === 'USD',
        ).available,
      );
    };
    const _before = await settlementUsd();

    await client.goto('/deposit-and-withdrawals/requests');
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
    await approver.getByRole('button', { name: 'Selected entity' }).click();
    await approver.getByRole('textbox', { name: 'Search entities' }).fill('Northwind');
    await approver.getByRole('option', { name: /Northwind Capital/ }).click();
    await approver.goto('/deposit-and-withdrawals/requests');
    const pending = approver.getByRole('row', { name: new RegExp(`#${request.id}`) });
    const download = approver.waitForEvent('download');
    await pending.getByRole('button', { name: 'Download proof' }).click();
    expect((await download).suggestedFilename()).toContain(`proof-${request.id}`);
    await pending.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Request approved').first().waitFor();

    await client.goto('/');
    await client
      .getByRole('table', { name: 'Balances' })
      .getByRole('row', { name: /Northwind Settlement.*USD/ })
      .waitFor();
  });
});
