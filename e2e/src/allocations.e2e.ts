import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../../apps/server/src/modules/auth/two-factor';
import { DEMO_ALLOCATION_GROUP } from '../../apps/server/src/modules/demo/demo-allocations.seed';
import { DEMO_PASSWORD } from '../../apps/server/src/modules/demo/demo-data.seed';
import { formatDecimal } from '../../apps/web/src/lib/format';
import { Money } from '../../packages/contracts/src/amounts';
import { csrfHeaders, signIn, signInPersona, useBrowser, visit } from './browser';
import { eventually, permissionsLoaded, settled } from './page-state';
import { DEALER } from './test-portal';

/** A call of the signed-in page's own API (its session, its CSRF token). */
async function post(page: Page, path: string, data: object, headers: Record<string, string> = {}) {
  const res = await page.request.post(`/api/${path}`, {
    headers: { ...(await csrfHeaders(page)), ...headers },
    data,
  });
  expect([path, res.status(), res.status() === 200 ? '' : await res.text()]).toEqual([path, 200, '']);
  return res.json();
}

type Balance = { accountName: string; asset: string; held: string };
const heldOn = async (page: Page, entityId: number, account: string) =>
  ((await post(page, 'account/balances', { entityId })) as Balance[]).find(
    (b) => b.accountName === account && b.asset === 'USD',
  )?.held ?? '0';

/** Selects an entity by its exact name ('Cobalt Fund I' is a prefix of 'Cobalt Fund II'). */
async function selectExactly(page: Page, name: string) {
  await page.getByRole('button', { name: 'Selected entity' }).click();
  await page.getByRole('textbox', { name: 'Search entities' }).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
  await page.getByRole('button', { name: `Selected entity: ${name}`, exact: true }).waitFor();
  await permissionsLoaded(page);
  await settled(page);
}

/**
 * Issue 28's journey: Cobalt's allocation manager is given a block EUR/USD trade on Cobalt
 * Master, allocates it over the demo group's two funds after the preview, changes the
 * weights and reprocesses (the before and after shown), and each fund's trades and balances
 * show the result.
 */
