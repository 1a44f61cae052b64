import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  setTrading,
  settleOn,
  type TradingWorld,
} from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Spec sections 1, 4 and 7: bookManualDeliverableFxOptionTrade, and options "expired,
 * exercised, knocked in or knocked out" (expireOption, exerciseOption, knockInOption,
 * knockOutOption). The sheet's EUR/USD mid is 1.0850.
 */
describe('deliverable FX options', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let optionsUsd = 0;
  const call = (over: object = {}) => ({
    accountId: w.account,
    instrumentId: w.pairs['EUR/USD']!,
    side: 'BUY',
    optionType: 'CALL',
    notional: '1000000.00',
    strike: '1.0800',
    tradeDate: '2026-03-02',
    expiryDate: '2026-03-05',
    cut: 'NY',
    premium: '12500.00',
    premiumCurrency: 'USD',
    ...over,
  });
  const act = (path: string, tradeId: number, over: object = {}) =>
    bookVia(w.staff, path, { tradeId, reason: 'Desk instruction', ...over });
  const book = async (over: object = {}) => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    optionsUsd = await t.services.ledger.platformAccount(t.database.db, 'OPTIONS', 'USD');
  });

  describe('booking', () => {
    it('books a long EUR call: its terms, delivery at spot after expiry, the premium posted on its date (passed) from the client to the options desk', async () => {
      const before = await balanceOf(t, w.account, 'USD');
      const view = await book();
      expect(view.trade).toMatchObject({
        type: 'FX_OPTION',
        status: 'OPEN',
        side: 'BUY',
        amount: '1000000.00',
        rate: '1.08',
        valueDate: '2026-03-09',
        option: {
          optionType: 'CALL',
          strike: '1.08',
          notional: '1000000.00',
          expiryDate: '2026-03-05',
          cut: 'NY',
          // New York 10:00 in winter (EST) is 15:00 UTC.
          expiresAt: '2026-03-05T15:00:00.000Z',
          deliveryDate: '2026-03-09',
          barrier: null,
          premium: '12500.00',
          premiumCurrency: 'USD',
          premiumDate: '2026-03-04',
          premiumPosted: true,
          underlyingTradeId: null,
        },
      });
      expect(
        view.postings.map((p: { accountId: number; amount: string }) => [p.accountId, p.amount]),
      ).toEqual([
        [w.account, '-12500.00'],
        [optionsUsd, '12500.00'],
      ]);
      expect((await balanceOf(t, w.account, 'USD')).posted).toBe(String(Number(before.posted) - 12500));
      await expectLedgerSound(t);
    });

    it('holds a long premium due later and posts it at the end of day of its date; a short premium is received then', async () => {
      const long = await book({
        tradeDate: '2099-03-02',
        expiryDate: '2099-06-02',
        premiumDate: '2099-03-04',
      });
      expect(long.trade.option.premiumPosted).toBe(false);
      expect(long.postings).toEqual([]);
      expect((await openHolds(t, w.account)).some((h) => h.amount === '12500.000000000000000000')).toBe(true);
      const short = await book({
        side: 'SELL',
        tradeDate: '2099-03-02',
        expiryDate: '2099-06-02',
        premiumDate: '2099-03-04',
      });
      const result = await t.services.trading.options.postPremiumsDue('2099-03-04');
      expect(result).toEqual({ posted: 2, failures: [] });
      for (const [id, amount] of [
        [long.trade.id, '-12500.00'],
        [short.trade.id, '12500.00'],
      ] as const) {
        const view = (await w.staff.post('/api/trades/view', { tradeId: id })).json();
        expect(view.trade.option.premiumPosted).toBe(true);
        expect(view.events.at(-1)).toMatchObject({ kind: 'PREMIUM_POSTED', businessDate: '2099-03-04' });
        expect(view.postings.find((p: { accountId: number }) => p.accountId === w.account).amount).toBe(
          amount,
        );
      }
      expect(await t.services.trading.options.postPremiumsDue('2099-03-05')).toEqual({
        posted: 0,
        failures: [],
      });
      await expectLedgerSound(t);
    });

    it('books a knock-in option inactive and a knock-out one active, with its rebate', async () => {
      const ki = await book({ barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1000' } });
      expect(ki.trade.status).toBe('INACTIVE');
      const ko = await book({
        barrier: {
          direction: 'UP',
          kind: 'KNOCK_OUT',
          level: '1.1200',
          rebate: '1000.00',
          rebateCurrency: 'USD',
        },
      });
      expect(ko.trade.status).toBe('OPEN');
      expect(ko.trade.option.barrier).toEqual({
        direction: 'UP',
        kind: 'KNOCK_OUT',
        level: '1.12',
        rebate: '1000.00',
        rebateCurrency: 'USD',
      });
    });

    it('refuses terms out of order or outside the pair, naming the field, and writes nothing', async () => {
      const count = async () =>
        Number((await t.database.db.execute(sql`select count(*)::int as n from fx_options`)).rows[0]!.n);
      const n = await count();
      for (const [over, field] of [
        [{ expiryDate: '2026-03-01' }, 'expiryDate'],
        [{ expiryDate: '2026-03-07' }, 'expiryDate'],
        // Christmas Day, a Friday: a holiday of EUR and USD.
        [{ expiryDate: '2026-12-25' }, 'expiryDate'],
        [{ premiumCurrency: 'GBP' }, 'premiumCurrency'],
        [
          {
            barrier: {
              direction: 'UP',
              kind: 'KNOCK_IN',
              level: '1.1',
              rebate: '5.00',
              rebateCurrency: 'USD',
            },
          },
          'barrier.rebate',
        ],
        [{ strike: '1.080001' }, 'strike'],
      ] as const) {
        const res = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call(over));
        expect([res.statusCode, Object.keys(res.json().errors ?? {})], JSON.stringify(over)).toEqual([
          res.statusCode === 400 ? 400 : 422,
          [field],
        ]);
      }
      expect(await count()).toBe(n);
    });

    it('keeps the refusals of every booking: 404 for an account outside the tree, 403 without the key, trading disabled 422, the Idempotency-Key', async () => {
      const foreign = await bookVia(
        w.staff,
        'bookManualDeliverableFxOptionTrade',
        call({ accountId: w.strangerAccount }),
      );
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Account not found']);
      expect((await bookVia(w.viewer, 'bookManualDeliverableFxOptionTrade', call())).statusCode).toBe(403);
      const noKey = await w.staff.post('/api/trades/bookManualDeliverableFxOptionTrade', call());
      expect(noKey.statusCode).toBe(400);
      await setTrading(t, w.client, false);
      expect((await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call())).statusCode).toBe(422);
      await setTrading(t, w.client, true);
      const key = `k-${crypto.randomUUID()}`;
      const first = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call(), key);
      const again = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call(), key);
      expect(again.json().trade.id).toBe(first.json().trade.id);
      const other = await bookVia(
        w.staff,
        'bookManualDeliverableFxOptionTrade',
        call({ notional: '5.00' }),
        key,
      );
      expect(other.statusCode).toBe(409);
    });
  });

  describe('lifecycle', () => {
    it('exercises an in-the-money call into the underlying deliverable trade at the strike; both legs post on the delivery date at the end of day; Σ postings = 0 throughout', async () => {
      const option = await book();
      const res = await act('exerciseOption', option.trade.id);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      expect(view.trade.status).toBe('EXERCISED');
      expect(view.events.at(-1)).toMatchObject({
        kind: 'EXERCISED',
        by: w.staffName,
        reason: 'Desk instruction',
      });
      const underlyingId = view.trade.option.underlyingTradeId;
      const underlying = (await w.staff.post('/api/trades/view', { tradeId: underlyingId })).json();
      expect(underlying.trade).toMatchObject({
        type: 'DELIVERABLE_FX',
        status: 'PENDING',
        side: 'BUY',
        amount: '1000000.00',
        rate: '1.08',
        counterAmount: '1080000.00',
        valueDate: '2026-03-09',
        reference: option.trade.ticket,
      });
      expect(underlying.legs[0]).toMatchObject({
        payAsset: 'USD',
        payAmount: '1080000.00',
        status: 'PENDING',
      });
      await expectLedgerSound(t);
      await settleOn(t, '2026-03-09');
      const settled = (await w.staff.post('/api/trades/view', { tradeId: underlyingId })).json();
      expect(settled.trade.status).toBe('SETTLED');
      expect(
        settled.postings
          .filter((p: { accountId: number }) => p.accountId === w.account)
          .map((p: { asset: string; amount: string }) => [p.asset, p.amount]),
      ).toEqual([
        ['USD', '-1080000.00'],
        ['EUR', '1000000.00'],
      ]);
      await expectLedgerSound(t);
    });

    it('refuses to exercise an out-of-the-money option (409) unless staff override with a reason', async () => {
      const option = await book({ strike: '1.1000' });
      const refused = await act('exerciseOption', option.trade.id);
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        'This option is not in the money: exercising it needs an override with a reason',
      ]);
      const forced = await act('exerciseOption', option.trade.id, { override: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json().events.at(-1).details).toMatchObject({ override: true });
    });

    it('refuses to exercise or expire before the expiry cut', async () => {
      const option = await book({ tradeDate: '2099-03-02', expiryDate: '2099-06-02' });
      const early = await act('exerciseOption', option.trade.id);
      expect([early.statusCode, early.json().message]).toEqual([
        409,
        'A European option can be exercised only at or after its expiry cut (2099-06-02 New York 10:00)',
      ]);
      expect((await act('expireOption', option.trade.id)).statusCode).toBe(409);
    });

    it('knocks out with the rebate posted to the holder, then refuses every move', async () => {
      const ko = await book({
        barrier: {
          direction: 'UP',
          kind: 'KNOCK_OUT',
          level: '1.1200',
          rebate: '1000.00',
          rebateCurrency: 'USD',
        },
      });
      const res = await act('knockOutOption', ko.trade.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().trade.status).toBe('KNOCKED_OUT');
      expect(
        res
          .json()
          .postings.slice(-2)
          .map((p: { accountId: number; amount: string }) => [p.accountId, p.amount]),
      ).toEqual([
        [optionsUsd, '-1000.00'],
        [w.account, '1000.00'],
      ]);
      const after = await act('exerciseOption', ko.trade.id);
      expect([after.statusCode, after.json().message]).toEqual([
        409,
        'This option has already been knocked out',
      ]);
      await expectLedgerSound(t);
    });

    it('answers 409 for a trade that is not an option', async () => {
      const deliverable = await bookVia(w.staff, 'bookManualDeliverableFxTrade', {
        accountId: w.account,
        instrumentId: w.pairs['EUR/USD']!,
        side: 'BUY',
        amount: '10.00',
        rate: '1.085',
        tradeDate: '2026-03-05',
      });
      const res = await act('expireOption', deliverable.json().trade.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/is not an option/);
    });

    it('cancels an option by reversing its premium; an exercised one only once its underlying trade is cancelled', async () => {
      const option = await book();
      await act('exerciseOption', option.trade.id);
      const refused = await w.staff.post('/api/trades/cancel', {
        tradeId: option.trade.id,
        reason: 'Booked in error',
      });
      expect(refused.statusCode).toBe(409);
      const underlying = (await w.staff.post('/api/trades/view', { tradeId: option.trade.id })).json().trade
        .option.underlyingTradeId;
      expect(
        (await w.staff.post('/api/trades/cancel', { tradeId: underlying, reason: 'Booked in error' }))
          .statusCode,
      ).toBe(200);
      const cancelled = await w.staff.post('/api/trades/cancel', {
        tradeId: option.trade.id,
        reason: 'Booked in error',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().trade.status).toBe('REVERSED');
      expect(cancelled.json().postings.at(-2)).toMatchObject({ accountId: w.account, amount: '12500.00' });
      await expectLedgerSound(t);
    });
  });

  describe('valuation (account/fx-option/profitLoss)', () => {
    const pnlOf = async (tradeId: number) => {
      const res = await w.staff.post('/api/account/fx-option/profitLoss', { entityId: w.client });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().options.find((o: { tradeId: number }) => o.tradeId === tradeId);
    };

    it('values a live option with Garman–Kohlhagen from the sheet’s mid, the pair’s volatility and both interest rates, with its delta and unrealised P&L net of the premium', async () => {
      const m = t.services.instruments.optionMarket;
      await m.setVolatilities(actingAs(w.root), {
        base: 'EUR',
        quote: 'USD',
        points: [{ tenor: '1Y', volatilityPct: '10' }],
      });
      await m.setInterestRate(actingAs(w.root), { currency: 'USD', ratePct: '5' });
      await m.setInterestRate(actingAs(w.root), { currency: 'EUR', ratePct: '3' });
      const today = new Date().toISOString().slice(0, 10);
      const expiry = new Date(Date.now() + 400 * 86_400_000);
      while (expiry.getUTCDay() === 0 || expiry.getUTCDay() === 6) expiry.setUTCDate(expiry.getUTCDate() + 1);
      const expiryDate = expiry.toISOString().slice(0, 10);
      const option = await book({ tradeDate: '2026-03-02', expiryDate });
      const v = await pnlOf(option.trade.id);
      const years = yearsBetween(today, expiryDate);
      // One tenor only: the 1Y volatility holds flat for any time to expiry.
      const gk = garmanKohlhagen({
        kind: 'CALL',
        spot: 1.085,
        strike: 1.08,
        years,
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      });
      expect(v).toMatchObject({
        spot: '1.085',
        volatilityPct: '10',
        domesticRatePct: '5',
        foreignRatePct: '3',
        premium: '-12500.00',
        valuedAsVanilla: false,
        missing: [],
      });
      expect(Math.abs(Number(v.price) - gk.price)).toBeLessThan(1e-9);
      expect(Math.abs(Number(v.delta) - gk.delta)).toBeLessThan(1e-9);
      expect(Math.abs(Number(v.marketValue) - gk.price * 1_000_000)).toBeLessThanOrEqual(0.005);
      expect(v.unrealisedPnl).toBe((Number(v.marketValue) - 12500).toFixed(2));
      expect(v.realisedPnl).toBeNull();
    });

    it('realises an exercised call’s intrinsic value less its premium, an expired one’s premium, and flags a barrier valued as a vanilla', async () => {
      const exercised = await book();
      await act('exerciseOption', exercised.trade.id);
      // (1.0850 − 1.0800) × 1 000 000 − 12 500
      expect((await pnlOf(exercised.trade.id)).realisedPnl).toBe('-7500.00');
      const expired = await book({ strike: '1.1000' });
      await act('expireOption', expired.trade.id);
      expect((await pnlOf(expired.trade.id)).realisedPnl).toBe('-12500.00');
      const barrier = await book({ barrier: { direction: 'UP', kind: 'KNOCK_OUT', level: '1.2000' } });
      expect((await pnlOf(barrier.trade.id)).valuedAsVanilla).toBe(true);
    });
  });
});
