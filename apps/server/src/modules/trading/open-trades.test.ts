import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { grant, signedInUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { bookVia, buildTradingWorld, type TradingWorld } from './trading-test-kit';

/** Issue 26: an entity is not deactivated while it holds open positions, naming them. */
describe('open trades keep an entity active', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let admin: Agent;
  const deactivate = () =>
    admin.put('/api/entity/update', { entityId: w.client, entityName: 'Northwind', active: false });

  beforeAll(async () => {
    // No funds: only the trades can stand in the way.
    Object.assign(w, await buildTradingWorld(t, { funds: [] }));
    const a = await signedInUser(t, w.broker);
    await grant(t, a.user.id, w.broker);
    admin = a.agent;
  });

  it('refuses to deactivate an entity with an open margin FX position, naming the trade and account, and deactivates it once the trade is cancelled', async () => {
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
      `This entity cannot be deactivated while it holds open trade ${trade.ticket} (Margin FX EUR/USD, Open) in account ${account.name} (${w.account})`,
    );
    expect((await admin.post('/api/entity/view', { entityId: w.client })).json().active).toBe(true);

    const cancelled = await w.staff.post('/api/trades/cancel', {
      entityId: w.client,
      tradeId: trade.id,
      reason: 'Booked in error',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const done = await deactivate();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().active).toBe(false);
  });
});
