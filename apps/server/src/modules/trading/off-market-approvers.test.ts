import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, grant, signedInUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { fxTradeDate, plusDays } from '../instruments/iso-dates';
import { garmanKohlhagen, yearsBetween } from './options/garman-kohlhagen';
import {
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  STAFF_KEYS,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Issue 37, four eyes of the desk: an 'OFF MARKET TRADE' or 'BARRIER EVENT' request is decided
 * by the house's staff only — every approver of a several-approver policy, not only the last
 * one (whose approval books the trade or moves the option), and a rejecter too. A client's own
 * trader holds the types' approve key (manual_trade_booking) at its own entity, so the approve
 * key alone would let it be one of the four eyes.
 */
describe('who decides the desk’s four-eyes requests', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  /** The client's trader: manual_trade_booking (the types' approve key) at its own entity. */
  let client: Agent;
  let clientName = '';
  /** Two more staff members of the broker, besides the world's staff (the maker). */
  let checkerA: Agent;
  let checkerB: Agent;
  let expiryDate = '';

  const count = async (q: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ n: number }>(q)).rows[0]!.n;
  const tradeCount = () => count(sql`select count(*)::int as n from trades`);
  const approvalsOf = (requestId: number) =>
    count(sql`select count(*)::int as n from request_approvals where request_id = ${requestId}`);
  const statusOf = async (requestId: number) =>
    (
      await t.database.db.execute<{ status: string }>(
        sql`select status from requests where id = ${requestId}`,
      )
    ).rows[0]!.status;
  const decide = (agent: Agent, requestId: number, status: string, reason?: string) =>
    agent.post('/api/requests/status/update', {
      entityId: w.client,
      requestId,
      status,
      ...(reason ? { reason } : {}),
    });

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const c = await signedInUser(t, w.client);
    // Deciding a request needs one of the request keys at the route (P.decideRequests):
    // approve_withdrawal lets each caller reach the engine, which judges.
    await grant(t, c.user.id, w.client, ['manual_trade_booking', 'account_view', 'approve_withdrawal']);
    client = c.agent;
    clientName = c.user.username;
    for (const set of [(a: Agent) => (checkerA = a), (a: Agent) => (checkerB = a)]) {
      const s = await signedInUser(t, w.broker);
      await grant(t, s.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
      set(s.agent);
    }
    // Two distinct approvers for both types at the client.
    const engine = t.services.requestEngine;
    await engine.policies.set({ principal: null }, w.client, 'OFF MARKET TRADE', 2);
    await engine.policies.set({ principal: null }, w.client, 'BARRIER EVENT', 2);
    const m = t.services.instruments.optionMarket;
    await m.setVolatilities(actingAs(w.root), {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '10' }],
    });
    await m.setInterestRate(actingAs(w.root), { currency: 'USD', ratePct: '5' });
    await m.setInterestRate(actingAs(w.root), { currency: 'EUR', ratePct: '3' });
    expiryDate = plusDays(fxTradeDate(), 30);
    for (;;) {
      const ok = await t.services.instruments.valueDates
        .validate({ base: 'EUR', quote: 'USD' }, expiryDate)
        .then(() => true)
        .catch(() => false);
      if (ok) break;
      expiryDate = plusDays(expiryDate, 1);
    }
  });

  it('refuses a client’s trader as any approver or rejecter of an off-market trade (403, nothing recorded); two distinct staff members book it', async () => {
    const trades = await tradeCount();
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD']!,
      side: 'BUY',
      amount: '10000.00',
      rate: '1.2000',
      offMarket: true,
      reason: 'Historic rate agreed with the client',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().pendingRequest;
    expect(pending).toMatchObject({ type: 'OFF MARKET TRADE', requiredApprovals: 2 });

    // The first of two approvals: before the fix, only the last approver was checked as staff.
    const first = await decide(client, pending.id, 'APPROVED');
    expect([first.statusCode, first.json().message]).toEqual([
      403,
      'Only the house’s dealing staff may approve an off-market trade',
    ]);
    const rejected = await decide(client, pending.id, 'REJECTED', 'Not at this rate');
    expect([rejected.statusCode, rejected.json().message]).toEqual([
      403,
      'Only the house’s dealing staff may reject an off-market trade',
    ]);
    expect([await approvalsOf(pending.id), await statusOf(pending.id), await tradeCount()]).toEqual([
      0,
      'PENDING',
      trades,
    ]);

    const a = await decide(checkerA, pending.id, 'APPROVED');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().status).toBe('PENDING');
    expect(await tradeCount()).toBe(trades);
    const again = await decide(checkerA, pending.id, 'APPROVED');
    expect([again.statusCode, again.json().message]).toEqual([409, 'You have already approved this request']);
    // Nor can the client be the second pair of eyes.
    const second = await decide(client, pending.id, 'APPROVED');
    expect(second.statusCode).toBe(403);
    expect(await approvalsOf(pending.id)).toBe(1);

    const b = await decide(checkerB, pending.id, 'APPROVED');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().status).toBe('COMPLETED');
    expect(await tradeCount()).toBe(trades + 1);
    const [row] = (
      await t.database.db.execute<{ rate: string }>(
        sql`select rate::text from trades order by id desc limit 1`,
      )
    ).rows;
    expect(row!.rate).toMatch(/^1\.2/);
    // The history names the two staff approvals and never the client.
    const deciders = (
      await t.database.db.execute<{ by: string }>(
        sql`select by_name as by from request_history where request_id = ${pending.id} and from_status is not null`,
      )
    ).rows.map((r) => r.by);
    expect(new Set(deciders).size).toBe(2);
    expect(deciders).not.toContain(clientName);
    await expectLedgerSound(t);
  });

  it('refuses a client’s trader as the first approver of a barrier event; two distinct staff members knock the option out', async () => {
    const premium = (
      garmanKohlhagen({
        kind: 'CALL',
        spot: 1.085,
        strike: 1.08,
        years: yearsBetween(fxTradeDate(), expiryDate),
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      }).price * 1_000_000
    ).toFixed(2);
    // No model prices a barrier: the desk books one off-market, approved by two staff members here.
    const booked = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD']!,
      side: 'BUY',
      optionType: 'CALL',
      notional: '1000000.00',
      strike: '1.0800',
      expiryDate,
      cut: 'NY',
      premium,
      premiumCurrency: 'USD',
      barrier: {
        direction: 'UP',
        kind: 'KNOCK_OUT',
        level: '1.1200',
        rebate: '5000.00',
        rebateCurrency: 'USD',
      },
      offMarket: true,
      reason: 'Barrier option priced by the desk',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const booking = booked.json().pendingRequest.id as number;
    expect((await decide(client, booking, 'APPROVED')).statusCode).toBe(403);
    expect((await decide(checkerA, booking, 'APPROVED')).json().status).toBe('PENDING');
    expect((await decide(checkerB, booking, 'APPROVED')).json().status).toBe('COMPLETED');
    const [option] = (
      await t.database.db.execute<{ id: number; ticket: string }>(
        sql`select id, ticket from trades where type = 'FX_OPTION' order by id desc limit 1`,
      )
    ).rows;

    const reported = await bookVia(w.staff, 'barrierEvent', {
      tradeId: option!.id,
      event: 'KNOCK_OUT',
      observedRate: '1.12015',
      observedAt: new Date().toISOString(),
      source: 'Reuters EURUSD= 14:02',
      reason: 'Spike the sheet missed',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const event = reported.json();
    expect(event).toMatchObject({ type: 'BARRIER EVENT', status: 'PENDING' });
    const first = await decide(client, event.id, 'APPROVED');
    expect([first.statusCode, first.json().message]).toEqual([
      403,
      'Only the house’s dealing staff approve a barrier event',
    ]);
    const rejected = await decide(client, event.id, 'REJECTED', 'No such spike');
    expect([rejected.statusCode, rejected.json().message]).toEqual([
      403,
      'Only the house’s dealing staff decide a barrier event',
    ]);
    expect([await approvalsOf(event.id), await statusOf(event.id)]).toEqual([0, 'PENDING']);
    const a = await decide(checkerA, event.id, 'APPROVED');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().status).toBe('PENDING');
    const view = async () => (await w.staff.post('/api/trades/view', { tradeId: option!.id })).json();
    expect((await view()).trade.status).toBe('OPEN');
    const b = await decide(checkerB, event.id, 'APPROVED');
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().status).toBe('COMPLETED');
    expect((await view()).trade.status).toBe('KNOCKED_OUT');
    await expectLedgerSound(t);
  });
});
