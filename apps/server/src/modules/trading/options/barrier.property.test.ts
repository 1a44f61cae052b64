import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import { actingAs, grant, signedInUser } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { fxTradeDate, plusDays } from '../../instruments/iso-dates';
import { bookVia, buildTradingWorld, STAFF_KEYS, type TradingWorld } from '../trading-test-kit';
import { type Barrier, judgePath, judgeRecorded, pathWithin, type RatePoint } from './barrier-evidence';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Issue 37, item 4: "an event happens iff the path touched the level". Rates are drawn in
 * pips (integers), so the oracle below judges them with integer arithmetic of its own, apart
 * from the decimals the code under test uses.
 */

const pips = (n: number) => new Money(n).div(10_000).toString();
const T0 = Date.parse('2030-01-07T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);

const direction = fc.constantFrom<'UP' | 'DOWN'>('UP', 'DOWN');
// A narrow band: paths often sit exactly on the level, where a touch is decided.
const rate = fc.integer({ min: 10_840, max: 10_860 });

/** The oracle: the first index whose rate is at or beyond the level (−1: none), and the range. */
function oracle(ns: number[], dir: 'UP' | 'DOWN', level: number) {
  const first = ns.findIndex((n) => (dir === 'UP' ? n >= level : n <= level));
  return { first, low: ns.length ? Math.min(...ns) : null, high: ns.length ? Math.max(...ns) : null };
}

describe('barrier evidence (pure)', () => {
  it('says a path touched the barrier iff one of its rates is at or beyond the level, naming the first such rate and the range', () => {
    fc.assert(
      fc.property(fc.array(rate, { maxLength: 30 }), direction, rate, (ns, dir, level) => {
        const path: RatePoint[] = ns.map((n, i) => ({ rate: pips(n), at: at(i) }));
        const judged = judgePath(path, { direction: dir, level: pips(level) });
        const o = oracle(ns, dir, level);
        expect(judged.touch !== null).toBe(o.first >= 0);
        expect(judged.touch).toEqual(o.first >= 0 ? path[o.first] : null);
        expect([judged.low, judged.high]).toEqual([o.low, o.high].map((v) => (v === null ? null : pips(v))));
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps, of a timeline, the rate in force when the window opens and every rate recorded inside it', () => {
    const timeline = fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), rate), { maxLength: 25 });
    fc.assert(
      fc.property(
        timeline,
        fc.integer({ min: -5, max: 65 }),
        fc.integer({ min: -5, max: 65 }),
        (points, a, b) => {
          const tl: RatePoint[] = points.map(([s, n]) => ({ rate: pips(n), at: at(s) }));
          // In time order, ties in the order recorded.
          const order = points.map((p, i) => ({ s: p[0], i })).sort((x, y) => x.s - y.s || x.i - y.i);
          const before = order.filter((x) => x.s <= a);
          const expected =
            a >= b
              ? []
              : [...before.slice(-1), ...order.filter((x) => x.s > a && x.s <= b)].map((x) => tl[x.i]);
          expect(pathWithin(tl, at(a), at(b))).toEqual(expected);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('barrier evidence through the database', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let expiryDate = '';
  let pair = 0;

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
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

  it('judges the recorded history of a pair as the pure decision judges its path in the window', async () => {
    const timeline = fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), rate), { maxLength: 15 });
    await fc.assert(
      fc.asyncProperty(
        timeline,
        fc.integer({ min: -5, max: 65 }),
        fc.integer({ min: -5, max: 65 }),
        direction,
        rate,
        async (points, a, b, dir, level) => {
          // A pair of its own per run (the history names pairs as text).
          const [base, quote] = [`P${++pair}`, 'Q'];
          for (const [s, n] of points)
            await t.database.db.execute(sql`insert into fx_rate_history (base, quote, rate, bid, ask, as_of, set_by)
              values (${base}, ${quote}, ${pips(n)}, ${pips(n)}, ${pips(n)}, ${at(s).toISOString()}, 'property')`);
          const barrier: Barrier = { direction: dir, level: pips(level) };
          const tl = points.map(([s, n]) => ({ rate: pips(n), at: at(s) }));
          const recorded = await judgeRecorded(t.database.db, {
            base,
            quote,
            from: at(a),
            to: at(b),
            barrier,
          });
          expect(recorded).toEqual(judgePath(pathWithin(tl, at(a), at(b)), barrier));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('lets staff knock out an option iff the sheet’s rates since its booking touched the barrier', async () => {
    const second = await signedInUser(t, w.broker);
    await grant(t, second.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    const checker = second.agent;
    const setMid = (r: string) => t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate: r });
    const premium = (
      garmanKohlhagen({
        kind: 'CALL',
        spot: 1.085,
        strike: 1.08,
        years: yearsBetween(fxTradeDate(), expiryDate),
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      }).price * 100_000
    ).toFixed(2);
    // UP levels above the sheet's 1.0850, DOWN ones below: untouched when booked.
    const barrier = direction.chain((dir) =>
      fc.tuple(
        fc.constant(dir),
        dir === 'UP' ? fc.integer({ min: 10_851, max: 10_860 }) : fc.integer({ min: 10_840, max: 10_849 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        barrier,
        fc.array(fc.integer({ min: 10_835, max: 10_865 }), { maxLength: 4 }),
        async ([dir, level], ns) => {
          await setMid('1.0850');
          const booked = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
            accountId: w.account,
            instrumentId: w.pairs['EUR/USD']!,
            side: 'BUY',
            optionType: 'CALL',
            notional: '100000.00',
            strike: '1.0800',
            expiryDate,
            cut: 'NY',
            premium,
            premiumCurrency: 'USD',
            barrier: { direction: dir, kind: 'KNOCK_OUT', level: pips(level) },
            // No model prices a barrier: the desk books it off-market, a second staff member approves.
            offMarket: true,
            reason: 'Barrier option priced by the desk',
          });
          expect(booked.statusCode, booked.body).toBe(200);
          const approved = await checker.post('/api/requests/status/update', {
            requestId: booked.json().pendingRequest.id,
            status: 'APPROVED',
          });
          expect(approved.statusCode, approved.body).toBe(200);
          const tradeId = (
            await t.database.db.execute<{ id: number }>(
              sql`select id from trades where type = 'FX_OPTION' order by id desc limit 1`,
            )
          ).rows[0]!.id;
          for (const n of ns) await setMid(pips(n));
          await setMid('1.0850');
          const res = await bookVia(w.staff, 'knockOutOption', {
            tradeId,
            reason: 'Barrier touched',
          });
          expect(res.statusCode, res.body).toBe(oracle(ns, dir, level).first >= 0 ? 200 : 409);
        },
      ),
      { numRuns: 8 },
    );
  });
});
