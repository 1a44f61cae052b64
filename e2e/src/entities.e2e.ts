import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually, settled } from './page-state';
import { REFERENCE_KEEPER } from './test-portal';

/** The confirmation a successful create or edit ends with (spec section 2), dismissed. */
async function acknowledge(page: Page, title: string, text: string) {
  const done = page.getByRole('dialog', { name: title });
  await done.getByText(text, { exact: true }).waitFor();
  await done.getByRole('button', { name: 'OK' }).click();
  await done.waitFor({ state: 'hidden' });
}

/** A call the signed-in page makes through the API (with its CSRF token), answered as JSON. */
async function call(page: Page, method: 'POST' | 'PUT', url: string, data: object, key = false) {
  const headers = {
    ...(await csrfHeaders(page)),
    ...(key ? { 'idempotency-key': `e2e-${crypto.randomUUID()}` } : {}),
  };
  const res = await page.request.fetch(url, { method, headers, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The id of a visible entity by name, from the forest the page's user sees. */
async function entityIdOf(page: Page, name: string): Promise<number> {
  type N = { entityId: number; entityName: string; children: N[] };
  const forest = (await (await page.request.get('/api/entity')).json()) as N[];
  const stack = [...forest];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.entityName === name) return n.entityId;
    stack.push(...n.children);
  }
  throw new Error(`${name} is not visible`);
}

describe('entities administration', () => {
  const b = useBrowser();

  it('an administrator creates a client from a template under Aurora Markets (Entity Created), finds it with the filters, sets a two-approver withdrawal policy there, and a withdrawal then needs two approvers', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const admin = await b.page();
    await signInPersona(admin, 'entities', DEMO_PASSWORD, currentCode);
    const aurora = await entityIdOf(admin, 'Aurora Markets');
    const templateName = `Margin client ${run}`;
    await call(admin, 'POST', '/api/template/create', {
      entityId: aurora,
      name: templateName,
      parentId: aurora,
      attributes: ['Margin', 'Customer'],
      currencyCode: 'USD',
      tradingEnabled: true,
      accounts: [{ accountType: 'MarginTrading', accountName: 'Trading USD', currencyId: 'USD' }],
    });

    // From the template, in the portal: the spec's confirmation, then the new entity's page.
    await visit(admin, '/templates');
    await admin.getByRole('button', { name: `Create an entity from ${templateName}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Create an entity from ${templateName}` });
    await dialog.getByText('Accounts: Trading USD').waitFor();
    await eventually(() => dialog.getByRole('combobox', { name: 'Parent' }).inputValue()).toBe(
      'Aurora Markets',
    );
    const clientName = `Client ${run}`;
    await dialog.getByLabel('Entity name').fill(clientName);
    await dialog.getByRole('button', { name: 'Create Entity' }).click();
    await acknowledge(admin, 'Entity Created', 'You have successfully created an entity');
    const page = admin.getByRole('dialog', { name: clientName });
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await page.getByRole('cell', { name: 'Trading USD' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.waitFor({ state: 'hidden' });

    // Found with the filters: the flat list, Margin clients, by name.
    await admin.locator('label', { hasText: /^List$/ }).click();
    await admin.getByRole('combobox', { name: 'Attributes' }).click();
    await admin.getByRole('option', { name: 'Margin', exact: true }).click();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Search', { exact: true }).fill(clientName);
    const list = admin.getByRole('table', { name: 'Entities' });
    await list.getByRole('row', { name: new RegExp(`${clientName}.*Aurora Markets.*Margin`) }).waitFor();
    await settled(admin);
    await list.getByRole('button', { name: clientName }).click();

    // Two distinct approvers for withdrawals here, set on the entity's page.
    await page.getByRole('button', { name: 'Approval policy' }).click();
    const policy = admin.getByRole('dialog', { name: 'Approval policy' });
    const withdrawals = policy.getByRole('row', { name: /^Withdrawal / });
    await withdrawals.getByLabel('Approvers needed for Withdrawal').fill('2');
    await withdrawals.getByRole('button', { name: 'Save' }).click();
    await withdrawals.getByText('Set for this entity').waitFor();

    // A withdrawal there: funded and whitelisted by the broker's staff, requested by its maker.
    const client = await entityIdOf(admin, clientName);
    const checker = await b.page();
    await signInPersona(checker, 'ops.checker', DEMO_PASSWORD, currentCode);
    const bank = await call(checker, 'POST', '/api/bank-info/create', {
      entityId: client,
      beneficiaryName: `${clientName} Treasury`,
      beneficiaryAddress: '1 King Street, London',
      bankName: 'Barclays',
      iban: 'GB33 BUKB 2020 1555 5555 55',
      bic: 'BUKBGB22',
      currency: 'USD',
    });
    const maker = await b.page();
    await signInPersona(maker, 'ops.maker', DEMO_PASSWORD, currentCode);
    const [trading] = await call(maker, 'POST', '/api/entity/accounts', { entityId: client });
    await call(
      maker,
      'POST',
      '/api/cashentry/deposit',
      {
        entityId: aurora,
        accountId: trading.id,
        asset: 'USD',
        amount: '1000.00',
        valueDate: new Date().toISOString().slice(0, 10),
      },
      true,
    );
    const request = await call(
      maker,
      'POST',
      '/api/requests/withdrawal/fiat',
      { entityId: client, accountId: trading.id, bankInfoId: bank.id, asset: 'USD', amount: '250.00' },
      true,
    );
    const approve = (p: Page) =>
      call(p, 'POST', '/api/requests/status/update', {
        entityId: client,
        requestId: request.id,
        status: 'APPROVED',
      });
    expect((await approve(checker)).status).toBe('PENDING');
    expect((await approve(admin)).status).toBe('COMPLETED');
  });

  it('the entity page’s Users tab opens User Management on that entity', async () => {
    // Broker operations see entities (account_management) and list users (user_management).
    const admin = await b.page();
    await signInPersona(admin, 'ops.maker', DEMO_PASSWORD, currentCode);
    const northwind = await entityIdOf(admin, 'Northwind Capital');
    await visit(admin, `/entities?entity=${northwind}`);
    const page = admin.getByRole('dialog', { name: 'Northwind Capital' });
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Open its users in User Management' }).click();
    await admin.waitForURL((u) => u.pathname === '/user-management');
    await admin.getByRole('button', { name: 'Selected entity: Northwind Capital', exact: true }).waitFor();
    const users = admin.getByRole('table', { name: 'Users' });
    await users.getByRole('cell', { name: 'viewer', exact: true }).waitFor();
    expect(await users.getByRole('cell', { name: 'ops.maker', exact: true }).count()).toBe(0);
  });

  it('under four eyes, an approval-policy change waits in another administrator’s approvals inbox and applies once approved', async () => {
    const admin = await b.page();
    await signInPersona(admin, 'entities', DEMO_PASSWORD, currentCode);
    const aurora = await entityIdOf(admin, 'Aurora Markets');
    const name = `Governed Client ${Date.now()}`;
    const { entityId: client } = await call(admin, 'POST', '/api/entity/create', {
      entityId: aurora,
      parentId: aurora,
      entityName: name,
    });
    // Policies at this client are themselves under four eyes (one other administrator).
    await call(admin, 'PUT', '/api/requests/approval-policies', {
      entityId: client,
      requestType: 'APPROVAL POLICY',
      requiredApprovals: 1,
    });

    await visit(admin, `/entities?entity=${client}`);
    await admin.getByRole('dialog', { name }).getByRole('button', { name: 'Approval policy' }).click();
    const policy = admin.getByRole('dialog', { name: 'Approval policy' });
    const withdrawals = policy.getByRole('row', { name: /^Withdrawal / });
    await withdrawals.getByLabel('Approvers needed for Withdrawal').fill('2');
    await withdrawals.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Sent for approval').waitFor();
    const rule = async () =>
      (await call(admin, 'POST', '/api/requests/approval-policies', { entityId: client })).find(
        (p: { requestType: string }) => p.requestType === 'WITHDRAWAL',
      );
    expect(await rule()).toMatchObject({ requiredApprovals: 1, setAt: null });

    const checker = await b.page();
    await signInPersona(checker, 'access.admin', DEMO_PASSWORD, currentCode);
    await visit(checker, '/approvals');
    const inbox = checker.getByRole('table', { name: 'Waiting for your decision' });
    const row = inbox.getByRole('row', { name: new RegExp(`Approval Policy ${name}`) });
    await row.getByRole('button', { name: /^Open Approval Policy #/ }).click();
    const drawer = checker.getByRole('dialog', { name: /· Approval Policy$/ });
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await checker
      .getByRole('dialog', { name: /^Approve request #/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    await checker.getByText('Request approved').first().waitFor();
    await eventually(async () => (await rule()).requiredApprovals).toBe(2);
  });

  it('a platform administrator adds an address type from the keyboard, disables it after a confirmation, and may not disable an attribute the platform behaves by', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const code = `Branch ${run}`;
    // `admin`'s sign-ins belong to the sign-in journeys: a platform user keeping reference data instead.
    const admin = await b.page();
    await signIn(admin, REFERENCE_KEEPER);
    await visit(admin, '/entities');
    await admin.getByRole('button', { name: 'Reference data' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Reference data' });
    await drawer.getByRole('tab', { name: 'Address types' }).click();
    await drawer.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await drawer.getByRole('textbox', { name: 'Label', exact: true }).fill(`Branch office ${run}`);
    await admin.keyboard.press('Enter');
    const row = drawer
      .getByRole('table', { name: 'Address types' })
      .getByRole('row', { name: new RegExp(code) });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Disable' }).focus();
    await admin.keyboard.press('Enter');
    const confirm = admin.getByRole('dialog', { name: `Disable Branch office ${run}?` });
    await confirm.waitFor();
    await admin.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('Disabled', { exact: true }).waitFor();
    const offered = (await (await admin.request.get('/api/entity/addressTypes')).json()) as {
      code: string;
    }[];
    expect(offered.map((o) => o.code)).not.toContain(code);

    await drawer.getByRole('tab', { name: 'Attributes' }).click();
    const margin = drawer.getByRole('table', { name: 'Attributes' }).getByRole('row', { name: /^Margin / });
    await margin.getByText('Required by the platform').waitFor();
    expect(await margin.getByRole('button', { name: 'Disable' }).count()).toBe(0);
  });
});