describe('allocations', () => {
  const b = useBrowser();

  it('allocator allocates a block over the two funds after the preview, changes a weight and reprocesses; each fund’s trades and balances show it', async () => {
    // The block: booked on Cobalt Master by dealing staff (the allocator is given it).
    const dealer = await b.page();
    await signIn(dealer, DEALER);
    const accounts = await post(dealer, 'account/list', { allAccessible: true });
    const master = accounts.find((a: { name: string }) => a.name === 'Cobalt Master');
    const pair = (await post(dealer, 'instruments/list', { kind: 'FX', search: 'EUR/USD' })).items[0].id;
    const booked = await post(
      dealer,
      'trades/bookManualDeliverableFxTrade',
      { accountId: master.id, instrumentId: pair, side: 'BUY', amount: '10000.01', rate: '1.08500' },
      { 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    );
    const id = booked.trade.id as number;

    const page = await b.page();
    await signInPersona(page, 'allocator', DEMO_PASSWORD, currentCode);
    const groups = (await post(page, 'entity/allocations/groups/list', {})).items;
    const demo = groups.find((g: { name: string }) => g.name === DEMO_ALLOCATION_GROUP);
    const funds = Object.fromEntries(
      demo.investors.map((i: { entityName: string; entityId: number }) => [i.entityName, i.entityId]),
    ) as Record<string, number>;
    const heldBefore = {
      one: await heldOn(page, funds['Cobalt Fund I']!, 'Cobalt Fund I USD'),
      two: await heldOn(page, funds['Cobalt Fund II']!, 'Cobalt Fund II USD'),
    };

    await visit(page, '/allocations');
    const group = page.getByRole('region', { name: DEMO_ALLOCATION_GROUP });
    const investors = group.getByRole('table', { name: `Investors of ${DEMO_ALLOCATION_GROUP}` });
    await investors.getByRole('row', { name: /Cobalt Fund I\b.*60 %.*60 %/ }).waitFor();
    await investors.getByRole('row', { name: /Cobalt Fund II.*40 %.*40 %/ }).waitFor();
    await group.getByRole('figure', { name: `Weights of ${DEMO_ALLOCATION_GROUP}` }).waitFor();

    // The preview: 10,000.01 EUR at 60/40 — the cent left over goes to the larger fraction.
    await group.getByRole('button', { name: 'Allocate a block' }).click();
    const dialog = page.getByRole('dialog', { name: `Allocate a block over ${DEMO_ALLOCATION_GROUP}` });
    await dialog.getByRole('combobox', { name: 'Block trade' }).click();
    await page.getByRole('option', { name: new RegExp(`^#${id} EUR/USD Buy 10,000\\.01`) }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('table', { name: 'Allocation preview' });
    await preview.getByRole('row', { name: /Cobalt Fund I\b.*6,000\.01 EUR.*\+1 unit/ }).waitFor();
    await preview.getByRole('row', { name: /Cobalt Fund II.*4,000\.00 EUR/ }).waitFor();
    await dialog.getByRole('button', { name: 'Allocate', exact: true }).click();
    await page.getByText('Block allocated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const children = group.getByRole('table', { name: `Children of #${id}` });
    await children.getByRole('row', { name: /Cobalt Fund I\b.*6,000\.01 EUR.*Pending/ }).waitFor();
    await children.getByRole('row', { name: /Cobalt Fund II.*4,000\.00 EUR.*Pending/ }).waitFor();

    // New weights, 70/30 (percentages: both change, so they total 100).
    for (const [fund, weight] of [
      ['Cobalt Fund I', '70'],
      ['Cobalt Fund II', '30'],
    ] as const) {
      await investors.getByRole('button', { name: `Edit ${fund}`, exact: true }).click();
      const form = page.getByRole('dialog', { name: `Edit ${fund}` });
      await form.getByLabel('Weight').fill(weight);
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await form.waitFor({ state: 'detached' });
      await investors.getByRole('row', { name: new RegExp(`${fund}\\b.*${weight} %`) }).waitFor();
    }

    // Reprocess: the diff first, then the earlier children reversed and the block split again.
    await group.getByRole('button', { name: `Reprocess #${id}` }).click();
    const reprocess = page.getByRole('dialog', {
      name: `Reprocess trade #${id} over ${DEMO_ALLOCATION_GROUP}`,
    });
    const diff = reprocess.getByRole('table', { name: `Reprocess #${id}` });
    await diff
      .getByRole('row', { name: /Cobalt Fund I\b.*6,000\.01 EUR.*7,000\.01 EUR.*\+1,000\.00/ })
      .waitFor();
    await diff
      .getByRole('row', { name: /Cobalt Fund II.*4,000\.00 EUR.*3,000\.00 EUR.*-1,000\.00/ })
      .waitFor();
    await reprocess.getByRole('button', { name: 'Reprocess', exact: true }).click();
    await page.getByText('Allocation reprocessed').waitFor();
    await children.getByRole('row', { name: /Cobalt Fund I\b.*7,000\.01 EUR.*Pending/ }).waitFor();
    await children.getByRole('row', { name: /Cobalt Fund II.*3,000\.00 EUR.*Pending/ }).waitFor();

    // Each fund's trades: the new child pending, the earlier one cancelled (never deleted).
    const after = (await post(page, 'entity/allocations/groups/list', {})).items
      .find((g: { name: string }) => g.name === DEMO_ALLOCATION_GROUP)
      .blocks.find((x: { block: { id: number } }) => x.block.id === id);
    const counter = (fund: string) =>
      after.children.find((c: { entityName: string }) => c.entityName === fund).counterAmount as string;
    for (const [fund, amount, held] of [
      ['Cobalt Fund I', '7,000\\.01', heldBefore.one],
      ['Cobalt Fund II', '3,000\\.00', heldBefore.two],
    ] as const) {
      await selectExactly(page, fund);
      await visit(page, '/trades');
      const blotter = page.getByRole('table', { name: 'Trades' });
      await blotter
        .getByRole('row', { name: new RegExp(`EUR/USD.*${amount} EUR.*${fund} USD.*Pending`) })
        .waitFor();
      await blotter
        .getByRole('row', { name: new RegExp(`EUR/USD.*${fund} USD.*Cancelled`) })
        .first()
        .waitFor();
      // Its balance holds what the child will pay, on top of what it held before.
      const expected = new Money(held).plus(counter(fund)).toFixed(2);
      await eventually(async () =>
        new Money(await heldOn(page, funds[fund]!, `${fund} USD`)).toFixed(2),
      ).toBe(expected);
      await visit(page, '/');
      await page
        .getByRole('table', { name: 'Balances' })
        .getByRole('row', {
          name: new RegExp(`${fund} USD.*USD.*${formatDecimal(expected, 2).replace(/\./g, '\\.')}`),
        })
        .waitFor();
    }
  });

  it('allocator creates a group and edits it, with the spec’s confirmation texts', async () => {
    const page = await b.page();
    await signInPersona(page, 'allocator', DEMO_PASSWORD, currentCode);
    await visit(page, '/allocations');
    const name = `E2E Group ${crypto.randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: 'Create Allocation Group' }).click();
    const form = page.getByRole('dialog', { name: 'Create Allocation Group' });
    await form.getByLabel('Group name').fill(name);
    await form.getByRole('button', { name: 'Create Allocation Group' }).click();
    const created = page.getByRole('dialog', { name: 'Allocation Group Created' });
    await created.getByText('You have successfully created an allocation group').waitFor();
    await created.getByRole('button', { name: 'OK' }).click();
    const group = page.getByRole('region', { name });
    await group.getByText('Active', { exact: true }).waitFor();

    await group.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const updated = page.getByRole('dialog', { name: 'Allocation Group Updated' });
    await updated.getByText('You have successfully updated the allocation group').waitFor();
    await updated.getByRole('button', { name: 'OK' }).click();
    await group.getByText('Suspended', { exact: true }).waitFor();
  });
});
