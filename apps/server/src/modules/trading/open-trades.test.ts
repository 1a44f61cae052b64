import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { grant, signedInUser } from '../../test/fixtures';
import { fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';
import { bookVia, buildTradingWorld, REPLAY_CONFIG, type TradingWorld } from './trading-test-kit';

/** Issue 26: an entity is not deactivated while it holds open positions, naming them. */
describe('open trades keep an entity active', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let admin: Agent;
  const deactivate = () =>
    admin.put('/api/entity/update', { entityId: w.client, entityName: 'Northwind', active: false });

  beforeAll(async () => {
    // No funds but the position's collateral, given back once the trade is cancelled.
    Object.assign(w, await buildTradingWorld(t, { funds: [] }));
    const a = await signedInUser(t, w.broker);
    await grant(t, a.user.id, w.broker);
    admin = a.agent;
  });

  it('refuses to deactivate an entity with an open margin FX position, naming the trade and account, and deactivates it once the trade is cancelled', async () => {
    // A position takes margin: its collateral first.
    await fund(t.database.db, w.account, 'USD', '5000.00');
    const booked = await bookVia(w.staff, 'bookManualFxTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '100000.00',
      rate: '1.0800',
      tradeDate: '2026-03-05',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const trade = booked.json().trade;
    const account = (
      await admin.post('/api/account/view', { entityId: w.client, accountId: w.account })
    ).json();

    const refused = await deactivate();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This entity cannot be deactivated while it holds funds in account ${account.name} (${w.account}): 5000 USD; open trade ${trade.ticket} (Margin FX EUR/USD, Open) in account ${account.name} (${w.account})`,
    );
    expect((await admin.post('/api/entity/view', { entityId: w.client })).json().active).toBe(true);

    const cancelled = await w.staff.post('/api/trades/cancel', {
      entityId: w.client,
      tradeId: trade.id,
      reason: 'Booked in error',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Only the collateral is left in the way: paid out, the entity deactivates.
    expect((await deactivate()).json().message).toBe(
      `This entity cannot be deactivated while it holds funds in account ${account.name} (${w.account}): 5000 USD`,
    );
    const ledger = createLedgerService(t.database.db);
    await t.database.db.transaction(async (tx) => {
      const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', 'USD');
      await ledger.transfer(
        tx,
        { principal: null },
        { kind: 'WITHDRAWAL' },
        w.account,
        omnibus,
        'USD',
        '5000.00',
      );
    });
    const done = await deactivate();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().active).toBe(false);
  });
});
