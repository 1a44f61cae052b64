import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import { actingAs, createEntity, uniqueName } from '../../test/fixtures';
import { clientAccount, fund, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { entities } from '../entities/entities.tables';
import { fxTradeDate, isWeekend, plusDays } from '../instruments/iso-dates';
import { tradingDaysBefore } from './desk-rules';
import { bookVia, buildTradingWorld, REPLAY_CONFIG, type TradingWorld } from './trading-test-kit';

// A property test of the trading core: random sequences of bookings (every kind), cancels,
// ends of day and rate changes keep the ledger balanced, never deliver a leg twice, and keep
// realised and unrealised P&L equal to a straightforward recomputation from the trades and the
// marks — a model written here, apart from the server's code.
//
// The sequences replay business days of the past, each after the last, up to today (staff
// back-date with a reason, the window opened by REPLAY_CONFIG): a trade date is never after
// today. Each end of day marks at the sheet as it stood at its cut-off, so every rate or CFD
// price a sequence sets is also recorded in the history at an instant of its business day.
// Typed prices stand within the instruments' 2 % tolerance of the market (an offset from it).

const TN = { bid: new Money('-0.3'), ask: new Money('-0.2') };
const PIP = new Money('0.0001');
const CFD_SIZE = new Money(10);
const CFD_LONG = new Money('7.3');
const CFD_SHORT = new Money('-3');

type Side = 'BUY' | 'SELL';
/** `off`: the typed price's distance from the market, in pips (FX) or tenths (CFD). */
type Op =
  | { t: 'margin' | 'cfd'; acc: number; side: Side; size: number; off: number }
  | { t: 'deliverable'; acc: number; side: Side; size: number; off: number }
  | { t: 'swap'; acc: number; side: Side; size: number; off: number; points: number; farDays: number }
  | { t: 'cancel'; pick: number }
  | { t: 'eod' }
  | { t: 'eodAgain' }
  | { t: 'rate'; price: number }
  | { t: 'cfdPrice'; price: number };

const side = fc.constantFrom<Side>('BUY', 'SELL');
const acc = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('margin' as const),
      acc,
      side,
      size: fc.integer({ min: 1, max: 50 }),
      off: fc.integer({ min: -150, max: 150 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('cfd' as const),
      acc,
      side,
      size: fc.integer({ min: 1, max: 5 }),
      off: fc.integer({ min: -800, max: 800 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('deliverable' as const),
      acc,
      side,
      size: fc.integer({ min: 1, max: 50 }),
      off: fc.integer({ min: -150, max: 150 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('swap' as const),
      acc,
      side,
      size: fc.integer({ min: 1, max: 50 }),
      off: fc.integer({ min: -150, max: 150 }),
      points: fc.integer({ min: -200, max: 200 }),
      farDays: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.constant({ t: 'eod' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'eodAgain' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('rate' as const), price: fc.integer({ min: 10700, max: 11000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('cfdPrice' as const),
      price: fc.integer({ min: 49000, max: 51000 }),
    }),
  },
);

// ----------------------------------------------------------------------------------------------
// The model

type MLeg = { base: Money; rate: Money; valueDate: string; settled: boolean; mark?: Money };
type MTrade = {
  id: number;
  type: 'MARGIN_FX' | 'CFD' | 'DELIVERABLE_FX' | 'FX_SWAP';
  account: number;
  signed: Money; // base amount or contracts, long positive
  rate: Money;
  live: boolean;
  legs: MLeg[];
};
const round2 = (m: Money) => new Money(m.toFixed(2));

/** FIFO over a position's live trades, in booking order: each trade's realised P&L and the lots left open. */
function replay(trades: MTrade[], size: Money) {
  const lots: { trade: MTrade; open: Money }[] = [];
  const realised = new Map<number, Money>();
  for (const tr of trades) {
    let rest = tr.signed;
    let pnl = new Money(0);
    let closed = false;
    while (!rest.isZero() && lots.length && lots[0]!.open.isNeg() !== rest.isNeg()) {
      const lot = lots[0]!;
      const take = Money.min(lot.open.abs(), rest.abs());
      const sign = lot.open.isNeg() ? -1 : 1;
      pnl = pnl.plus(take.times(tr.rate.minus(lot.trade.rate)).times(size).times(sign));
      lot.open = lot.open.minus(take.times(sign));
      rest = rest.plus(take.times(sign));
      closed = true;
      if (lot.open.isZero()) lots.shift();
    }
    if (closed) realised.set(tr.id, round2(pnl));
    if (!rest.isZero()) lots.push({ trade: tr, open: rest });
  }
  return { realised, lots };
}

describe('trading: random bookings, cancels, ends of day and rate changes', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let us500 = 0;
  let eurUsd = 0;
  /** The business date the sequences are at: in the past, far enough back for every run to move on from it. */
  let today = tradingDaysBefore(fxTradeDate(), 600);
  let tick = 0;
  /** An instant of business date `d` before its cut-off, later than any taken before. */
  const during = (d: string) => new Date(Date.parse(`${d}T12:00:00Z`) + tick++ * 1000).toISOString();
  let lastEod: string | null = null;
  let mid = new Money('1.0850');
  let cfdMid = new Money('5000');
  const nextWeekday = (d: string) => {
    let n = plusDays(d, 1);
    while (isWeekend(n)) n = plusDays(n, 1);
    return n;
  };

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const m = t.services.instruments;
    eurUsd = w.pairs['EUR/USD']!;
    us500 = (
      await m.catalog.create(actingAs(w.root), {
        kind: 'CFD',
        symbol: 'US500',
        name: 'US 500',
        underlying: 'S&P 500',
        quote: 'USD',
        contractSize: '10',
        pricePrecision: 1,
        financingRateLong: '7.3',
        financingRateShort: '-3',
        settlementLag: 0,
      } as never)
    ).id;
    await m.cfdPrices.load({ instrumentId: us500, price: '5000.0' });
    await m.cfdPrices.load(
      { instrumentId: us500, price: '5000.0' },
      'test',
      new Date('2020-01-02T00:00:00Z'),
    );
    await m.swapPoints.load('EUR', 'USD', [{ tenor: 'TN', bid: TN.bid.toString(), ask: TN.ask.toString() }]);
  });

  it('keeps the ledger balanced, never delivers twice, and P&L equal to a recomputation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 18 }), async (ops) => {
        const db = t.database.db;
        const client = (await createEntity(t, uniqueName('Prop '), w.broker)).id;
        await db
          .update(entities)
          .set({ tradingEnabled: true, currencyCode: 'USD' })
          .where(sql`${entities.id} = ${client}`);
        const accounts = [await clientAccount(db, client, 'P0'), await clientAccount(db, client, 'P1')];
        for (const a of accounts) {
          await fund(db, a, 'USD', '100000000.00');
          await fund(db, a, 'EUR', '100000000.00');
        }
        const trades: MTrade[] = [];
        let charges = new Money(0);
        today = nextWeekday(today);

        const positionsOf = (type: 'MARGIN_FX' | 'CFD', account: number) =>
          trades.filter((x) => x.type === type && x.account === account && x.live);

        for (const o of ops) {
          switch (o.t) {
            case 'margin':
            case 'cfd': {
              const cfd = o.t === 'cfd';
              const amount = cfd ? String(o.size) : `${o.size * 1000}.00`;
              const price = cfd
                ? cfdMid.plus(new Money(o.off).div(10))
                : mid.plus(new Money(o.off).div(10000));
              const res = await bookVia(w.staff, cfd ? 'bookManualCfdTrade' : 'bookManualFxTrade', {
                accountId: accounts[o.acc],
                instrumentId: cfd ? us500 : eurUsd,
                side: o.side,
                ...(cfd ? { quantity: amount, price: price.toFixed(1) } : { amount, rate: price.toFixed(4) }),
                tradeDate: today,
              });
              expect(res.statusCode, res.body).toBe(200);
              trades.push({
                id: res.json().trade.id,
                type: cfd ? 'CFD' : 'MARGIN_FX',
                account: accounts[o.acc]!,
                signed: new Money(amount).times(o.side === 'BUY' ? 1 : -1),
                rate: price,
                live: true,
                legs: [],
              });
              break;
            }
            case 'deliverable':
            case 'swap': {
              const rate = mid.plus(new Money(o.off).div(10000));
              const amount = new Money(o.size * 1000);
              const sign = o.side === 'BUY' ? 1 : -1;
              const body = {
                accountId: accounts[o.acc],
                instrumentId: eurUsd,
                side: o.side,
                amount: amount.toFixed(2),
                rate: rate.toFixed(4),
                tradeDate: today,
              };
              const res =
                o.t === 'deliverable'
                  ? await bookVia(w.staff, 'bookManualDeliverableFxTrade', body)
                  : await bookVia(w.staff, 'bookManualFxSwap', {
                      ...body,
                      swapPoints: String(o.points / 10),
                      farValueDate: plusDays(today, 2 + o.farDays),
                    });
              // A far date on a holiday or weekend is refused (422); anything else books.
              if (o.t === 'swap' && res.statusCode === 422) break;
              expect(res.statusCode, res.body).toBe(200);
              const v = res.json();
              trades.push({
                id: v.trade.id,
                type: o.t === 'deliverable' ? 'DELIVERABLE_FX' : 'FX_SWAP',
                account: accounts[o.acc]!,
                signed: amount.times(sign),
                rate,
                live: true,
                legs: v.legs.map((l: { side: Side; valueDate: string; rate: string }) => ({
                  base: amount.times(l.side === 'BUY' ? 1 : -1),
                  rate: new Money(l.rate),
                  valueDate: l.valueDate,
                  settled: false,
                })),
              });
              break;
            }
            case 'cancel': {
              const live = trades.filter((x) => x.live);
              if (!live.length) break;
              const target = live[o.pick % live.length]!;
              const res = await w.staff.post('/api/trades/cancel', {
                tradeId: target.id,
                reason: 'property test',
              });
              const position = target.type === 'MARGIN_FX' || target.type === 'CFD';
              const later =
                position &&
                positionsOf(target.type as 'MARGIN_FX', target.account).some((x) => x.id > target.id);
              // Only the last live trade of a position can be cancelled; any delivery trade can.
              expect([res.statusCode, res.body]).toEqual([later ? 409 : 200, expect.any(String)]);
              if (!later) target.live = false;
              break;
            }
            case 'eod': {
              // The model first: what this end of day charges the lots open at it.
              for (const account of accounts) {
                for (const lot of replay(positionsOf('MARGIN_FX', account), new Money(1)).lots) {
                  const pips = lot.open.isPos() ? TN.ask : TN.bid;
                  charges = charges.plus(round2(lot.open.neg().times(pips).times(PIP)));
                }
                let days = 1;
                for (let d = plusDays(today, 1); isWeekend(d); d = plusDays(d, 1)) days++;
                for (const lot of replay(positionsOf('CFD', account), CFD_SIZE).lots) {
                  const rate = lot.open.isPos() ? CFD_LONG : CFD_SHORT;
                  charges = charges.plus(
                    round2(
                      lot.open
                        .abs()
                        .times(CFD_SIZE)
                        .times(cfdMid)
                        .times(rate)
                        .div(100)
                        .times(days)
                        .div(365)
                        .neg(),
                    ),
                  );
                }
              }
              for (const tr of trades.filter((x) => x.live))
                for (const leg of tr.legs)
                  if (!leg.settled && leg.valueDate <= today) {
                    leg.settled = true;
                    leg.mark = mid;
                  }
              const run = await t.services.eod.run(today);
              expect(run.status, JSON.stringify(run.failures)).toBe('COMPLETED');
              lastEod = today;
              today = nextWeekday(today);
              break;
            }
            case 'eodAgain': {
              if (!lastEod) break;
              const count = async () =>
                (await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`))
                  .rows[0]!.n;
              const before = await count();
              await t.services.eod.run(lastEod);
              expect(await count()).toBe(before);
              break;
            }
            case 'rate': {
              mid = new Money(o.price).div(10000);
              await t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate: mid.toFixed(4) });
              await db.execute(sql`
                insert into fx_rate_history (base, quote, rate, bid, ask, as_of, set_by)
                values ('EUR', 'USD', ${mid.toFixed(4)}, ${mid.minus(PIP).toFixed(4)}, ${mid.plus(PIP).toFixed(4)},
                        ${during(today)}, 'test')`);
              break;
            }
            case 'cfdPrice': {
              cfdMid = new Money(o.price).div(10);
              await t.services.instruments.cfdPrices.load({ instrumentId: us500, price: cfdMid.toFixed(1) });
              await t.services.instruments.cfdPrices.load(
                { instrumentId: us500, price: cfdMid.toFixed(1) },
                'test',
                new Date(during(today)),
              );
              break;
            }
          }

          // 1. The ledger balances, per asset and per transaction; balances agree with postings and holds.
          expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
          // 2. Every leg delivered at most once: a trade's deliveries are its legs settled (or reversed since).
          const delivered = await db.execute<{ id: number }>(sql`
            select t.id from trades t
             where (select count(*) from ledger_transactions x where x.reference = t.ticket and x.kind = 'FX_SETTLEMENT')
                <> (select count(*) from trade_legs l where l.trade_id = t.id and l.status in ('SETTLED', 'REVERSED'))`);
          expect(delivered.rows).toEqual([]);
          // 3. P&L = the model's: realised (closed out, delivered, charged) and unrealised (marked now).
          let realised = charges;
          let unrealised = new Money(0);
          for (const account of accounts) {
            for (const [type, size] of [
              ['MARGIN_FX', new Money(1)],
              ['CFD', CFD_SIZE],
            ] as const) {
              const r = replay(positionsOf(type, account), size);
              for (const v of r.realised.values()) realised = realised.plus(v);
              if (r.lots.length) {
                const mark = type === 'CFD' ? cfdMid : mid;
                const qty = r.lots.reduce((s, l) => s.plus(l.open), new Money(0));
                const cost = r.lots.reduce((s, l) => s.plus(l.open.times(l.trade.rate)), new Money(0));
                unrealised = unrealised.plus(round2(qty.times(mark).minus(cost).times(size)));
              }
            }
            const delivery = trades.filter((x) => x.live && x.account === account && x.legs.length);
            for (const tr of delivery.filter((x) => x.legs.every((l) => l.settled)))
              realised = realised.plus(
                round2(tr.legs.reduce((s, l) => s.plus(l.base.times(l.mark!.minus(l.rate))), new Money(0))),
              );
            const pending = delivery.flatMap((x) => x.legs.filter((l) => !l.settled));
            if (pending.length) {
              const qty = pending.reduce((s, l) => s.plus(l.base), new Money(0));
              const cost = pending.reduce((s, l) => s.plus(l.base.times(l.rate)), new Money(0));
              unrealised = unrealised.plus(round2(qty.times(mid).minus(cost)));
            }
          }
          const pnl = (await w.staff.post('/api/account/profitLoss', { entityId: client })).json();
          const usd = pnl.currencies.find((c: { currency: string }) => c.currency === 'USD') ?? {
            realised: '0.00',
            unrealised: '0.00',
          };
          expect([o.t, usd.realised, usd.unrealised]).toEqual([
            o.t,
            realised.toFixed(2),
            unrealised.toFixed(2),
          ]);
        }
      }),
      { numRuns: 10 },
    );
  }, 900_000);
});
