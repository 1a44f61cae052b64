import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import type { Agent } from '../../../test/agent';
import { grant, signedInUser } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { fxTradeDate, isWeekend, plusDays } from '../../instruments/iso-dates';
import { tradingDaysBefore } from '../desk-rules';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  REPLAY_CONFIG,
  STAFF_KEYS,
  setTrading,
  settleOn,
  staffAt,
  type TradingWorld,
} from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';
import { cutInstant } from './option-terms';

/**
 * Spec sections 1, 4 and 7: bookManualDeliverableFxOptionTrade, and options "expired,
 * exercised, knocked in or knocked out" (expireOption, exerciseOption, knockInOption,
 * knockOutOption). The sheet's EUR/USD mid is 1.0850 between tests; the pair's volatility is
 * 10 %, USD's rate 5 % and EUR's 3 %, and staff type the model's premium (issue 37: a typed
 * premium is judged against Garman–Kohlhagen). Options expire after now (issue 37): one that
 * must be past its cut is booked alive and then moved past it in the database ("time passes").
 */
describe('deliverable FX options', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  /** Another staff member of the broker, who approves what the world's staff submit. */
  let checker: Agent;
  let optionsUsd = 0;
  /** Today's FX trade date; the default trade date, back-dated by staff (a reason is sent) so its premium date has passed. */
  let today = '';
  let tradeDate = '';
  /** The spot date of `tradeDate`: the default premium date, passed. */
  let premiumDate = '';
  /** The default expiry (a business day about a month ahead) and its delivery (the spot after it). */
  let expiryDate = '';
  let deliveryDate = '';
  /** The expiry and delivery an option is moved to when time passes: a business day already behind us. */
  let pastExpiry = '';
  let pastDelivery = '';

  /** A business day of EUR/USD about `days` ahead of today (the spot of that trade date). */
  const businessDayAhead = async (days: number) => spotOf(plusDays(fxTradeDate(), days));
  const spotOf = async (date: string) =>
    (await t.services.instruments.valueDates.spot({ base: 'EUR', quote: 'USD', tradeDate: date })).valueDate;
  /** The model's premium (Garman–Kohlhagen at the sheet's mid 1.0850) of a EUR/USD option, in USD. */
  const premiumOf = (o: { strike: string; expiryDate: string; notional: string; optionType?: string }) =>
    (
      garmanKohlhagen({
        kind: (o.optionType ?? 'CALL') as 'CALL' | 'PUT',
        spot: 1.085,
        strike: Number(o.strike),
        years: yearsBetween(fxTradeDate(), o.expiryDate),
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      }).price * Number(o.notional)
    ).toFixed(2);
  /** New York 10:00 on `date`, in UTC, from the zone's own clock (15:00 in winter, 14:00 in summer). */
  const newYorkTen = (date: string) => {
    const hour = Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date(`${date}T12:00:00Z`)),
    );
    return `${date}T${String(10 + 12 - hour).padStart(2, '0')}:00:00.000Z`;
  };
  /** The booking's body; the premium is the model's for its terms unless given; undefined leaves a field out. */
  const call = (over: object = {}) => {
    const body: Record<string, unknown> = {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD']!,
      side: 'BUY',
      optionType: 'CALL',
      notional: '1000000.00',
      strike: '1.0800',
      tradeDate,
      expiryDate,
      cut: 'NY',
      premiumCurrency: 'USD',
      ...over,
    };
    if (!('premium' in over)) body.premium = premiumOf(body as never);
    return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  };
  const act = (path: string, tradeId: number, over: object = {}) =>
    bookVia(w.staff, path, { tradeId, reason: 'Desk instruction', ...over });
  const book = async (over: object = {}) => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', call(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /**
   * Books a barrier option. No model here prices a barrier, so staff's typed premium (the
   * vanilla model's) is always off-market: submitted with a reason as an 'OFF MARKET TRADE'
   * request, nothing booked, and booked when another staff member approves it (issue 37).
   */
  const bookBarrier = async (over: object) => {
    const trades = await tradeCount();
    const res = await bookVia(
      w.staff,
      'bookManualDeliverableFxOptionTrade',
      call({ offMarket: true, reason: 'Barrier priced by the desk', ...over }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().pendingRequest;
    expect(pending).toMatchObject({ type: 'OFF MARKET TRADE', requiredApprovals: 1 });
    expect(await tradeCount()).toBe(trades);
    const approved = await checker.post('/api/requests/status/update', {
      requestId: pending.id,
      status: 'APPROVED',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { rows } = await t.database.db.execute<{ id: number }>(sql`
      select trade_id as id from trade_events
       where kind = 'BOOKED' and details->>'offMarketRequestId' = ${String(pending.id)}`);
    expect(rows).toHaveLength(1);
    return (await w.staff.post('/api/trades/view', { tradeId: rows[0]!.id })).json();
  };
  const tradeCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`)).rows[0]!.n;
  /**
   * Time passes: the option's expiry cut is behind us. An option can no longer be booked
   * already expired, so its expiry (and its cut), its delivery and the trade's value date are
   * moved into the past in the database.
   */
  const timePasses = async (tradeId: number) => {
    await t.database.db.execute(sql`
      update fx_options set expiry_date = ${pastExpiry},
             expires_at = ${cutInstant(pastExpiry, 'NY').toISOString()}::timestamptz,
             delivery_date = ${pastDelivery}
       where trade_id = ${tradeId}`);
    await t.database.db.execute(sql`update trades set value_date = ${pastDelivery} where id = ${tradeId}`);
  };
  /** The sheet's EUR/USD as the world set it, or another rate with the same spread. */
  const setMid = (rate: string) =>
    t.services.instruments.rates.load({
      base: 'EUR',
      quote: 'USD',
      rate,
      bid: new Money(rate).minus('0.0001').toString(),
      ask: new Money(rate).plus('0.0001').toString(),
    });

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    optionsUsd = await t.services.ledger.platformAccount(t.database.db, 'OPTIONS', 'USD');
    const k = await signedInUser(t, w.broker);
    // Deciding a request needs a request key at the route: approve_withdrawal lets it reach the engine.
    await grant(t, k.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    checker = k.agent;
    const m = t.services.instruments.optionMarket;
    const root = await staffAt(t, w.root);
    await m.setVolatilities(root, {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '10' }],
    });
    await m.setInterestRate(root, { currency: 'USD', ratePct: '5' });
    await m.setInterestRate(root, { currency: 'EUR', ratePct: '3' });
    today = fxTradeDate();
    tradeDate = tradingDaysBefore(today, 5);
    premiumDate = await spotOf(tradeDate);
    expiryDate = await businessDayAhead(30);
    deliveryDate = await spotOf(expiryDate);
    pastExpiry = premiumDate;
    pastDelivery = await spotOf(pastExpiry);
    expect(premiumDate <= today && cutInstant(pastExpiry, 'NY').getTime() < Date.now()).toBe(true);
  });

  describe('booking', () => {
    it('books a long EUR call: its terms, delivery at spot after expiry, the premium posted on its date (passed) from the client to the options desk', async () => {
      const before = await balanceOf(t, w.account, 'USD');
      const premium = premiumOf({ strike: '1.0800', expiryDate, notional: '1000000.00' });
      const view = await book();
      expect(view.trade).toMatchObject({
        type: 'FX_OPTION',
        status: 'OPEN',
        side: 'BUY',
        amount: '1000000.00',
        rate: '1.08',
        tradeDate,
        valueDate: deliveryDate,
        option: {
          optionType: 'CALL',
          strike: '1.08',
          notional: '1000000.00',
          expiryDate,
          cut: 'NY',
          // New York 10:00: 15:00 UTC in winter (EST), 14:00 in summer.
          expiresAt: newYorkTen(expiryDate),
          deliveryDate,
          barrier: null,
          premium,
          premiumCurrency: 'USD',
          premiumDate,
          premiumPosted: true,
          underlyingTradeId: null,
        },
      });
      expect(
        view.postings.map((p: { accountId: number; amount: string }) => [p.accountId, p.amount]),
      ).toEqual([
        [w.account, `-${premium}`],
        [optionsUsd, premium],
      ]);
      expect((await balanceOf(t, w.account, 'USD')).posted).toBe(
        new Money(before.posted).minus(premium).toString(),
      );
      await expectLedgerSound(t);
    });

    it('holds a long premium due later and posts it at the end of day of its date; a short premium is received then', async () => {
      // Booked today (no trade date), paid on a business day ahead, expiring about three months on.
      const later = {
        tradeDate: undefined,
        expiryDate: await businessDayAhead(90),
        premiumDate: await businessDayAhead(10),
      };
      const premium = premiumOf({ strike: '1.0800', expiryDate: later.expiryDate, notional: '1000000.00' });
      const long = await book(later);
      expect(long.trade.tradeDate).toBe(today);
      expect(long.trade.option.premiumPosted).toBe(false);
      expect(long.postings).toEqual([]);
      expect((await openHolds(t, w.account)).some((h) => h.amount === new Money(premium).toFixed(18))).toBe(
        true,
      );
      const short = await book({ ...later, side: 'SELL' });
      const result = await t.services.trading.options.postPremiumsDue(later.premiumDate);
      expect(result).toEqual({ posted: 2, failures: [] });
      for (const [id, amount] of [
        [long.trade.id, `-${premium}`],
        [short.trade.id, premium],
      ] as const) {
        const view = (await w.staff.post('/api/trades/view', { tradeId: id })).json();
        expect(view.trade.option.premiumPosted).toBe(true);
        expect(view.events.at(-1)).toMatchObject({
          kind: 'PREMIUM_POSTED',
          businessDate: later.premiumDate,
        });
        expect(view.postings.find((p: { accountId: number }) => p.accountId === w.account).amount).toBe(
          amount,
        );
      }
      expect(await t.services.trading.options.postPremiumsDue(plusDays(later.premiumDate, 1))).toEqual({
        posted: 0,
        failures: [],
      });
      await expectLedgerSound(t);
    });

    it('books a knock-in option inactive and a knock-out one active, with its rebate (off-market, under four eyes)', async () => {
      const ki = await bookBarrier({ barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1000' } });
      expect(ki.trade.status).toBe('INACTIVE');
      const ko = await bookBarrier({
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
      // The first Saturday after the default expiry.
      let saturday = plusDays(expiryDate, 1);
      while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = plusDays(saturday, 1);
      // The next Christmas Day on a weekday still ahead (2026's is a Friday): a holiday of EUR and USD.
      let year = Number(today.slice(0, 4));
      while (`${year}-12-25` <= today || isWeekend(`${year}-12-25`)) year++;
      for (const [over, field] of [
        // Before the trade date.
        [{ expiryDate: tradingDaysBefore(tradeDate, 1) }, 'expiryDate'],
        [{ expiryDate: saturday }, 'expiryDate'],
        [{ expiryDate: `${year}-12-25` }, 'expiryDate'],
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
      await timePasses(option.trade.id);
      // Days after its cut the client's window has closed: the desk exercises it with an override.
      const res = await act('exerciseOption', option.trade.id, { override: true });
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
        tradeDate: pastExpiry,
        valueDate: pastDelivery,
        reference: option.trade.ticket,
      });
      expect(underlying.legs[0]).toMatchObject({
        payAsset: 'USD',
        payAmount: '1080000.00',
        status: 'PENDING',
      });
      await expectLedgerSound(t);
      await settleOn(t, pastDelivery);
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
      await timePasses(option.trade.id);
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
      const later = await businessDayAhead(90);
      const option = await book({ tradeDate: undefined, expiryDate: later });
      const early = await act('exerciseOption', option.trade.id);
      expect([early.statusCode, early.json().message]).toEqual([
        409,
        `A European option can be exercised only at or after its expiry cut (${later} New York 10:00)`,
      ]);
      expect((await act('expireOption', option.trade.id)).statusCode).toBe(409);
    });

    it('knocks out with the rebate posted to the holder, then refuses every move', async () => {
      const ko = await bookBarrier({
        barrier: {
          direction: 'UP',
          kind: 'KNOCK_OUT',
          level: '1.1200',
          rebate: '1000.00',
          rebateCurrency: 'USD',
        },
      });
      // The market touches the barrier, and comes back: the sheet records the touch.
      await setMid('1.1300');
      await setMid('1.0850');
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
      const premium = option.trade.option.premium;
      await timePasses(option.trade.id);
      expect((await act('exerciseOption', option.trade.id, { override: true })).statusCode).toBe(200);
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
      expect(cancelled.json().postings.at(-2)).toMatchObject({ accountId: w.account, amount: premium });
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
      // The market (volatility 10 %, USD 5 %, EUR 3 %) is set for the suite in beforeAll.
      const today = new Date().toISOString().slice(0, 10);
      const expiryDate = await businessDayAhead(400);
      const option = await book({ expiryDate });
      const premium = option.trade.option.premium;
      expect(premium).toBe(premiumOf({ strike: '1.0800', expiryDate, notional: '1000000.00' }));
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
        premium: `-${premium}`,
        valuedAsVanilla: false,
        missing: [],
      });
      expect(Math.abs(Number(v.price) - gk.price)).toBeLessThan(1e-9);
      expect(Math.abs(Number(v.delta) - gk.delta)).toBeLessThan(1e-9);
      expect(Math.abs(Number(v.marketValue) - gk.price * 1_000_000)).toBeLessThanOrEqual(0.005);
      expect(v.unrealisedPnl).toBe(new Money(v.marketValue).minus(premium).toFixed(2));
      expect(v.realisedPnl).toBeNull();
    });

    it('realises an exercised call’s intrinsic value less its premium, an expired one’s premium, and flags a barrier valued as a vanilla', async () => {
      const exercised = await book();
      await timePasses(exercised.trade.id);
      expect((await act('exerciseOption', exercised.trade.id, { override: true })).statusCode).toBe(200);
      // (1.0850 − 1.0800) × 1 000 000 − the premium
      expect((await pnlOf(exercised.trade.id)).realisedPnl).toBe(
        new Money(5000).minus(exercised.trade.option.premium).toFixed(2),
      );
      const expired = await book({ strike: '1.1000' });
      await timePasses(expired.trade.id);
      expect((await act('expireOption', expired.trade.id)).statusCode).toBe(200);
      expect((await pnlOf(expired.trade.id)).realisedPnl).toBe(`-${expired.trade.option.premium}`);
      const barrier = await bookBarrier({ barrier: { direction: 'UP', kind: 'KNOCK_OUT', level: '1.2000' } });
      expect((await pnlOf(barrier.trade.id)).valuedAsVanilla).toBe(true);
    });
  });
});
