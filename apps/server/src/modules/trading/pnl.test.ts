import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import { actingAs } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { bookVia, buildTradingWorld, REPLAY_CONFIG, type TradingWorld } from './trading-test-kit';

/**
 * Spec section 7 `account/profitLoss`, `account/profit-loss-toward-clients`, `account/summary`
 * and `account/summary-toward-clients` (equity): P&L against hand-computed examples, one per
 * kind of trade, in the account's currency (USD) and the entity's base currency (EUR), marked
 * at the sheet's EUR/USD mid of 1.0850 (USD → EUR at 1 ÷ 1.0850) and a US500 price of 5010.0.
 */
describe('positions and P&L', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  const accounts = {} as Record<'margin' | 'deliverable' | 'swap' | 'cfd' | 'sweep', number>;
  let us500 = 0;
  const pnl = async (accountId?: number) => {
    const res = await w.staff.post('/api/account/profitLoss', { entityId: w.client, accountId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const accountPnl = async (accountId: number) => (await pnl(accountId)).accounts[0];
  const book = async (path: string, body: object) => {
    const res = await bookVia(w.staff, path, { tradeDate: '2026-03-05', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const db = t.database.db;
    await db.execute(sql`update entities set currency_code = 'EUR' where id = ${w.client}`);
    for (const name of ['margin', 'deliverable', 'swap', 'cfd'] as const) {
      accounts[name] = await clientAccount(db, w.client, name);
      await db.execute(sql`update accounts set currency_code = 'USD' where id = ${accounts[name]}`);
      await fund(db, accounts[name], 'USD', '2000000.00');
    }
    accounts.sweep = await clientAccount(db, w.client, 'sweep');
    await db.execute(sql`update accounts set currency_code = 'EUR' where id = ${accounts.sweep}`);
    await fund(db, accounts.sweep, 'USD', '1000.00');
    const m = t.services.instruments;
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
    await m.cfdPrices.load(
      { instrumentId: us500, price: '5010.0' },
      'test',
      new Date('2020-01-02T00:00:00Z'),
    );
    await m.swapPoints.load('EUR', 'USD', [{ tenor: 'TN', bid: '-0.30', ask: '-0.25' }]);
    const eurUsd = w.pairs['EUR/USD'];
    await book('bookManualFxTrade', {
      accountId: accounts.margin,
      instrumentId: eurUsd,
      side: 'BUY',
      amount: '100000.00',
      rate: '1.0800',
    });
    await book('bookManualFxTrade', {
      accountId: accounts.margin,
      instrumentId: eurUsd,
      side: 'SELL',
      amount: '40000.00',
      rate: '1.0900',
    });
    await book('bookManualDeliverableFxTrade', {
      accountId: accounts.deliverable,
      instrumentId: eurUsd,
      side: 'BUY',
      amount: '50000.00',
      rate: '1.0820',
      valueDate: '2026-03-06',
    });
    await book('bookManualFxSwap', {
      accountId: accounts.swap,
      instrumentId: eurUsd,
      side: 'BUY',
      amount: '10000.00',
      rate: '1.0850',
      swapPoints: '10',
      farValueDate: '2026-04-09',
    });
    await book('bookManualCfdTrade', {
      accountId: accounts.cfd,
      instrumentId: us500,
      side: 'BUY',
      quantity: '2',
      price: '5000.0',
    });
    await book('bookConversionSweepTrade', { accountId: accounts.sweep });
    // Thursday's end of day: the margin lot rolls, the CFD lot is financed for one day.
    expect((await t.services.eod.run('2026-03-05')).status).toBe('COMPLETED');
  });

  it('margin FX: realised on the part closed out plus the roll, unrealised on the rest', async () => {
    const a = await accountPnl(accounts.margin);
    // Closed 40,000 at 1.0900 against 1.0800: +400.00; rolled 60,000 long at the TN ask of
    // −0.25 pips: −60,000 × −0.25 × 0.0001 = +1.50; open 60,000 × (1.0850 − 1.0800) = +300.00.
    expect(a.positions).toEqual([
      {
        instrumentId: w.pairs['EUR/USD'],
        symbol: 'EUR/USD',
        kind: 'POSITION',
        quantity: '60000.00',
        averageRate: '1.08',
        mark: '1.085',
        currency: 'USD',
        unrealised: '300.00',
      },
    ]);
    expect(a.lines).toEqual([
      {
        currency: 'USD',
        realised: '401.50',
        unrealised: '300.00',
        total: '701.50',
        inAccountCurrency: { realised: '401.50', unrealised: '300.00', total: '701.50' },
        // 401.50 ÷ 1.0850 = 370.046…; 300.00 ÷ 1.0850 = 276.497…
        inBaseCurrency: { realised: '370.05', unrealised: '276.50', total: '646.55' },
      },
    ]);
    expect(a).toMatchObject({
      accountCurrency: 'USD',
      total: { realised: '401.50', unrealised: '300.00', total: '701.50' },
    });
  });

  it('deliverable FX: unrealised until delivered, then realised at the mark it was delivered at', async () => {
    const before = await accountPnl(accounts.deliverable);
    // 50,000 × (1.0850 − 1.0820) = 150.00 USD; 150.00 ÷ 1.0850 = 138.248… EUR
    expect(before.positions[0]).toMatchObject({
      kind: 'UNSETTLED',
      quantity: '50000.00',
      unrealised: '150.00',
    });
    expect(before.lines[0]).toMatchObject({
      realised: '0.00',
      unrealised: '150.00',
      inBaseCurrency: { realised: '0.00', unrealised: '138.25', total: '138.25' },
    });
    // Friday's end of day delivers it (and rolls the margin lot, finances the CFD for three days).
    await t.services.eod.run('2026-03-06');
    const after = await accountPnl(accounts.deliverable);
    expect(after.positions).toEqual([]);
    expect(after.lines[0]).toMatchObject({
      realised: '150.00',
      unrealised: '0.00',
      inBaseCurrency: { realised: '138.25' },
    });
  });

  it('FX swap: the two undelivered legs against the mark — the points earned', async () => {
    const a = await accountPnl(accounts.swap);
    // Near: +10,000 × (1.0850 − 1.0850) = 0; far: −10,000 × (1.0850 − 1.0860) = +10.00; ÷ 1.0850 = 9.216…
    expect(a.positions).toEqual([
      expect.objectContaining({ kind: 'UNSETTLED', quantity: '0.00', averageRate: '0', unrealised: '10.00' }),
    ]);
    expect(a.lines[0]).toMatchObject({ unrealised: '10.00', inBaseCurrency: { unrealised: '9.22' } });
  });

  it('CFD: unrealised at the price, the financing realised', async () => {
    const a = await accountPnl(accounts.cfd);
    // 2 × 10 × (5010.0 − 5000.0) = +200.00; financing 2 × 10 × 5010.0 × 7.3 % ÷ 365 = 20.04 a
    // day, paid for Thursday (one day) and Friday (three): −20.04 − 60.12 = −80.16
    expect(a.positions[0]).toMatchObject({
      kind: 'POSITION',
      quantity: '2',
      averageRate: '5000',
      mark: '5010',
      unrealised: '200.00',
    });
    expect(a.lines[0]).toEqual({
      currency: 'USD',
      realised: '-80.16',
      unrealised: '200.00',
      total: '119.84',
      inAccountCurrency: { realised: '-80.16', unrealised: '200.00', total: '119.84' },
      // −80.16 ÷ 1.0850 = −73.880…; 200.00 ÷ 1.0850 = 184.331…
      inBaseCurrency: { realised: '-73.88', unrealised: '184.33', total: '110.45' },
    });
  });

  it('conversion sweep: what the rate gave away against the mid, in the base currency', async () => {
    const a = await accountPnl(accounts.sweep);
    // USD → EUR at the bid 1 ÷ 1.0851 = 0.9215740577 (10 decimals, no profile spread) against
    // the mid 1 ÷ 1.0850 = 0.9216589862…: 1,000 × (0.9215740577 − 0.92165898617…) = −0.0849… EUR
    expect(a).toMatchObject({ accountCurrency: 'EUR', positions: [] });
    expect(a.lines).toEqual([
      {
        currency: 'EUR',
        realised: '-0.08',
        unrealised: '0.00',
        total: '-0.08',
        inAccountCurrency: { realised: '-0.08', unrealised: '0.00', total: '-0.08' },
        inBaseCurrency: { realised: '-0.08', unrealised: '0.00', total: '-0.08' },
      },
    ]);
  });

  it('adds up per currency and in the base currency for the entity, and the same toward the broker’s clients', async () => {
    const all = await pnl();
    expect(all.baseCurrency).toBe('EUR');
    const sum = (k: 'realised' | 'unrealised') =>
      all.accounts
        .flatMap((a: { lines: { inBaseCurrency: Record<string, string> }[] }) => a.lines)
        .reduce(
          (s: Money, l: { inBaseCurrency: Record<string, string> }) => s.plus(l.inBaseCurrency[k]!),
          new Money(0),
        )
        .toFixed(2);
    expect(all.total).toEqual({
      realised: sum('realised'),
      unrealised: sum('unrealised'),
      total: new Money(sum('realised')).plus(sum('unrealised')).toFixed(2),
    });
    // USD, every USD account: realised 401.50 + 1.50 (Friday's roll) + 150.00 − 80.16;
    // unrealised 300.00 + 10.00 + 200.00
    expect(all.currencies).toEqual([
      { currency: 'EUR', realised: '-0.08', unrealised: '0.00', total: '-0.08' },
      { currency: 'USD', realised: '472.84', unrealised: '510.00', total: '982.84' },
    ]);
    const broker = (
      await w.staff.post('/api/account/profit-loss-toward-clients', { entityId: w.broker })
    ).json();
    expect(broker.accounts.map((a: { accountId: number }) => a.accountId).sort()).toEqual(
      Object.values(accounts).sort((x, y) => x - y),
    );
    expect(broker.currencies).toEqual(all.currencies);
    expect(broker.baseCurrency).toBe('USD');
  });

  it('shows equity in the summaries: the balances plus the unrealised P&L, in the base currency', async () => {
    const summary = (await w.staff.post('/api/account/summary', { entityId: w.client })).json();
    const all = await pnl();
    expect(summary.equity.baseCurrency).toBe('EUR');
    expect(summary.equity.unrealisedPnl).toBe(all.total.unrealised);
    expect(summary.equity.equity).toBe(
      new Money(summary.equity.balance).plus(summary.equity.unrealisedPnl).toFixed(2),
    );
    const clients = (
      await w.staff.post('/api/account/summary-toward-clients', { entityId: w.broker })
    ).json();
    const broker = (
      await w.staff.post('/api/account/profit-loss-toward-clients', { entityId: w.broker })
    ).json();
    expect(clients.equity.unrealisedPnl).toBe(broker.total.unrealised);
  });

  it('answers one account of another tree with 404, and a caller without account_view with 403', async () => {
    const foreign = await w.staff.post('/api/account/profitLoss', {
      entityId: w.client,
      accountId: w.strangerAccount,
    });
    expect(foreign.statusCode).toBe(404);
    const outsider = await w.staff.post('/api/account/profitLoss', { entityId: w.stranger });
    expect(outsider.statusCode).toBe(404);
  });
});
