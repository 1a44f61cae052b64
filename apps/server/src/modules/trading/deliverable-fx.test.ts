import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  postingLines,
  REPLAY_CONFIG,
  settleOn,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Spec section 7 "Trades": bookManualDeliverableFxTrade and bookManualDeliverableFxTrade2 —
 * a deliverable spot or forward, its pay side held from booking, both sides posted through
 * the house's FX accounts on the value date.
 */
describe('deliverable FX trades', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let fxUsd = 0;
  let fxEur = 0;
  const eurUsd = () => w.pairs['EUR/USD']!;
  const spot = (over: object = {}) => ({
    accountId: w.account,
    instrumentId: eurUsd(),
    side: 'BUY',
    amount: '1000000.00',
    rate: '1.08505',
    tradeDate: '2026-03-05',
    ...over,
  });

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const { ledger } = t.services;
    fxUsd = await ledger.platformAccount(t.database.db, 'FX', 'USD');
    fxEur = await ledger.platformAccount(t.database.db, 'FX', 'EUR');
  });

  it('books a spot purchase for T+2 with the counter amount at the quote’s scale, holding the USD it pays and posting nothing', async () => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot());
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.trade).toMatchObject({
      type: 'DELIVERABLE_FX',
      status: 'PENDING',
      side: 'BUY',
      symbol: 'EUR/USD',
      base: 'EUR',
      quote: 'USD',
      amount: '1000000.00',
      rate: '1.08505',
      counterAmount: '1085050.00',
      tradeDate: '2026-03-05',
      valueDate: '2026-03-09',
      settlement: 'SPOT',
      entityId: w.client,
      accountId: w.account,
      bookedBy: w.staffName,
    });
    expect(view.legs).toEqual([
      expect.objectContaining({
        leg: 'NEAR',
        valueDate: '2026-03-09',
        payAsset: 'USD',
        payAmount: '1085050.00',
        receiveAsset: 'EUR',
        receiveAmount: '1000000.00',
        status: 'PENDING',
        holdId: expect.any(Number),
        transactionId: null,
      }),
    ]);
    expect(view.events.map((e: { kind: string; by: string }) => [e.kind, e.by])).toEqual([
      ['BOOKED', w.staffName],
    ]);
    expect(view.postings).toEqual([]);
    expect(await balanceOf(t, w.account, 'USD')).toEqual({ posted: '5000000', held: '1085050' });
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'trades.book' and target = ${view.trade.ticket}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    await expectLedgerSound(t);
  });

  it('settles on its value date, not before: both sides posted through the house’s FX accounts, the hold released into the posting', async () => {
    const booked = (
      await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ side: 'SELL', amount: '200000.00', rate: '1.0852' }),
      )
    ).json();
    const before = { usd: await balanceOf(t, w.account, 'USD'), eur: await balanceOf(t, w.account, 'EUR') };
    expect(before.eur.held).toBe('200000');
    await settleOn(t, '2026-03-06');
    const early = (await w.staff.post('/api/trades/view', { tradeId: booked.trade.id })).json();
    expect([early.trade.status, early.postings]).toEqual(['PENDING', []]);

    const result = await settleOn(t, '2026-03-09');
    expect(result.failures).toEqual([]);
    const view = (await w.staff.post('/api/trades/view', { tradeId: booked.trade.id })).json();
    expect(postingLines(view)).toEqual([
      [w.account, 'EUR', '-200000.00'],
      [fxEur, 'EUR', '200000.00'],
      [fxUsd, 'USD', '-217040.00'],
      [w.account, 'USD', '217040.00'],
    ]);
    // Sold 200,000 EUR at 1.0852; marked at the 1.0850 mid when delivered: +40.00 USD.
    expect(view.trade).toMatchObject({ status: 'SETTLED', realisedPnl: '40.00' });
    expect(view.legs[0]).toMatchObject({
      status: 'SETTLED',
      settledOn: '2026-03-09',
      transactionId: view.postings[0].transactionId,
    });
    expect(view.events.map((e: { kind: string }) => e.kind)).toEqual(['BOOKED', 'SETTLED']);
    // The first trade (bought 1,000,000 EUR for 1,085,050.00 USD) settled on the same date.
    expect(await balanceOf(t, w.account, 'EUR')).toEqual({ posted: '2800000', held: '0' });
    expect(await balanceOf(t, w.account, 'USD')).toEqual({ posted: '4131990', held: '0' });
    await expectLedgerSound(t);
  });

  it('settles the first trade as well on its value date, and a second end of day for the date settles nothing again', async () => {
    const again = await settleOn(t, '2026-03-09');
    expect(again).toEqual({ settled: 0, failures: [] });
    const { items } = (
      await w.staff.post('/api/trades/list', { status: 'PENDING', valueDateTo: '2026-03-09' })
    ).json();
    expect(items).toEqual([]);
    const settled = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'FX_SETTLEMENT'`,
    );
    expect(settled.rows[0]!.n).toBe(2);
    expect(await openHolds(t, w.account)).toEqual([]);
    await expectLedgerSound(t);
  });

  it('books a forward for a later business day, and marks it FORWARD', async () => {
    const res = await bookVia(
      w.staff,
      'bookManualDeliverableFxTrade',
      spot({ side: 'SELL', amount: '250000.00', rate: '1.0912', valueDate: '2026-04-09' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade).toMatchObject({
      settlement: 'FORWARD',
      valueDate: '2026-04-09',
      counterAmount: '272800.00',
    });
    expect(res.json().legs[0]).toMatchObject({
      payAsset: 'EUR',
      payAmount: '250000.00',
      receiveAsset: 'USD',
    });
  });

  it('refuses a value date that is not a business day, naming the next one', async () => {
    const goodFriday = await bookVia(
      w.staff,
      'bookManualDeliverableFxTrade',
      spot({ valueDate: '2026-04-03' }),
    );
    expect(goodFriday.statusCode).toBe(422);
    expect(goodFriday.json().message).toMatch(
      /2026-04-03 is not a business day .*the next one is 2026-04-07/,
    );
    const saturday = await bookVia(
      w.staff,
      'bookManualDeliverableFxTrade',
      spot({ valueDate: '2026-03-14' }),
    );
    expect([saturday.statusCode, saturday.json().errors.valueDate]).toEqual([
      422,
      expect.stringContaining('the next one is 2026-03-16'),
    ]);
    const before = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ valueDate: '2026-03-04' }));
    expect(before.statusCode).toBe(422);
  });

  it('rounds the counter amount half to even at the quote currency’s scale, and refuses amounts finer than their currency or a rate finer than the pair', async () => {
    // 333.33 × 1.08505 = 361.6797165 → 361.68; 0.50 × 1.00005 = 0.500025 → 0.50
    const rounded = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ amount: '333.33' }));
    expect(rounded.json().trade.counterAmount).toBe('361.68');
    const fine = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ amount: '1000.001' }));
    expect([fine.statusCode, fine.json().errors]).toEqual([
      400,
      { amount: 'at most 2 decimal places for this asset' },
    ]);
    const rate = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ rate: '1.085051' }));
    expect([rate.statusCode, rate.json().errors]).toEqual([
      400,
      { rate: 'at most 5 decimal places for EUR/USD' },
    ]);
    const jpy = await bookVia(
      w.staff,
      'bookManualDeliverableFxTrade',
      spot({ instrumentId: w.pairs['USD/JPY'], side: 'SELL', amount: '1000.00', rate: '149.505' }),
    );
    expect(jpy.json().trade).toMatchObject({ counterAmount: '149505', valueDate: '2026-03-09' });
  });

  it('books with the counter amount given instead of the rate: that amount exactly, the rate derived from it', async () => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade2', {
      accountId: w.account,
      instrumentId: eurUsd(),
      side: 'BUY',
      amount: '100000.00',
      counterAmount: '108512.37',
      tradeDate: '2026-03-05',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trade).toMatchObject({
      amount: '100000.00',
      counterAmount: '108512.37',
      rate: '1.0851237',
    });
    expect(res.json().legs[0]).toMatchObject({ payAsset: 'USD', payAmount: '108512.37' });
    const withRate = await bookVia(w.staff, 'bookManualDeliverableFxTrade2', {
      accountId: w.account,
      instrumentId: eurUsd(),
      side: 'BUY',
      amount: '1.00',
      counterAmount: '1.08',
      rate: '1.08',
    });
    expect(withRate.statusCode).toBe(400);
  });

  it('books once per Idempotency-Key: the same key twice is one trade and one hold; another body under it is a conflict', async () => {
    const key = `once-${crypto.randomUUID()}`;
    const body = spot({ amount: '1234.00' });
    const [a, b] = await Promise.all([
      bookVia(w.staff, 'bookManualDeliverableFxTrade', body, key),
      bookVia(w.staff, 'bookManualDeliverableFxTrade', body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().trade.id).toBe(a.json().trade.id);
    const third = await bookVia(w.staff, 'bookManualDeliverableFxTrade', body, key);
    expect(third.json().trade.id).toBe(a.json().trade.id);
    const holds = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from holds where reference = ${a.json().trade.ticket}`,
    );
    expect(holds.rows[0]!.n).toBe(1);
    const other = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ amount: '4321.00' }), key);
    expect(other.statusCode).toBe(409);
  });

  it('refuses a pay side the account cannot cover, booking nothing', async () => {
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`)).rows[0]!.n;
    const n = await count();
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ amount: '90000000.00' }));
    expect([res.statusCode, res.json().message]).toEqual([422, 'Insufficient funds']);
    expect(await count()).toBe(n);
    await expectLedgerSound(t);
  });
});
