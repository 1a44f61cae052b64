import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actingAs } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  postingLines,
  REPLAY_CONFIG,
  setTrading,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Spec section 7 "Trades": bookManualFxTrade (a margin, rolling spot position rolled at each
 * end of day with the swap points of the entity's roll profile) and bookManualCfdTrade (a CFD
 * position financed daily; closing realises the P&L into the account).
 */
describe('positions: margin FX and CFD trades', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let fxUsd = 0;
  let cfdUsd = 0;
  let us500 = 0;
  const margin = (over: object) => ({
    accountId: w.account,
    instrumentId: w.pairs['EUR/USD'],
    side: 'BUY',
    amount: '100000.00',
    rate: '1.0800',
    tradeDate: '2026-03-05',
    ...over,
  });
  const bookMargin = async (over: object) => {
    const res = await bookVia(w.staff, 'bookManualFxTrade', margin(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const bookCfd = async (over: object) => {
    const res = await bookVia(w.staff, 'bookManualCfdTrade', {
      accountId: w.account,
      instrumentId: us500,
      side: 'BUY',
      quantity: '2',
      price: '5000.0',
      tradeDate: '2026-03-05',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const view = async (id: number) => (await w.staff.post('/api/trades/view', { tradeId: id })).json();

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    fxUsd = await t.services.ledger.platformAccount(t.database.db, 'FX', 'USD');
    cfdUsd = await t.services.ledger.platformAccount(t.database.db, 'CFD', 'USD');
    const m = t.services.instruments;
    const cfd = await m.catalog.create(actingAs(w.root), {
      kind: 'CFD',
      symbol: 'US500',
      name: 'US 500 index',
      underlying: 'S&P 500',
      quote: 'USD',
      contractSize: '10',
      pricePrecision: 1,
      financingRateLong: '7.3',
      financingRateShort: '-3',
      settlementLag: 0,
    } as never);
    us500 = cfd.id;
    // Priced since 2020: every cut-off of the tests' dates finds it.
    await m.cfdPrices.load(
      { instrumentId: us500, price: '5010.0', bid: '5009.5', ask: '5010.5' },
      'test',
      new Date('2020-01-02T00:00:00Z'),
    );
    await m.swapPoints.load('EUR', 'USD', [{ tenor: 'TN', bid: '-0.35', ask: '-0.30' }]);
    await m.swapPoints.load('GBP', 'USD', [{ tenor: 'TN', bid: '0.15', ask: '0.20' }]);
    await t.database.db.execute(
      sql`update entities set roll_profile_id = (select id from roll_profiles where name = 'Daily') where id = ${w.client}`,
    );
  });

  describe('margin FX', () => {
    let first = 0;
    let closing = 0;

    it('opens a position: the trade open for its whole amount, nothing posted or held', async () => {
      const before = await balanceOf(t, w.account, 'USD');
      const v = await bookMargin({});
      first = v.trade.id;
      expect(v.trade).toMatchObject({
        type: 'MARGIN_FX',
        status: 'OPEN',
        amount: '100000.00',
        openAmount: '100000.00',
        counterAmount: '108000.00',
        valueDate: '2026-03-09',
        realisedPnl: null,
      });
      expect([v.legs, v.postings]).toEqual([[], []]);
      expect(await balanceOf(t, w.account, 'USD')).toEqual(before);
      await expectLedgerSound(t);
    });

    it('closes out part of it first in, first out, realising the P&L in the quote currency into the account', async () => {
      const before = await balanceOf(t, w.account, 'USD');
      const v = await bookMargin({ side: 'SELL', amount: '40000.00', rate: '1.0900' });
      closing = v.trade.id;
      // 40,000 × (1.0900 − 1.0800) = 400.00 USD
      expect(v.trade).toMatchObject({ status: 'CLOSED', openAmount: '0.00', realisedPnl: '400.00' });
      expect(postingLines(v)).toEqual([
        [w.account, 'USD', '400.00'],
        [fxUsd, 'USD', '-400.00'],
      ]);
      expect(await balanceOf(t, w.account, 'USD')).toEqual({
        ...before,
        posted: String(Number(before.posted) + 400),
      });
      const lot = await view(first);
      expect(lot.trade).toMatchObject({ status: 'OPEN', openAmount: '60000.00' });
      expect(lot.events.at(-1)).toMatchObject({
        kind: 'CLOSED',
        details: { byTradeId: closing, amount: '40000' },
      });
      await expectLedgerSound(t);
    });

    let flip = 0;
    it('turns the position round: closes what is left at a loss and opens the rest short', async () => {
      const v = await bookMargin({ side: 'SELL', amount: '100000.00', rate: '1.0700' });
      flip = v.trade.id;
      // 60,000 × (1.0700 − 1.0800) = −600.00 USD; 40,000 short stays open.
      expect(v.trade).toMatchObject({ status: 'OPEN', openAmount: '-40000.00', realisedPnl: '-600.00' });
      expect(postingLines(v)).toEqual([
        [w.account, 'USD', '-600.00'],
        [fxUsd, 'USD', '600.00'],
      ]);
      expect((await view(first)).trade).toMatchObject({ status: 'CLOSED', openAmount: '0.00' });
      await expectLedgerSound(t);
    });

    it('rolls each open lot once per end of day at the tom-next points with the roll profile’s markup', async () => {
      const gbpAccount = await clientAccount(t.database.db, w.client, 'Cable');
      await fund(t.database.db, gbpAccount, 'USD', '1000.00');
      const long = (
        await bookVia(w.staff, 'bookManualFxTrade', {
          ...margin({}),
          accountId: gbpAccount,
          instrumentId: w.pairs['GBP/USD'],
          amount: '10000.00',
          rate: '1.2600',
        })
      ).json();
      const run = await t.services.eod.run('2026-03-05');
      expect(run).toMatchObject({ status: 'COMPLETED', steps: { rolled: 2 } });
      // Short 40,000 EUR/USD earns the bid less the markup: −(−40,000) × (−0.35 − 0.5) × 0.0001 = −3.40
      const short = await view(flip);
      expect(short.events.at(-1)).toMatchObject({
        kind: 'ROLLED',
        businessDate: '2026-03-05',
        details: { points: '-0.35', markup: '0.5', amount: '-3.40' },
      });
      expect(postingLines(short).slice(-2)).toEqual([
        [w.account, 'USD', '-3.40'],
        [fxUsd, 'USD', '3.40'],
      ]);
      // Long 10,000 GBP/USD pays the ask plus the markup: −10,000 × (0.20 + 0.5) × 0.0001 = −0.70
      expect(postingLines(await view(long.trade.id))).toEqual([
        [gbpAccount, 'USD', '-0.70'],
        [fxUsd, 'USD', '0.70'],
      ]);
      const again = await t.services.eod.run('2026-03-05');
      expect(again.steps.rolled).toBe(2);
      const rolls = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where kind = 'FX_ROLL'`,
      );
      expect(rolls.rows[0]!.n).toBe(2);
      await expectLedgerSound(t);
    });

    it('cancels only the last live trade of a position: the P&L it realised reversed, the lots it closed reopened', async () => {
      const middle = await w.staff.post('/api/trades/cancel', { tradeId: closing, reason: 'Wrong fill' });
      expect(middle.statusCode).toBe(409);
      expect(middle.json().message).toMatch(/^Cancel the later trades of this position first/);
      const before = await balanceOf(t, w.account, 'USD');
      const res = await w.staff.post('/api/trades/cancel', { tradeId: flip, reason: 'Booked twice' });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json();
      expect(v.trade).toMatchObject({ status: 'REVERSED', openAmount: '0.00' });
      expect(postingLines(v).slice(-2)).toEqual([
        [w.account, 'USD', '600.00'],
        [fxUsd, 'USD', '-600.00'],
      ]);
      expect(await balanceOf(t, w.account, 'USD')).toEqual({
        ...before,
        posted: String(Number(before.posted) + 600),
      });
      const lot = await view(first);
      expect(lot.trade).toMatchObject({ status: 'OPEN', openAmount: '60000.00' });
      expect(lot.events.at(-1)).toMatchObject({ kind: 'REOPENED', reason: 'Booked twice' });
      await expectLedgerSound(t);
    });

    it('lets a deliverable trade of the same pair on the account not stand in the way of cancelling the position’s last trade', async () => {
      const lone = await clientAccount(t.database.db, w.client, 'Lone');
      await fund(t.database.db, lone, 'USD', '10000.00');
      const position = (
        await bookVia(w.staff, 'bookManualFxTrade', margin({ accountId: lone, amount: '1000.00' }))
      ).json();
      const delivery = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        margin({ accountId: lone, amount: '1000.00' }),
      );
      expect(delivery.statusCode).toBe(200);
      const res = await w.staff.post('/api/trades/cancel', {
        tradeId: position.trade.id,
        reason: 'Not the client’s',
      });
      expect([res.statusCode, res.json().trade?.status]).toEqual([200, 'CANCELLED']);
    });

    it('refuses an account that is not a MarginTrading one', async () => {
      const bank = (
        await t.database.db.execute<{ id: number }>(
          sql`insert into accounts (entity_id, account_type, name) values (${w.client}, 'Bank', 'Bank') returning id`,
        )
      ).rows[0]!.id;
      const res = await bookVia(w.staff, 'bookManualFxTrade', margin({ accountId: bank }));
      expect([res.statusCode, res.json().errors.accountId]).toEqual([
        422,
        'Bank is not a MarginTrading account: positions are held on one',
      ]);
    });
  });

  describe('CFDs', () => {
    it('opens a CFD position, finances it at the end of day at the mark (a Friday covers three days), and closing realises the P&L', async () => {
      const open = await bookCfd({});
      expect(open.trade).toMatchObject({
        type: 'CFD',
        status: 'OPEN',
        base: null,
        amount: '2',
        rate: '5000',
        counterAmount: '100000.00',
        openAmount: '2',
        valueDate: '2026-03-05',
      });
      const run = await t.services.eod.run('2026-03-06');
      expect(run).toMatchObject({ status: 'COMPLETED', steps: { financed: 1 } });
      // 2 × 10 × 5010.0 × 7.3 % × 3 / 365 = 60.12 USD paid by the long
      const financed = await view(open.trade.id);
      expect(financed.events.at(-1)).toMatchObject({
        kind: 'FINANCED',
        details: { mark: '5010', rate: '7.3', days: 3, amount: '-60.12' },
      });
      expect(postingLines(financed)).toEqual([
        [w.account, 'USD', '-60.12'],
        [cfdUsd, 'USD', '60.12'],
      ]);
      const close = await bookCfd({ side: 'SELL', price: '5025.5', tradeDate: '2026-03-09' });
      // 2 × 10 × (5025.5 − 5000.0) = 510.00 USD
      expect(close.trade).toMatchObject({ status: 'CLOSED', realisedPnl: '510.00' });
      expect(postingLines(close)).toEqual([
        [w.account, 'USD', '510.00'],
        [cfdUsd, 'USD', '-510.00'],
      ]);
      expect((await view(open.trade.id)).trade).toMatchObject({ status: 'CLOSED', openAmount: '0' });
      await expectLedgerSound(t);
    });

    it('pays a short holder financing at a negative short rate', async () => {
      const short = await bookCfd({ side: 'SELL', quantity: '1', price: '5010.0', tradeDate: '2026-03-10' });
      await t.services.eod.run('2026-03-10');
      // 1 × 10 × 5010.0 × −3 % × 1 / 365 = −4.1178… paid to the holder: +4.12
      expect((await view(short.trade.id)).events.at(-1)).toMatchObject({
        kind: 'FINANCED',
        details: { amount: '4.12' },
      });
    });
  });

  it('books each position trade once per key, refuses trading disabled (422), another tree’s account (404), a caller without manual_trade_booking (403)', async () => {
    const key = `pos-${crypto.randomUUID()}`;
    const a = await bookVia(w.staff, 'bookManualFxTrade', margin({ amount: '10.00' }), key);
    const b = await bookVia(w.staff, 'bookManualFxTrade', margin({ amount: '10.00' }), key);
    expect(b.json().trade.id).toBe(a.json().trade.id);
    await setTrading(t, w.client, false);
    const disabled = await bookVia(w.staff, 'bookManualCfdTrade', {
      accountId: w.account,
      instrumentId: us500,
      side: 'BUY',
      quantity: '1',
      price: '5000.0',
    });
    await setTrading(t, w.client, true);
    expect(disabled.statusCode).toBe(422);
    const foreign = await bookVia(w.staff, 'bookManualFxTrade', margin({ accountId: w.strangerAccount }));
    expect(foreign.statusCode).toBe(404);
    const viewer = await bookVia(w.viewer, 'bookManualCfdTrade', {
      accountId: w.account,
      instrumentId: us500,
      side: 'BUY',
      quantity: '1',
      price: '1',
    });
    expect(viewer.statusCode).toBe(403);
    const notCfd = await bookVia(w.staff, 'bookManualCfdTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      quantity: '1',
      price: '1.0',
    });
    expect([notCfd.statusCode, notCfd.json().errors]).toEqual([
      422,
      { instrumentId: 'EUR/USD is not a CFD' },
    ]);
  });
});
