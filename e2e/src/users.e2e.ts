import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { connectDatabase } from '../../apps/server/src/platform/db';
import { signInPersona, useBrowser, visit } from './browser';
import { eventually } from './page-state';

const NEXT_STEP_MS = 30_000;
/** The broker's access administrator (not `admin`: auth.e2e's first sign-in is that persona's). */
const ADMIN = 'access.admin';

/** The set-password link the portal e-mailed to `email` (the outbox, as a mail client reads its inbox). */
async function linkMailedTo(email: string): Promise<string> {
  const database = connectDatabase(inject('databaseUrl'), 1);
  try {
    const read = async () =>
      (await database.db.execute<{ body: string }>(sql`select body from mail_outbox where "to" = ${email}`))
        .rows[0]?.body ?? '';
    await eventually(read).toContain('/reset-password?token=');
    const url = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(await read())![0];
    return new URL(url).pathname + new URL(url).search;
  } finally {
    await database.close();
  }
}

async function signInAdmin(page: Page) {
  await signInPersona(page, ADMIN, DEMO_PASSWORD, currentCode);
}

describe('user administration', () => {
  const b = useBrowser();

  /** The API calls a page makes, with their bodies. */
  function recordCalls(page: Page) {
    const calls: { url: string; body: unknown }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ url: new URL(r.url()).pathname, body: r.postDataJSON() });
    });
    return calls;
  }

  it('section 6 loading rules: the module loads only with canViewUsersModule, SSO data only with canManageUser', async () => {
    // The read-only client user holds no user-list key: the module asks the server nothing.
    const viewer = await b.page();
    const viewerCalls = recordCalls(viewer);
    await signInPersona(viewer, 'viewer', DEMO_PASSWORD, currentCode);
    await visit(viewer, '/user-management');
    expect(viewerCalls.filter((c) => c.url.startsWith('/api/user-management'))).toEqual([]);

    // Operations may list users (user_management) but not manage them: no SSO data is asked for.
    const maker = await b.page();
    const makerCalls = recordCalls(maker);
    await signInPersona(maker, 'ops.maker', DEMO_PASSWORD, currentCode);
    await visit(maker, '/user-management');
    await maker.getByRole('heading', { name: 'Users' }).waitFor();
    const lists = makerCalls.filter((c) => c.url === '/api/user-management/');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.map((c) => (c.body as { withSso: boolean }).withSso)).toEqual(lists.map(() => false));

    // The access administrator manages users: the list carries each user's SSO links.
    const admin = await b.page();
    const adminCalls = recordCalls(admin);
    await signInAdmin(admin);
    await visit(admin, '/user-management');
    const adminLists = adminCalls.filter((c) => c.url === '/api/user-management/');
    expect(adminLists.map((c) => (c.body as { withSso: boolean }).withSso)).toContain(true);
  });

  it('invites a Northwind Capital user from a template; the user sets a password from the e-mailed link and signs in with 2FA', async () => {
    const admin = await b.page();
    await signInAdmin(admin);
    await visit(admin, '/user-management');
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByRole('button', { name: 'Create User', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('User template').click();
    await admin.getByRole('option', { name: 'Northwind read-only user — Northwind Capital' }).click();
    const username = `nw.reader.${Date.now()}`;
    const email = `${username}@northwind.example`;
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Name', { exact: true }).fill('Noa Reader');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    const confirmation = admin.getByRole('dialog', { name: 'User Created' });
    await confirmation.getByText('You have successfully created a user').waitFor();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await admin.getByRole('cell', { name: username, exact: true }).waitFor();

    const invitee = await b.page();
    await invitee.goto(await linkMailedTo(email));
    const password = 'Noa-Reader-Pass-2026!';
    await invitee.getByLabel('New password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm new password').fill(password);
    await invitee.getByRole('button', { name: 'Set new password' }).click();
    await invitee.waitForURL((u) => u.pathname === '/login');
    await invitee.getByLabel('Username').fill(username);
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await invitee.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    const secret = (await invitee.getByTestId('totp-secret').textContent())!.trim();
    await invitee.locator('input[autocomplete="one-time-code"]').first().click();
    await invitee.keyboard.type(currentCode(secret, Date.now() + NEXT_STEP_MS));
    await invitee.getByRole('button', { name: 'Verify' }).click();
    await invitee.waitForURL((u) => u.pathname === '/');
    await invitee.getByRole('button', { name: 'Selected entity: Northwind Capital', exact: true }).waitFor();
  });

  it('creates an API key with an IP allow-list: the secret is shown once, a call from 127.0.0.1 works, and is refused after revoke', async () => {
    const admin = await b.page();
    await signInAdmin(admin);
    await visit(admin, '/user-management/api-keys');
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    const name = `Reconciliation ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('IP allow-list').fill('127.0.0.1/32');
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    const secret = (await dialog.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^cw_[A-Za-z0-9]+_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await admin.content()).not.toContain(secret);

    // From this process on 127.0.0.1, with the key alone (no browser session).
    const port = new URL(b.baseUrl).port;
    const call = () => fetch(`http://127.0.0.1:${port}/api/entity`, { headers: { 'x-api-key': secret } });
    expect((await call()).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    expect((await call()).status).toBe(401);
  });

  it('previews a role change: the users who would gain a key are listed before anything is saved', async () => {
    const admin = await b.page();
    await signInAdmin(admin);
    await visit(admin, '/user-management/roles');
    await admin.getByRole('button', { name: 'Edit role Client Read Only' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit role Client Read Only' });
    await dialog.getByLabel('Permissions', { exact: true }).click();
    await admin.getByRole('option', { name: 'order_management' }).click();
    // Close the list (a click beside it) so the buttons under it can be reached.
    await dialog.getByRole('heading', { name: 'Edit role Client Read Only' }).click();
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const preview = dialog.getByRole('table', { name: 'Effect of the change' });
    const viewer = preview.getByRole('row').filter({ hasText: 'Riley Reader (viewer)' });
    await viewer.waitFor();
    await expect.poll(() => viewer.textContent()).toMatch(/Gains.*order_management.*Northwind Capital/);
    await expect.poll(() => dialog.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
    // Closed unsaved: the role keeps its keys.
    await admin.keyboard.press('Escape');
    await admin.getByRole('cell', { name: 'account_view', exact: true }).first().waitFor();
  });

  it('grants a user a direct permission after its preview, offering only keys the administrator holds, and revokes it', async () => {
    const admin = await b.page();
    await signInAdmin(admin);
    await visit(admin, '/user-management');
    await admin.getByRole('button', { name: 'Actions for ops.checker' }).click();
    await admin.getByRole('menuitem', { name: 'Details' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Casey Checker' });
    await drawer.getByRole('tab', { name: 'Direct permissions' }).click();
    await drawer.getByText('No permissions granted directly.').waitFor();
    await drawer.getByLabel('Permission to grant').click();
    await admin.getByRole('option', { name: 'user_support', exact: true }).waitFor();
    // Held by the access administrator: offered; not held: never offered.
    expect(await admin.getByRole('option', { name: 'system_management', exact: true }).count()).toBe(0);
    expect(await admin.getByRole('option', { name: 'approve_withdrawal', exact: true }).count()).toBe(0);
    await admin.getByRole('option', { name: 'user_support', exact: true }).click();
    await drawer.getByRole('button', { name: 'Preview changes' }).click();
    const preview = drawer.getByRole('table', { name: 'Effect of the change' });
    await expect
      .poll(() =>
        preview.getByRole('row').filter({ hasText: 'Casey Checker (ops.checker)' }).first().textContent(),
      )
      .toMatch(/Gains.*user_support.*Aurora Markets/);
    await drawer.getByRole('button', { name: 'Grant', exact: true }).click();
    const granted = drawer.getByRole('table', { name: 'Direct permissions' });
    await granted.getByRole('cell', { name: 'user_support', exact: true }).waitFor();

    await drawer.getByRole('button', { name: 'Revoke user_support' }).click();
    await expect.poll(() => preview.textContent()).toMatch(/Loses.*user_support/);
    await drawer.getByRole('button', { name: 'Revoke', exact: true }).click();
    await drawer.getByText('No permissions granted directly.').waitFor();
  });

  it('gives an API key a role after previewing what the key gains', async () => {
    const admin = await b.page();
    await signInAdmin(admin);
    await visit(admin, '/user-management/api-keys');
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    const name = `Positions feed ${Date.now()}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByTestId('api-key-secret').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('button', { name: `Access of ${name}` }).click();
    const access = admin.getByRole('dialog', { name: `Access of ${name}` });
    await access.getByLabel('Roles here').click();
    await admin.getByRole('option', { name: 'Client Read Only', exact: true }).click();
    await access.getByRole('heading', { name: `Access of ${name}` }).click();
    await access.getByRole('button', { name: 'Preview changes' }).click();
    const preview = access.getByRole('table', { name: 'Effect of the change' });
    await expect
      .poll(() => preview.getByRole('row').filter({ hasText: name }).first().textContent())
      .toMatch(/Gains.*account_view.*Aurora Markets/);
    await access.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Key access saved').waitFor();
  });
});
