import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { csrfHeaders, requestUsdDeposit, signInPersona, useBrowser, visit } from './browser';
import { eventually, settled } from './page-state';

/** The bell's unread count, as its accessible name says it ("Notifications, 3 unread"), 0 without one. */
async function unreadOn(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Opens the notification centre and answers its popover (the dialog the bell controls). */
async function openCentre(page: Page) {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const centre = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`);
  await centre.waitFor();
  await settled(page);
  return centre;
}

describe('notification centre', () => {
  const b = useBrowser();

  it('an approver who was away finds the request waiting with an unread count; after approval the requester’s centre holds the decision', async () => {
    // The client asks while no approver has the portal open.
    const client = await b.page();
    await signInPersona(client, 'trader', DEMO_PASSWORD, currentCode);
    const { request } = await requestUsdDeposit(client, '75.00', 'notice journey');
    await client.close();

    // The approver signs in later, in a browser that has never seen the notice.
    const approver = await b.page();
    await signInPersona(approver, 'ops.checker', DEMO_PASSWORD, currentCode);
    const unreadBefore = await unreadOn(approver);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const centre = await openCentre(approver);
    const notice = centre.getByRole('button', {
      name: new RegExp(`New deposit request.*#${request.id} from`),
    });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Unread');
    // Opening it marks it read and goes to its object: the request, open in the approver's inbox.
    await notice.click();
    await approver.waitForURL(`**/approvals?request=${request.id}`);
    await approver.getByRole('dialog', { name: new RegExp(`^Request #${request.id} `) }).waitFor();
    await centre.waitFor({ state: 'hidden' });
    await eventually(() => unreadOn(approver)).toBe(unreadBefore - 1);

    const decided = await approver.request.post('/api/requests/status/update', {
      headers: await csrfHeaders(approver),
      data: { entityId: request.entityId, requestId: request.id, status: 'APPROVED' },
    });
    expect(decided.ok()).toBe(true);

    // The requester comes back in a fresh browser: the decision was kept for them.
    const back = await b.page();
    await signInPersona(back, 'trader', DEMO_PASSWORD, currentCode);
    expect(await unreadOn(back)).toBeGreaterThanOrEqual(1);
    const theirs = await openCentre(back);
    await theirs.getByRole('button', { name: new RegExp(`Request #${request.id} approved`) }).waitFor();
    // Escape closes the centre; "Mark all read" clears the count.
    await back.keyboard.press('Escape');
    await theirs.waitFor({ state: 'hidden' });
    const again = await openCentre(back);
    await again.getByRole('button', { name: 'Mark all read' }).click();
    await eventually(() => unreadOn(back)).toBe(0);
    await visit(back, '/');
    expect(await unreadOn(back)).toBe(0);
  });
});
