import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, selectEntity, signInPersona, useBrowser } from './browser';
import { permissionsLoaded } from './page-state';

/** The menu's entries once the selected entity's permissions are known (never mid-load). */
const menuLabels = async (page: Page) => {
  await permissionsLoaded(page);
  return page.locator('nav[aria-label="Main menu"] a').allInnerTexts();
};

describe('menus by persona and entity', () => {
  const b = useBrowser();

  it('shows two personas different menus', async () => {
    const maker = await b.page();
    await signInPersona(maker, 'ops.maker', DEMO_PASSWORD, currentCode);
    await maker.getByRole('link', { name: 'Accounts' }).waitFor();
    const makerMenu = await menuLabels(maker);
    expect(makerMenu).toEqual(expect.arrayContaining(['Overview', 'Accounts', 'Users', 'Requests']));
    // The menu entry opens its page (issue 25 built Users: it shows the user list, no longer a placeholder).
    await maker.getByRole('link', { name: 'Users' }).click();
    await maker.getByRole('heading', { name: 'Users' }).waitFor();
    await maker.getByRole('table', { name: 'Users' }).waitFor();

    const viewer = await b.page();
    await signInPersona(viewer, 'viewer', DEMO_PASSWORD, currentCode);
    await viewer.getByRole('link', { name: 'Overview' }).waitFor();
    const viewerMenu = await menuLabels(viewer);
    expect(viewerMenu).toContain('Overview');
    expect(viewerMenu).not.toContain('Users');
    expect(viewerMenu).not.toContain('Templates');
  });

  it('changes the menu when the selected entity changes', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    await page.getByRole('link', { name: 'Requests', exact: true }).waitFor();
    expect(await menuLabels(page)).not.toContain('Transfers');

    await selectEntity(page, 'Meridian Payments');
    // A transfer receiver: Transfers appear, Deposit & Withdrawal Requests are hidden.
    await page.getByRole('link', { name: 'Transfers', exact: true }).waitFor();
    expect(await menuLabels(page)).not.toContain('Requests');
  });

  it('offers no menu entry while the permissions load, then only the entries the user may use', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    // The server's real answer with the permissions (the entity forest), held back until released.
    let asked!: () => void;
    const forestAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/entity', async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await page.reload();
    await forestAsked;

    const nav = page.locator('nav[aria-label="Main menu"]');
    await nav.waitFor({ state: 'attached' });
    expect(await nav.getAttribute('aria-busy')).toBe('true');
    expect(await nav.locator('a, button').count()).toBe(0);
    await nav.getByText('Loading the menu').waitFor({ state: 'attached' });
    // Nor does the page claim anything before it knows what the user may see.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);

    release();
    const menu = await menuLabels(page);
    expect(menu).toEqual(expect.arrayContaining(['Overview', 'Historic', 'Requests', 'Whitelist Requests']));
    for (const forbidden of ['Transfers', 'Templates', 'Users', 'Transfer Fees Configuration'])
      expect(menu).not.toContain(forbidden);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('refreshes the entity list on the configured interval, showing an entity created elsewhere', async () => {
    const page = await b.page();
    await signInPersona(page, 'ops.checker', DEMO_PASSWORD, currentCode);
    await page.getByRole('link', { name: 'Requests', exact: true }).waitFor();

    // Broker operations add a client below their broker, in their own browser.
    const staff = await b.page();
    await signInPersona(staff, 'ops.maker', DEMO_PASSWORD, currentCode);
    const forest: { entityId: number; entityName: string }[] = await (
      await staff.request.get('/api/entity')
    ).json();
    const broker = forest.find((e) => e.entityName === 'Aurora Markets')!.entityId;
    const name = `Refreshed Client ${Date.now()}`;
    const created = await staff.request.post('/api/entity/create', {
      headers: await csrfHeaders(staff),
      data: { entityId: broker, parentId: broker, entityName: name },
    });
    expect(created.status()).toBe(200);

    // No reload: the first page's selector asks for the list again every second here.
    await page.getByRole('button', { name: 'Selected entity' }).click();
    await page.getByRole('textbox', { name: 'Search entities' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).waitFor({ timeout: 5000 });
  });

  it('sends a forbidden route to /, saying which page, for which entity, and why', async () => {
    const page = await b.page();
    await signInPersona(page, 'trader', DEMO_PASSWORD, currentCode);
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    await page.goto('/templates');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Forbidden Access' });
    await toast.getByText('Templates is not available for Northwind Capital').waitFor();
  });
});
