import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { entities } from '../entities/entities.tables';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  REPLAY_CONFIG,
  settleOn,
  type TradingWorld,
} from '../trading/trading-test-kit';

/**
 * Spec sections 1, 6 and 7 "Allocations" (issue 28): an Allocation Manager's groups of
 * Allocation Investors, a block trade of the manager's account split pro rata over them by
 * the largest-remainder method, and reprocessing after the weights change — every movement
 * through the ledger's one booking path, nothing ever deleted.
 */
describe('allocations: groups, investors, allocating and reprocessing block trades', () => {
  // In production, as section 5's gating matters there: it hides the screen (web), and the
  // calls stay answered to a caller with system_management but without test_new_features.
  const t = useTestApp({ APP_ENV: 'production', ...REPLAY_CONFIG });
  const w = {} as TradingWorld;
  let manager: number;
  let managerAccount: number;
  const investors: { entity: number; account: number }[] = [];
  /** An Allocation Investor of the broker that is not below the manager. */
  let outsiderAccount: number;
  let allocator: Agent;
  let allocatorName: string;
  /** Holds every key but system_management on the manager. */
  let trader: Agent;

  const call = (agent: Agent, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload: object) =>
    agent.call({
      method,
      url: `/api/entity/allocations/${path}`,
      payload: { entityId: manager, ...payload },
    });
  const ok = async (p: ReturnType<typeof call>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const makeGroup = (name: string, weighting: 'RATIO' | 'PERCENT') =>
    ok(call(allocator, 'POST', 'groups/create', { name: uniqueName(name), weighting }));
  const addInvestor = (groupId: number, accountId: number, weight: string, priority?: number) =>
    ok(call(allocator, 'POST', 'investors/add', { groupId, accountId, weight, priority }));
  // The block is booked by the broker's staff at a typed rate (a client — the manager's own
  // users — books at the house's quotes only); the manager's allocator splits it.
  const bookBlock = async (over: object = {}, path = 'bookManualDeliverableFxTrade') => {
    const res = await bookVia(w.staff, path, {
      entityId: manager,
      accountId: managerAccount,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '100000.01',
      rate: '1.0850',
      tradeDate: '2026-03-05',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().trade as { id: number; ticket: string; valueDate: string };
  };
  const allocate = (groupId: number, tradeId: number, extra: object = {}, path = 'trades/fx') =>
    call(allocator, 'POST', path, { groupId, tradeId, ...extra });
  const tradeCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`)).rows[0]!.n;
  const sum = (xs: string[]) => xs.reduce((s, x) => s.plus(x), new Money(0));
  const view = async (tradeId: number) =>
    ok(allocator.post('/api/trades/view', { entityId: manager, tradeId }) as never);

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    manager = w.client;
    managerAccount = w.account;
    await t.database.db
      .update(entities)
      .set({ attributes: ['Allocation Manager'] })
      .where(sql`${entities.id} = ${manager}`);
    for (const name of ['Fund I ', 'Fund II ']) {
      const e = await createEntity(t, uniqueName(name), manager);
      await t.database.db
        .update(entities)
        .set({ attributes: ['Allocation Investor'], tradingEnabled: true, currencyCode: 'USD' })
        .where(sql`${entities.id} = ${e.id}`);
      const account = await clientAccount(t.database.db, e.id);
      await fund(t.database.db, account, 'USD', '1000000.00');
      investors.push({ entity: e.id, account });
    }
    const outsider = await createEntity(t, uniqueName('Sibling fund '), w.broker);
    await t.database.db
      .update(entities)
      .set({ attributes: ['Allocation Investor'], tradingEnabled: true })
      .where(sql`${entities.id} = ${outsider.id}`);
    outsiderAccount = await clientAccount(t.database.db, outsider.id);
    const a = await signedInUser(t, manager);
    await grant(t, a.user.id, manager, [
      'system_management',
      'manual_trade_booking',
      'trade_amend',
      'account_view',
    ]);
    allocator = a.agent;
    allocatorName = a.user.username;
    const tr = await signedInUser(t, manager);
    await grant(t, tr.user.id, manager, ['manual_trade_booking', 'trade_amend', 'account_view']);
    trader = tr.agent;
  });

  describe('groups and investors', () => {
    it('creates a group for an Allocation Manager and lists it with its investors and their shares', async () => {
      const group = await makeGroup('Growth ', 'PERCENT');
      expect(group).toMatchObject({
        entityId: manager,
        status: 'ACTIVE',
        weighting: 'PERCENT',
        investors: [],
      });
      await addInvestor(group.id, investors[0]!.account, '60');
      const after = await addInvestor(group.id, investors[1]!.account, '40', 1);
      expect(after.totalWeight).toBe('100');
      expect(
        after.investors.map((i: { share: string; priority: number | null }) => [i.share, i.priority]),
      ).toEqual([
        ['0.6', null],
        ['0.4', 1],
      ]);
      const list = await ok(call(allocator, 'POST', 'groups/list', {}));
      expect(list.items.map((g: { id: number }) => g.id)).toContain(group.id);
    });

    it('refuses a group for an entity that is not an Allocation Manager (422)', async () => {
      const res = await allocator.post('/api/entity/allocations/groups/create', {
        entityId: investors[0]!.entity,
        name: 'Nope',
        weighting: 'RATIO',
      });
      expect([res.statusCode, res.json().message]).toEqual([
        422,
        expect.stringMatching(/is not an Allocation Manager$/),
      ]);
    });

    it('answers 404 for an investor account outside the manager’s tree, and changes nothing', async () => {
      const group = await makeGroup('Tree ', 'RATIO');
      for (const accountId of [outsiderAccount, w.strangerAccount]) {
        const res = await call(allocator, 'POST', 'investors/add', {
          groupId: group.id,
          accountId,
          weight: '1',
        });
        expect([res.statusCode, res.json().message]).toEqual([404, 'Account not found']);
      }
      // Staff of the broker reach the sibling fund, but it is not below the group's manager.
      const staff = await signedInUser(t, w.broker);
      await grant(t, staff.user.id, w.broker, ['system_management']);
      const res = await staff.agent.call({
        method: 'POST',
        url: '/api/entity/allocations/investors/add',
        payload: { entityId: w.broker, groupId: group.id, accountId: outsiderAccount, weight: '1' },
      });
      expect([res.statusCode, res.json().message]).toEqual([404, 'Account not found']);
      expect(
        (await ok(call(allocator, 'POST', 'groups/list', {}))).items.find(
          (g: { id: number }) => g.id === group.id,
        ).investors,
      ).toEqual([]);
    });

    it('refuses an account whose owner is not an Allocation Investor (422)', async () => {
      const group = await makeGroup('Attr ', 'RATIO');
      const res = await call(allocator, 'POST', 'investors/add', {
        groupId: group.id,
        accountId: managerAccount,
        weight: '1',
      });
      expect(res.statusCode).toBe(422);
    });

    it('in production answers a caller without canTestFeatures (test_new_features): gating hides the screen, it refuses no call', async () => {
      expect(t.config.APP_ENV).toBe('production');
      const held = (await allocator.get('/api/entity')).json()[0];
      expect(held.permissions).toContain('system_management');
      expect(held.permissions).not.toContain('test_new_features');
      expect((await call(allocator, 'POST', 'groups/list', {})).statusCode).toBe(200);
    });

    it('answers 403 without system_management and 4xx in the section 8 shape to bad input', async () => {
      const denied = await call(trader, 'POST', 'groups/list', {});
      expect(denied.statusCode).toBe(403);
      const group = await makeGroup('Bad ', 'RATIO');
      for (const body of [
        { groupId: group.id, accountId: investors[0]!.account, weight: '0' },
        { groupId: group.id, accountId: investors[0]!.account, weight: 'abc' },
        { groupId: group.id, accountId: investors[0]!.account, weight: '1', extra: true },
      ]) {
        const res = await call(allocator, 'POST', 'investors/add', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          status: 400,
          title: expect.any(String),
          message: expect.any(String),
        });
      }
    });
  });

  describe('allocating a block', () => {
    it('previews the split without booking anything', async () => {
      const group = await makeGroup('Preview ', 'RATIO');
      await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '2', 1);
      const block = await bookBlock();
      const n = await tradeCount();
      const res = await ok(allocate(group.id, block.id, { preview: true }));
      expect(res).toMatchObject({ preview: true, changed: true, run: null, before: [] });
      // 100000.01 EUR: exact thirds are 33333.336… and 66666.673…; one cent left over goes to priority 1.
      expect(
        res.after.map((c: { amount: string; amountRemainder: boolean; tradeId: null }) => [
          c.amount,
          c.amountRemainder,
          c.tradeId,
        ]),
      ).toEqual([
        ['33333.33', false, null],
        ['66666.68', true, null],
      ]);
      expect(await tradeCount()).toBe(n);
      expect((await view(block.id)).trade.status).toBe('PENDING');
    });

    it('splits the block into children that sum exactly on every leg, retires the block and links them by one event', async () => {
      const group = await makeGroup('Split ', 'RATIO');
      await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '2');
      const block = await bookBlock();
      const res = await ok(allocate(group.id, block.id));
      expect(res).toMatchObject({ preview: false, changed: true, run: 1, before: [] });
      expect(res.block.status).toBe('ALLOCATED');
      const children = await Promise.all(res.after.map((c: { tradeId: number }) => view(c.tradeId)));
      const blockView = await view(block.id);
      for (const side of ['payAmount', 'receiveAmount'] as const)
        expect(sum(children.map((c) => c.legs[0][side])).eq(blockView.legs[0][side])).toBe(true);
      expect(sum(children.map((c) => c.trade.amount)).toFixed(2)).toBe('100000.01');
      expect(children.map((c) => [c.trade.accountId, c.trade.status, c.trade.reference])).toEqual([
        [investors[0]!.account, 'PENDING', block.ticket],
        [investors[1]!.account, 'PENDING', block.ticket],
      ]);
      // The block's hold went back; each investor holds its own pay side.
      expect((await openHolds(t, managerAccount)).map((h) => h.reference)).not.toContain(block.ticket);
      for (const [k, c] of children.entries())
        expect(
          (await openHolds(t, investors[k]!.account)).map((h) => [
            h.reference,
            new Money(h.amount).toFixed(2),
          ]),
        ).toContainEqual([c.trade.ticket, new Money(c.legs[0].payAmount).toFixed(2)]);
      expect(blockView.events.at(-1)).toMatchObject({
        kind: 'ALLOCATED',
        by: allocatorName,
        details: {
          groupId: group.id,
          run: 1,
          children: res.after.map((c: { tradeId: number }) => c.tradeId),
        },
      });
      await expectLedgerSound(t);
    });

    it('refuses a suspended group, a group whose percentages do not total 100, and a trade of another family', async () => {
      const pct = await makeGroup('Pct ', 'PERCENT');
      await addInvestor(pct.id, investors[0]!.account, '60');
      const block = await bookBlock({ amount: '1000.00' });
      const partial = await allocate(pct.id, block.id);
      expect([partial.statusCode, partial.json().message]).toEqual([
        422,
        expect.stringMatching(/total 60, not 100$/),
      ]);
      await addInvestor(pct.id, investors[1]!.account, '40');
      const cfd = await allocate(pct.id, block.id, {}, 'trades/cfd');
      expect(cfd.statusCode).toBe(422);
      await ok(call(allocator, 'PATCH', 'groups/update', { groupId: pct.id, status: 'SUSPENDED' }));
      const suspended = await allocate(pct.id, block.id);
      expect(suspended.statusCode).toBe(422);
      await ok(call(allocator, 'PATCH', 'groups/update', { groupId: pct.id, status: 'ACTIVE' }));
      expect((await ok(allocate(pct.id, block.id))).after.map((c: { amount: string }) => c.amount)).toEqual([
        '600.00',
        '400.00',
      ]);
    });

    it('allocates a margin FX block into open positions on the investors’ accounts', async () => {
      const group = await makeGroup('Margin ', 'RATIO');
      await addInvestor(group.id, investors[0]!.account, '3');
      await addInvestor(group.id, investors[1]!.account, '7');
      const block = await bookBlock({ amount: '1000.01' }, 'bookManualFxTrade');
      const res = await ok(allocate(group.id, block.id));
      expect(res.after.map((c: { status: string }) => c.status)).toEqual(['OPEN', 'OPEN']);
      expect(sum(res.after.map((c: { amount: string }) => c.amount)).toFixed(2)).toBe('1000.01');
      expect(
        sum(res.after.map((c: { counterAmount: string }) => c.counterAmount)).eq(res.block.counterAmount),
      ).toBe(true);
      await expectLedgerSound(t);
    });
  });

  describe('reprocessing', () => {
    it('after a weight change reverses the children (never deleted) and re-splits; twice is the same as once; Σ postings = 0', async () => {
      const group = await makeGroup('Reprocess ', 'RATIO');
      const first = await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '1');
      const block = await bookBlock({ amount: '5000.00' });
      const run1 = await ok(allocate(group.id, block.id));
      // Nothing changed: nothing is booked.
      const n = await tradeCount();
      const same = await ok(allocate(group.id, block.id));
      expect([same.changed, same.run, await tradeCount()]).toEqual([false, 1, n]);

      await ok(
        call(allocator, 'PUT', 'investors/update', {
          groupId: group.id,
          investorId: first.investors[0].id,
          weight: '3',
        }),
      );
      const preview = await ok(allocate(group.id, block.id, { preview: true }));
      expect(preview.before.map((c: { amount: string }) => c.amount)).toEqual(['2500.00', '2500.00']);
      expect(preview.after.map((c: { amount: string }) => c.amount)).toEqual(['3750.00', '1250.00']);
      expect(await tradeCount()).toBe(n);

      const run2 = await ok(allocate(group.id, block.id));
      expect(run2).toMatchObject({ changed: true, run: 2 });
      expect(run2.before.map((c: { tradeId: number }) => c.tradeId)).toEqual(
        run1.after.map((c: { tradeId: number }) => c.tradeId),
      );
      expect(run2.after.map((c: { amount: string }) => c.amount)).toEqual(['3750.00', '1250.00']);
      for (const c of run1.after) {
        const old = await view(c.tradeId);
        expect(old.trade.status).toBe('CANCELLED');
        expect(old.events.at(-1)).toMatchObject({
          kind: 'CANCELLED',
          reason: `Reallocated: run 2 of ${group.name}`,
        });
      }
      const twice = await ok(allocate(group.id, block.id));
      expect([twice.changed, twice.run, twice.after]).toEqual([false, 2, run2.after]);
      expect(await tradeCount()).toBe(n + 2);
      const listed = (await ok(call(allocator, 'POST', 'groups/list', {}))).items.find(
        (g: { id: number }) => g.id === group.id,
      );
      expect(listed.blocks).toHaveLength(1);
      expect(listed.blocks[0].children.map((c: { tradeId: number }) => c.tradeId)).toEqual(
        run2.after.map((c: { tradeId: number }) => c.tradeId),
      );
      await expectLedgerSound(t);
    });

    it('children settle like any trade; reprocessing then reverses their deliveries by opposite postings', async () => {
      const group = await makeGroup('Settled ', 'RATIO');
      const g = await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '1');
      // What earlier tests left due settles first, so this block's children settle alone.
      await settleOn(t, '2026-03-09');
      const block = await bookBlock({ amount: '2000.00', tradeDate: '2026-03-10' });
      const run1 = await ok(allocate(group.id, block.id));
      const eurBefore = await balanceOf(t, investors[0]!.account, 'EUR');
      await settleOn(t, block.valueDate);
      const settled = await view(run1.after[0].tradeId);
      expect(settled.trade.status).toBe('SETTLED');
      expect(
        new Money((await balanceOf(t, investors[0]!.account, 'EUR')).posted)
          .minus(eurBefore.posted)
          .toFixed(2),
      ).toBe('1000.00');

      await ok(
        call(allocator, 'PUT', 'investors/update', {
          groupId: group.id,
          investorId: g.investors[0].id,
          weight: '3',
        }),
      );
      const run2 = await ok(allocate(group.id, block.id));
      expect(run2.after.map((c: { amount: string }) => c.amount)).toEqual(['1500.00', '500.00']);
      expect((await view(run1.after[0].tradeId)).trade.status).toBe('REVERSED');
      expect(
        new Money((await balanceOf(t, investors[0]!.account, 'EUR')).posted)
          .minus(eurBefore.posted)
          .toFixed(2),
      ).toBe('0.00');
      await expectLedgerSound(t);
    });
  });

  describe('the group’s life', () => {
    it('refuses to delete a group with allocated trades, closes it keeping its history, and refuses to remove an investor with open allocated trades', async () => {
      const group = await makeGroup('Life ', 'RATIO');
      const g = await addInvestor(group.id, investors[0]!.account, '1');
      const block = await bookBlock({ amount: '100.00' });
      await ok(allocate(group.id, block.id));
      const remove = await call(allocator, 'DELETE', 'investors/remove', {
        groupId: group.id,
        investorId: g.investors[0].id,
      });
      expect([remove.statusCode, remove.json().message]).toEqual([
        409,
        expect.stringMatching(/^Close or reallocate/),
      ]);
      const del = await call(allocator, 'DELETE', 'groups/delete', { groupId: group.id });
      expect(del.statusCode).toBe(409);
      const closed = await ok(
        call(allocator, 'PATCH', 'groups/update', { groupId: group.id, status: 'CLOSED' }),
      );
      expect([closed.status, closed.blocks.length]).toEqual(['CLOSED', 1]);
      const reopen = await call(allocator, 'PATCH', 'groups/update', { groupId: group.id, status: 'ACTIVE' });
      expect(reopen.statusCode).toBe(422);
    });

    it('removes an investor with open allocated trades when asked to reallocate: its child reversed, the block re-split over the rest', async () => {
      const group = await makeGroup('Realloc ', 'RATIO');
      const g = await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '1');
      const block = await bookBlock({ amount: '300.00' });
      const run1 = await ok(allocate(group.id, block.id));
      const after = await ok(
        call(allocator, 'DELETE', 'investors/remove', {
          groupId: group.id,
          investorId: g.investors[0].id,
          reallocate: true,
        }),
      );
      expect(after.investors.map((i: { accountId: number }) => i.accountId)).toEqual([investors[1]!.account]);
      expect(after.blocks[0]).toMatchObject({ run: 2 });
      expect(
        after.blocks[0].children.map((c: { accountId: number; amount: string }) => [c.accountId, c.amount]),
      ).toEqual([[investors[1]!.account, '300.00']]);
      for (const c of run1.after) expect((await view(c.tradeId)).trade.status).toBe('CANCELLED');
      await expectLedgerSound(t);
    });

    it('re-splits when a child was cancelled on its own, so the children again sum to the block', async () => {
      const group = await makeGroup('Undone child ', 'RATIO');
      await addInvestor(group.id, investors[0]!.account, '1');
      await addInvestor(group.id, investors[1]!.account, '1');
      const block = await bookBlock({ amount: '300.00' });
      const run1 = await ok(allocate(group.id, block.id));
      const cancelled = await allocator.post('/api/trades/cancel', {
        entityId: manager,
        tradeId: run1.after[0].tradeId,
        reason: 'Booked to the wrong fund',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const run2 = await ok(allocate(group.id, block.id));
      expect([run2.changed, run2.run]).toEqual([true, 2]);
      const live = [];
      for (const c of run2.after) live.push((await view(c.tradeId)).trade);
      expect(live.map((tr: { status: string }) => tr.status)).not.toContain('CANCELLED');
      expect(sum(live.map((tr: { amount: string }) => tr.amount)).toFixed(2)).toBe('300.00');
      // The other child of run 1 is reversed by the re-split, never left beside the new ones.
      expect((await view(run1.after[1].tradeId)).trade.status).toBe('CANCELLED');
      await expectLedgerSound(t);
    });

    it('refuses to cancel an allocated block through trades/cancel (409): its children carry its movements', async () => {
      const group = await makeGroup('NoCancel ', 'RATIO');
      await addInvestor(group.id, investors[0]!.account, '1');
      const block = await bookBlock({ amount: '50.00' });
      await ok(allocate(group.id, block.id));
      const res = await allocator.post('/api/trades/cancel', {
        entityId: manager,
        tradeId: block.id,
        reason: 'Try it',
      });
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        'This trade is allocated: cancel or reallocate its children instead',
      ]);
    });

    it('deletes a group that never allocated, and removes an investor without open trades', async () => {
      const group = await makeGroup('Empty ', 'RATIO');
      const g = await addInvestor(group.id, investors[0]!.account, '1');
      const removed = await ok(
        call(allocator, 'DELETE', 'investors/remove', { groupId: group.id, investorId: g.investors[0].id }),
      );
      expect(removed.investors).toEqual([]);
      await ok(call(allocator, 'DELETE', 'groups/delete', { groupId: group.id }));
      const list = await ok(call(allocator, 'POST', 'groups/list', {}));
      expect(list.items.map((x: { id: number }) => x.id)).not.toContain(group.id);
    });

    it('answers 404 for a group of another tree', async () => {
      const other = await signedInUser(t, w.stranger);
      await t.database.db
        .update(entities)
        .set({ attributes: ['Allocation Manager'] })
        .where(sql`${entities.id} = ${w.stranger}`);
      await grant(t, other.user.id, w.stranger, ['system_management']);
      const theirs = await other.agent.post('/api/entity/allocations/groups/create', {
        name: 'Theirs',
        weighting: 'RATIO',
      });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const res = await call(allocator, 'PATCH', 'groups/update', {
        groupId: theirs.json().id,
        status: 'CLOSED',
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
