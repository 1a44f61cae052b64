import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, reload, signInPersona, useBrowser, visit } from './browser';
import { eventually, liveNotificationsOpened } from './page-state';

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('wallet whitelisting journey', () => {
  const b = useBrowser();

  it('a client requests a wallet, an approver approves it, the client sees it whitelisted', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    await client.getByRole('button', { name: 'Bank Accounts / Wallets' }).click();
    const drawer = client.getByRole('dialog', { name: 'Bank Accounts / Wallets' });
    await drawer.getByRole('button', { name: 'Request a wallet' }).click();
    const form = client.getByRole('dialog', { name: 'Request a wallet' });
    await form.getByLabel('Network').click();
    await client.getByRole('option', { name: 'Bitcoin' }).click();
    await form.getByLabel('Address').fill(ADDRESS);
    await form.getByLabel('Digital assets').click();
    await client.getByRole('option', { name: 'BTC' }).click();
    await form.getByLabel('Friendly name').fill('Northwind cold storage');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await client.getByText('Request submitted').first().waitFor();

    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await visit(approver, '/whitelist-requests');
    const row = approver.getByRole('row', { name: new RegExp(ADDRESS) });
    await row.getByRole('button', { name: 'Approve' }).click();
    await approver
      .getByRole('dialog', { name: /^Approve request #/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await approver.getByText('Request approved').first().waitFor();

    await reload(client);
    // The new wallet's type is still Unknown: the wallet-type notice asks once.
    const notice = client.getByRole('dialog', { name: 'Some wallets need a type' });
    await notice.getByLabel('Type of Northwind cold storage').click();
    await client.getByRole('option', { name: 'Private Hardware Wallet' }).click();
    await notice.waitFor({ state: 'hidden' });
    await client.getByRole('button', { name: 'Bank Accounts / Wallets' }).click();
    const wallets = client.getByRole('table', { name: 'Wallets' });
    await wallets.getByRole('row', { name: /Northwind cold storage.*Whitelisted/ }).waitFor();
  });

  it('an approver’s open browser receives the new-request notification without reloading', async () => {
    const approver = await b.page();
    const live = liveNotificationsOpened(approver);
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await approver.getByRole('heading', { name: 'Overview' }).waitFor();
    // A request made before the approver's stream is open would reach only the notification list.
    await live;

    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const csrf = await csrfHeaders(client);
    const res = await client.request.post('/api/whitelist/wallet/create', {
      headers: csrf,
      data: {
        network: 'ETH',
        address: `0x${'1f'.repeat(20)}`,
        friendlyName: 'Treasury',
        digitalAssets: ['ETH'],
      },
    });
    expect(res.ok()).toBe(true);
    const request = await res.json();
    await approver.getByText('New wallet address request').first().waitFor();
    await approver.getByRole('button', { name: 'Notifications' }).click();
    // The centre holds every stored notice (the earlier tests' too): this request's is among them.
    await approver
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(`New wallet address request.*#${request.id} from`) })
      .waitFor();
  });

  it('pages through more whitelist requests than one page holds, newest first', async () => {
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const csrf = await csrfHeaders(client);
    for (let i = 0; i < 11; i++) {
      const res = await client.request.post('/api/whitelist/wallet/create', {
        headers: csrf,
        data: {
          network: 'ETH',
          address: `0x${(0xa0 + i).toString(16).repeat(20)}`,
          friendlyName: `Paged ${i}`,
          digitalAssets: ['ETH'],
        },
      });
      expect(res.ok()).toBe(true);
    }

    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    await visit(approver, '/whitelist-requests');
    const table = approver.getByRole('table', { name: 'Whitelist Requests' });
    await table.getByText('Friendly name: Paged 10').waitFor();
    expect(await table.getByRole('row').count()).toBe(11); // the header and a page of 10
    const firstId = async () =>
      Number(await table.getByRole('row').nth(1).getByRole('cell').first().textContent());
    const newest = await firstId();
    await approver.getByRole('button', { name: 'Next page' }).click();
    await table.getByText('Friendly name: Paged 10').waitFor({ state: 'detached' });
    expect(await firstId()).toBeLessThan(newest);
  });

  it('compliance sets how many approvers a request type needs, then returns it to the default', async () => {
    const page = await b.page();
    await signInPersona(page, 'compliance', DEMO_PASSWORD, currentCode);
    await visit(page, '/whitelist-requests');
    await page.getByRole('button', { name: 'Approval policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approval policy' });
    // Request types by their display labels.
    const row = dialog.getByRole('row', { name: /^Remove Bank Account/ });
    await row.getByText('Default (one approver)').waitFor();
    await row.getByLabel('Approvers needed for Remove Bank Account').fill('3');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Remove Bank Account requests need 3 distinct approvers').waitFor();
    await row.getByText('Set for this entity').waitFor();
    await row.getByRole('button', { name: 'Use inherited' }).click();
    await row.getByText('Default (one approver)').waitFor();
    // The field takes the saved value on its own render, after the rule's text.
    await eventually(() => row.getByLabel('Approvers needed for Remove Bank Account').inputValue()).toBe('1');
  });
});
