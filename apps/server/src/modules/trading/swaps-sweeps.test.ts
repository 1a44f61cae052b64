import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  postingLines,
  REPLAY_CONFIG,
  setTrading,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Spec section 7 "Trades": bookManualFxSwap (a near and a far leg of opposite direction, far
 * rate = near rate + swap points, each settled on its own date) and bookConversionSweepTrade
 * (non-base balances into the base currency at the sheet's rate plus the conversion profile's
 * spread, settled at once; a zero balance refused).
 */
describe('FX swaps and conversion sweeps', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let fxUsd = 0;
  let fxEur = 0;
  let fxGbp = 0;
  const swap = (over: object = {}) => ({
    accountId: w.account,
    instrumentId: w.pairs['EUR/USD'],
    side: 'BUY',
    amount: '100000.00',
    rate: '1.0850',
    swapPoints: '12.5',
    farValueDate: '2026-04-09',
    tradeDate: '2026-03-05',
    ...over,
  });
  const view = async (id: number) => (await w.staff.post('/api/trades/view', { tradeId: id })).json();

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const { ledger } = t.services;
    [fxUsd, fxEur, fxGbp] = [
      await ledger.platformAccount(t.database.db, 'FX', 'USD'),
      await ledger.platformAccount(t.database.db, 'FX', 'EUR'),
      await ledger.platformAccount(t.database.db, 'FX', 'GBP'),
    ];
  });

  describe('FX swaps', () => {
    let swapId = 0;

    it('books a near and a far leg of opposite direction, far rate = near rate + points, the near pay side held', async () => {
      const res = await bookVia(w.staff, 'bookManualFxSwap', swap());
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json();
      swapId = v.trade.id;
      expect(v.trade).toMatchObject({
        type: 'FX_SWAP',
        status: 'PENDING',
        valueDate: '2026-03-09',
        counterAmount: '108500.00',
      });
      expect(v.legs).toEqual([
        expect.objectContaining({
          leg: 'NEAR',
          side: 'BUY',
          valueDate: '2026-03-09',
          rate: '1.085',
          payAsset: 'USD',
          payAmount: '108500.00',
          receiveAsset: 'EUR',
          receiveAmount: '100000.00',
          holdId: expect.any(Number),
        }),
        expect.objectContaining({
          leg: 'FAR',
          side: 'SELL',
          valueDate: '2026-04-09',
          rate: '1.08625',
          payAsset: 'EUR',
          payAmount: '100000.00',
          receiveAsset: 'USD',
          receiveAmount: '108625.00',
          holdId: null,
        }),
      ]);
      expect((await balanceOf(t, w.account, 'USD')).held).toBe('108500');
    });

    it('settles the near leg on its date and holds the far leg’s pay side from what it delivered', async () => {
      await t.services.eod.run('2026-03-09');
      const v = await view(swapId);
      expect(v.trade.status).toBe('PENDING');
      expect(v.legs.map((l: { status: string }) => l.status)).toEqual(['SETTLED', 'PENDING']);
      expect(v.legs[1].holdId).toEqual(expect.any(Number));
      expect(postingLines(v)).toEqual([
        [w.account, 'USD', '-108500.00'],
        [fxUsd, 'USD', '108500.00'],
        [fxEur, 'EUR', '-100000.00'],
        [w.account, 'EUR', '100000.00'],
      ]);
      expect((await balanceOf(t, w.account, 'EUR')).held).toBe('100000');
      await expectLedgerSound(t);
    });

    it('settles the far leg on its date: the swap SETTLED, its P&L the points against the marks', async () => {
      await t.services.eod.run('2026-04-09');
      const v = await view(swapId);
      expect(v.trade).toMatchObject({ status: 'SETTLED', realisedPnl: '125.00' });
      expect(postingLines(v).slice(4)).toEqual([
        [w.account, 'EUR', '-100000.00'],
        [fxEur, 'EUR', '100000.00'],
        [fxUsd, 'USD', '-108625.00'],
        [w.account, 'USD', '108625.00'],
      ]);
      expect(await openHolds(t, w.account)).toEqual([]);
      await expectLedgerSound(t);
    });

    it('cancels a swap whose near leg settled: the near leg reversed, the far leg’s hold released', async () => {
      const booked = (
        await bookVia(
          w.staff,
          'bookManualFxSwap',
          swap({ tradeDate: '2026-03-10', farValueDate: '2026-04-14' }),
        )
      ).json();
      await t.services.eod.run('2026-03-12');
      const before = await balanceOf(t, w.account, 'EUR');
      const res = await w.staff.post('/api/trades/cancel', {
        tradeId: booked.trade.id,
        reason: 'Client withdrew',
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json();
      expect(v.trade.status).toBe('REVERSED');
      expect(v.legs.map((l: { status: string }) => l.status)).toEqual(['REVERSED', 'CANCELLED']);
      expect(await balanceOf(t, w.account, 'EUR')).toEqual({
        posted: String(Number(before.posted) - 100000),
        held: String(Number(before.held) - 100000),
      });
      await expectLedgerSound(t);
    });

    it('refuses a far date not after the near one, and points that take the far rate to zero', async () => {
      const early = await bookVia(w.staff, 'bookManualFxSwap', swap({ farValueDate: '2026-03-09' }));
      expect([early.statusCode, early.json().errors]).toEqual([
        422,
        { farValueDate: 'must be after the near value date 2026-03-09' },
      ]);
      const negative = await bookVia(w.staff, 'bookManualFxSwap', swap({ swapPoints: '-10850' }));
      expect(negative.statusCode).toBe(422);
      const holiday = await bookVia(w.staff, 'bookManualFxSwap', swap({ farValueDate: '2026-04-03' }));
      expect(holiday.json().message).toMatch(/the next one is 2026-04-07/);
    });
  });

  describe('conversion sweeps', () => {
    let account = 0;
    beforeAll(async () => {
      account = await clientAccount(t.database.db, w.client, 'Sweep');
      await fund(t.database.db, account, 'EUR', '1000.00');
      await fund(t.database.db, account, 'GBP', '500.00');
      await fund(t.database.db, account, 'USD', '10.00');
      await t.database.db.execute(
        sql`update entities set conversion_profile_id = (select id from conversion_profiles where name = 'Standard') where id = ${w.client}`,
      );
    });

    it('converts every non-base balance into the base at the sheet’s bid less the profile’s spread, settled at once', async () => {
      const res = await bookVia(w.staff, 'bookConversionSweepTrade', {
        accountId: account,
        tradeDate: '2026-03-05',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { trades, postings } = res.json();
      // EUR: 1.0849 × (1 − 0.0050) = 1.0794755; 1,000.00 × that = 1,079.4755 → 1,079.48; P&L 1,000 × (1.0794755 − 1.0850) = −5.52
      // GBP: 1.2649 × 0.995 = 1.2585755; 500.00 × that = 629.28775 → 629.29; P&L 500 × (1.2585755 − 1.2650) = −3.21
      expect(
        trades.map((x: Record<string, unknown>) => [
          x.symbol,
          x.status,
          x.side,
          x.amount,
          x.rate,
          x.counterAmount,
          x.realisedPnl,
        ]),
      ).toEqual([
        ['EUR/USD', 'SETTLED', 'SELL', '1000.00', '1.0794755', '1079.48', '-5.52'],
        ['GBP/USD', 'SETTLED', 'SELL', '500.00', '1.2585755', '629.29', '-3.21'],
      ]);
      expect(new Set(trades.map((x: { ticket: string }) => x.ticket)).size).toBe(1);
      expect(
        postings.map((p: { accountId: number; asset: string; amount: string }) => [
          p.accountId,
          p.asset,
          p.amount,
        ]),
      ).toEqual([
        [account, 'EUR', '-1000.00'],
        [fxEur, 'EUR', '1000.00'],
        [fxUsd, 'USD', '-1079.48'],
        [account, 'USD', '1079.48'],
        [account, 'GBP', '-500.00'],
        [fxGbp, 'GBP', '500.00'],
        [fxUsd, 'USD', '-629.29'],
        [account, 'USD', '629.29'],
      ]);
      expect(await balanceOf(t, account, 'USD')).toEqual({ posted: '1718.77', held: '0' });
      expect(await balanceOf(t, account, 'EUR')).toEqual({ posted: '0', held: '0' });
      await expectLedgerSound(t);
    });

    it('refuses a sweep with nothing to sweep, a currency with nothing available, and the base itself', async () => {
      const empty = await bookVia(w.staff, 'bookConversionSweepTrade', { accountId: account });
      expect([empty.statusCode, empty.json().message]).toEqual([
        422,
        'accountId: Nothing to sweep: Sweep holds nothing available outside USD',
      ]);
      const jpy = await bookVia(w.staff, 'bookConversionSweepTrade', {
        accountId: account,
        currencies: ['JPY'],
      });
      expect([jpy.statusCode, jpy.json().errors]).toEqual([
        422,
        { currencies: 'the account has no JPY available to sweep' },
      ]);
      const base = await bookVia(w.staff, 'bookConversionSweepTrade', {
        accountId: account,
        currencies: ['USD'],
      });
      expect(base.statusCode).toBe(422);
    });

    it('sweeps only what is available (held funds stay) once per key, and refuses trading disabled', async () => {
      await fund(t.database.db, account, 'EUR', '300.00');
      await t.services.ledger.placeHold(t.database.db, account, 'EUR', '100.00', 'test-hold');
      const key = `sweep-${crypto.randomUUID()}`;
      const a = await bookVia(
        w.staff,
        'bookConversionSweepTrade',
        { accountId: account, tradeDate: '2026-03-05' },
        key,
      );
      const b = await bookVia(
        w.staff,
        'bookConversionSweepTrade',
        { accountId: account, tradeDate: '2026-03-05' },
        key,
      );
      expect(a.json().trades.map((x: { amount: string }) => x.amount)).toEqual(['200.00']);
      expect(b.json()).toEqual(a.json());
      expect(await balanceOf(t, account, 'EUR')).toEqual({ posted: '100', held: '100' });
      await setTrading(t, w.client, false);
      await fund(t.database.db, account, 'GBP', '1.00');
      const off = await bookVia(w.staff, 'bookConversionSweepTrade', { accountId: account });
      await setTrading(t, w.client, true);
      expect(off.statusCode).toBe(422);
    });
  });
});
