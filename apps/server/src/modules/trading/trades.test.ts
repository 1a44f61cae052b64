import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { asBooked } from './booking-price';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  postingLines,
  REPLAY_CONFIG,
  setTrading,
  settleOn,
  staffAt,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Spec section 7 "Trades": trades/list, trades/view and trades/cancel (trade_amend), and what
 * every booking refuses — trading disabled, an account of another tree, a caller without
 * manual_trade_booking, bad input.
 */
describe('trades: the blotter, the detail, cancelling, and what a booking refuses', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  const deliverable = (over: object = {}) => ({
    accountId: w.account,
    instrumentId: w.pairs['EUR/USD'],
    side: 'BUY',
    amount: '10000.00',
    rate: '1.0850',
    tradeDate: '2026-03-05',
    ...over,
  });
  const book = async (over: object = {}) => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', deliverable(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().trade as { id: number; ticket: string };
  };
  const tradeCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`)).rows[0]!.n;

  /** Platform staff (at the root, for everything below it). */
  let platformStaff: Awaited<ReturnType<typeof staffAt>>;
  /** A trade of another broker's client, booked by platform staff. */
  const strangerTrade = async () =>
    asBooked(
      await t.services.trading.deliverable.bookAtRate(platformStaff, `s-${crypto.randomUUID()}`, {
        ...deliverable({ accountId: w.strangerAccount, amount: '10.00' }),
        side: 'BUY',
        reason: 'Replaying a dated scenario',
      } as never),
    ).trade.id;

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    platformStaff = await staffAt(t, w.root);
  });

  describe('booking refusals', () => {
    it('refuses a booking for an entity with trading disabled, writing nothing', async () => {
      await setTrading(t, w.client, false);
      const n = await tradeCount();
      const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', deliverable());
      await setTrading(t, w.client, true);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/^Trading is not enabled for Northwind/);
      expect(await tradeCount()).toBe(n);
    });

    it('answers 404 for an account outside the caller’s tree', async () => {
      const res = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        deliverable({ accountId: w.strangerAccount }),
      );
      expect([res.statusCode, res.json().message]).toEqual([404, 'Account not found']);
    });

    it('answers 403 to a caller without manual_trade_booking', async () => {
      const res = await bookVia(w.viewer, 'bookManualDeliverableFxTrade', deliverable());
      expect(res.statusCode).toBe(403);
      const two = await bookVia(w.viewer, 'bookManualDeliverableFxTrade2', {
        ...deliverable(),
        rate: undefined,
        counterAmount: '10850.00',
      });
      expect(two.statusCode).toBe(403);
    });

    it('answers 4xx to bad input — unknown fields, a side that is not one, no amount, an instrument that is not an FX pair — and books nothing', async () => {
      const n = await tradeCount();
      for (const body of [
        deliverable({ extra: 1 }),
        deliverable({ side: 'HOLD' }),
        deliverable({ amount: undefined }),
        deliverable({ amount: '-5' }),
        deliverable({ rate: '0' }),
        deliverable({ tradeDate: '2026-03-07' }),
        deliverable({ instrumentId: 999999 }),
      ]) {
        const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', body);
        expect([JSON.stringify(body), res.statusCode >= 400 && res.statusCode < 500]).toEqual([
          JSON.stringify(body),
          true,
        ]);
        expect(res.json()).toMatchObject({
          status: res.statusCode,
          title: expect.any(String),
          message: expect.any(String),
        });
      }
      const noKey = await w.staff.post('/api/trades/bookManualDeliverableFxTrade', deliverable());
      expect(noKey.statusCode).toBe(400);
      expect(await tradeCount()).toBe(n);
    });
  });

  describe('cancelling', () => {
    it('cancels a trade not yet settled: its hold released, nothing posted, an event saying who and why', async () => {
      const trade = await book({ amount: '50000.00' });
      const held = await balanceOf(t, w.account, 'USD');
      const res = await w.staff.post('/api/trades/cancel', {
        tradeId: trade.id,
        reason: 'Booked on the wrong account',
      });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      expect(view.trade.status).toBe('CANCELLED');
      expect(view.legs[0]).toMatchObject({ status: 'CANCELLED' });
      expect(view.postings).toEqual([]);
      expect(view.events.at(-1)).toMatchObject({
        kind: 'CANCELLED',
        reason: 'Booked on the wrong account',
        by: w.staffName,
      });
      expect(await balanceOf(t, w.account, 'USD')).toEqual({
        posted: held.posted,
        held: String(Number(held.held) - 54250),
      });
      expect((await openHolds(t, w.account)).map((h) => h.reference)).not.toContain(trade.ticket);
      await expectLedgerSound(t);
    });

    it('reverses a settled trade by opposite postings, and keeps it (never deleted) with both events', async () => {
      const trade = await book({ amount: '20000.00', rate: '1.0840', tradeDate: '2026-03-06' });
      await settleOn(t, '2026-03-10');
      const before = { usd: await balanceOf(t, w.account, 'USD'), eur: await balanceOf(t, w.account, 'EUR') };
      const res = await w.staff.post('/api/trades/cancel', {
        tradeId: trade.id,
        reason: 'Client disputed the fill',
      });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      expect(view.trade.status).toBe('REVERSED');
      const [fxEur, fxUsd] = [
        await t.services.ledger.platformAccount(t.database.db, 'FX', 'EUR'),
        await t.services.ledger.platformAccount(t.database.db, 'FX', 'USD'),
      ];
      expect(postingLines(view)).toEqual([
        [w.account, 'USD', '-21680.00'],
        [fxUsd, 'USD', '21680.00'],
        [fxEur, 'EUR', '-20000.00'],
        [w.account, 'EUR', '20000.00'],
        [w.account, 'USD', '21680.00'],
        [fxUsd, 'USD', '-21680.00'],
        [fxEur, 'EUR', '20000.00'],
        [w.account, 'EUR', '-20000.00'],
      ]);
      expect(view.postings[4].reversesId).toBe(view.postings[0].transactionId);
      expect(view.events.map((e: { kind: string }) => e.kind)).toEqual(['BOOKED', 'SETTLED', 'REVERSED']);
      expect(await balanceOf(t, w.account, 'USD')).toEqual({
        posted: String(Number(before.usd.posted) + 21680),
        held: before.usd.held,
      });
      expect(await balanceOf(t, w.account, 'EUR')).toEqual({
        posted: String(Number(before.eur.posted) - 20000),
        held: before.eur.held,
      });
      await expectLedgerSound(t);
      // A reversed trade is not settled again by a later end of day.
      expect(await settleOn(t, '2026-03-11')).toEqual({ settled: 0, failures: [] });
    });

    it('refuses to cancel twice, without a reason, or for a caller without trade_amend', async () => {
      const trade = await book();
      expect((await w.staff.post('/api/trades/cancel', { tradeId: trade.id })).statusCode).toBe(400);
      expect((await w.staff.post('/api/trades/cancel', { tradeId: trade.id, reason: 'x' })).statusCode).toBe(
        400,
      );
      expect(
        (await w.viewer.post('/api/trades/cancel', { tradeId: trade.id, reason: 'not mine' })).statusCode,
      ).toBe(403);
      expect(
        (await w.staff.post('/api/trades/cancel', { tradeId: trade.id, reason: 'first' })).statusCode,
      ).toBe(200);
      const again = await w.staff.post('/api/trades/cancel', { tradeId: trade.id, reason: 'second' });
      expect([again.statusCode, again.json().message]).toEqual([409, 'This trade is already cancelled']);
    });

    it('keeps trade events append-only', async () => {
      const trade = await book();
      await expect(
        t.database.db.execute(sql`update trade_events set reason = 'edited' where trade_id = ${trade.id}`),
      ).rejects.toThrow();
      await expect(
        t.database.db.execute(sql`delete from trade_events where trade_id = ${trade.id}`),
      ).rejects.toThrow();
    });
  });

  describe('the blotter and the detail', () => {
    it('lists the trades of the entity and below, filtered, sorted and paged — never another tree’s', async () => {
      await book({ side: 'SELL', amount: '300.00', tradeDate: '2026-03-09' });
      await strangerTrade();
      const all = (await w.staff.post('/api/trades/list', { limit: 500 })).json();
      expect(all.total).toBe(all.items.length);
      expect(all.items.every((i: { entityId: number }) => i.entityId === w.client)).toBe(true);
      const sells = (
        await w.staff.post('/api/trades/list', { side: 'SELL', tradeDateFrom: '2026-03-09', limit: 500 })
      ).json();
      expect(sells.items.length).toBeGreaterThan(0);
      expect(
        sells.items.every(
          (i: { side: string; tradeDate: string }) => i.side === 'SELL' && i.tradeDate >= '2026-03-09',
        ),
      ).toBe(true);
      const cancelled = (await w.staff.post('/api/trades/list', { status: 'CANCELLED', limit: 500 })).json();
      expect(cancelled.items.every((i: { status: string }) => i.status === 'CANCELLED')).toBe(true);
      const page = (
        await w.staff.post('/api/trades/list', { limit: 2, offset: 1, sort: 'amount', direction: 'asc' })
      ).json();
      const sorted = [...all.items].sort((a, b) => Number(a.amount) - Number(b.amount) || b.id - a.id);
      expect(page.items.map((i: { amount: string }) => i.amount)).toEqual(
        sorted.slice(1, 3).map((i) => i.amount),
      );
      const byAccount = (await w.staff.post('/api/trades/list', { accountId: w.strangerAccount })).json();
      expect(byAccount).toEqual({ items: [], total: 0 });
      const byInstrument = (
        await w.staff.post('/api/trades/list', { instrumentId: w.pairs['USD/JPY'] })
      ).json();
      expect(byInstrument.total).toBe(0);
    });

    it('shows one trade with its legs, events and postings; another tree’s trade is not found', async () => {
      const trade = await book({ amount: '700.00' });
      const res = await w.staff.post('/api/trades/view', { tradeId: trade.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        trade: { id: trade.id, ticket: trade.ticket },
        legs: [{ leg: 'NEAR' }],
        events: [{ kind: 'BOOKED' }],
        postings: [],
      });
      const foreign = await strangerTrade();
      const theirs = await w.staff.post('/api/trades/view', { tradeId: foreign });
      expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Trade not found']);
      const cancel = await w.staff.post('/api/trades/cancel', { tradeId: foreign, reason: 'not ours' });
      expect(cancel.statusCode).toBe(404);
      const nothing = await w.staff.post('/api/trades/view', { tradeId: 2_000_000 });
      expect([nothing.statusCode, nothing.json().message]).toEqual([404, 'Trade not found']);
    });
  });
});
