import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../../test/fixtures';
import { fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import {
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  REPLAY_CONFIG,
  setTrading,
  type TradingWorld,
} from './trading-test-kit';

// The rules every booking call shares (issue 22's acceptance), walked over each trade type:
// the same Idempotency-Key twice books once; an entity with trading disabled is refused and
// nothing is written; another tree's account is not found; a caller without
// manual_trade_booking is refused — and the ledger stays balanced through all of it.
describe('every kind of booking: one trade per key, and the same refusals', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let us500 = 0;

  // A sweep converts everything outside the base: each call gets GBP to convert.
  const bodies: Record<string, (accountId: number) => object | Promise<object>> = {
    bookManualFxTrade: (accountId) => ({
      accountId,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '1000.00',
      rate: '1.0850',
    }),
    bookManualDeliverableFxTrade: (accountId) => ({
      accountId,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '1000.00',
      rate: '1.0850',
    }),
    bookManualDeliverableFxTrade2: (accountId) => ({
      accountId,
      instrumentId: w.pairs['EUR/USD'],
      side: 'SELL',
      amount: '1000.00',
      counterAmount: '1085.00',
    }),
    bookManualFxSwap: (accountId) => ({
      accountId,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '1000.00',
      rate: '1.0850',
      swapPoints: '12.5',
      farValueDate: '2027-06-17',
    }),
    bookManualCfdTrade: (accountId) => ({
      accountId,
      instrumentId: us500,
      side: 'BUY',
      quantity: '1',
      price: '5000.0',
    }),
    bookConversionSweepTrade: async (accountId) => {
      await fund(t.database.db, accountId, 'GBP', '100.00');
      return { accountId, currencies: ['GBP'] };
    },
  };

  const tradeCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from trades`)).rows[0]!.n;
  const idsOf = (json: { trade?: { id: number }; trades?: { id: number }[] }) =>
    json.trade ? [json.trade.id] : (json.trades ?? []).map((x) => x.id);

  beforeAll(async () => {
    Object.assign(
      w,
      await buildTradingWorld(t, {
        funds: [
          ['USD', '5000000.00'],
          ['EUR', '2000000.00'],
          ['GBP', '1000.00'],
        ],
      }),
    );
    const cfd = await t.services.instruments.catalog.create(actingAs(w.root), {
      kind: 'CFD',
      symbol: `RULES${Date.now() % 100000}`,
      name: 'Rules index',
      underlying: 'Rules',
      quote: 'USD',
      contractSize: '1',
      pricePrecision: 1,
      financingRateLong: '5',
      financingRateShort: '-2',
      settlementLag: 0,
    } as never);
    us500 = cfd.id;
    await t.services.instruments.cfdPrices.load(
      { instrumentId: us500, price: '5000.0', bid: '4999.5', ask: '5000.5' },
      'test',
      new Date('2020-01-02T00:00:00Z'),
    );
    await t.database.db.execute(
      sql`update entities set conversion_profile_id = (select id from conversion_profiles where name = 'Standard') where id = ${w.client}`,
    );
  });

  for (const call of Object.keys(bodies)) {
    describe(call, () => {
      it('books once for the same Idempotency-Key sent twice', async () => {
        const before = await tradeCount();
        const key = `rules-${call}-${crypto.randomUUID()}`;
        const first = await bookVia(w.staff, call, await bodies[call]!(w.account), key);
        expect(first.statusCode, first.body).toBe(200);
        const again = await bookVia(w.staff, call, await bodies[call]!(w.account), key);
        expect(again.statusCode, again.body).toBe(200);
        expect(idsOf(again.json())).toEqual(idsOf(first.json()));
        expect(await tradeCount()).toBe(before + idsOf(first.json()).length);
        await expectLedgerSound(t);
      });

      it('is refused for an entity with trading disabled, writing nothing', async () => {
        const before = await tradeCount();
        await setTrading(t, w.client, false);
        const res = await bookVia(w.staff, call, await bodies[call]!(w.account));
        await setTrading(t, w.client, true);
        expect([res.statusCode, res.json().message]).toEqual([
          422,
          expect.stringMatching(/Trading is not enabled for Northwind/),
        ]);
        expect(await tradeCount()).toBe(before);
      });

      it('answers 404 for an account of another tree and 403 to a caller without manual_trade_booking', async () => {
        const before = await tradeCount();
        const foreign = await bookVia(w.staff, call, await bodies[call]!(w.strangerAccount));
        expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Account not found']);
        const viewer = await bookVia(w.viewer, call, await bodies[call]!(w.account));
        expect(viewer.statusCode).toBe(403);
        expect(await tradeCount()).toBe(before);
      });
    });
  }
});
