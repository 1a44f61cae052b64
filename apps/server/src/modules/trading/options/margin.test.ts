import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import { actingAs, createEntity, uniqueName } from '../../../test/fixtures';
import { clientAccount, fund } from '../../../test/ledger-fixtures';
import { useTestApp } from '../../../test/test-app';
import { fxTradeDate, plusDays } from '../../instruments/iso-dates';
import { bookVia, buildTradingWorld, type TradingWorld } from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Spec sections 1 and 7, "margin requirements and summaries" (entity/margin-requirements,
 * account/summary): initial margin per position and in total, equity, free margin, margin level
 * and the margin-call flag; a booking that would take a margin client's free margin below zero
 * is refused. Rates here: FX 2 %, CFD 10 %, FX options 5 %; EUR/USD 1.0850, USD/JPY 149.50.
 */
describe('margin requirements', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let us500 = 0;
  const root = () => actingAs(w.root);
  const requirementOf = async (entityId: number) => {
    const res = await w.staff.post('/api/entity/margin-requirements', { entityId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().requirements[0];
  };
  /** A margin client of the broker with a funded MarginTrading account. */
  const marginClient = async (usd: string) => {
    const id = (await createEntity(t, uniqueName('Margin client '), w.broker)).id;
    await t.database.db.execute(
      sql`update entities set attributes = '{Margin}', trading_enabled = true, currency_code = 'USD' where id = ${id}`,
    );
    const account = await clientAccount(t.database.db, id);
    await fund(t.database.db, account, 'USD', usd);
    return { id, account };
  };
  const marginFx = (account: number, pair: string, side: string, amount: string, rate: string) =>
    bookVia(w.staff, 'bookManualFxTrade', {
      accountId: account,
      instrumentId: w.pairs[pair]!,
      side,
      amount,
      rate,
    });

  let expiry = '';
  /** The model's premium for 1 000 000 EUR at the sheet's 1.0850, no carry, 1 % (the desk judges a typed premium by it). */
  const modelPremium = (kind: 'CALL' | 'PUT', strike: number) =>
    new Money(
      garmanKohlhagen({
        kind,
        spot: 1.085,
        strike,
        years: yearsBetween(fxTradeDate(), expiry),
        domesticRate: 0,
        foreignRate: 0,
        volatility: 0.01,
      }).price.toPrecision(15),
    )
      .times(1_000_000)
      .toFixed(2);

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const m = t.services.instruments;
    for (const [instrumentClass, ratePct] of [
      ['FX', '2'],
      ['CFD', '10'],
      ['FX_OPTION', '5'],
    ] as const)
      await m.optionMarket.setMarginRate(root(), { instrumentClass, ratePct });
    // No carry and a 1 % volatility: a call struck at 0.5 has a delta of exactly 1.
    await m.optionMarket.setInterestRate(root(), { currency: 'EUR', ratePct: '0' });
    await m.optionMarket.setInterestRate(root(), { currency: 'USD', ratePct: '0' });
    await m.optionMarket.setVolatilities(root(), {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '1' }],
    });
    // A business day of EUR/USD about a year out: within the longest tenor, after now.
    expiry = plusDays(fxTradeDate(), 364);
    while (
      !(await m.valueDates.validate({ base: 'EUR', quote: 'USD' }, expiry, { field: 'expiryDate' }).then(
        () => true,
        () => false,
      ))
    )
      expiry = plusDays(expiry, 1);
    us500 = (
      await m.catalog.create(root(), {
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
      } as never)
    ).id;
    await m.cfdPrices.load({ instrumentId: us500, price: '5010.0', bid: '5009.5', ask: '5010.5' });
  });

  it('computes the requirement of a mixed portfolio by hand: FX notional × rate, CFD exposure × rate, a short option by its delta-adjusted notional, a long option none', async () => {
    const c = await marginClient('5000000.00');
    for (const res of [
      await marginFx(c.account, 'EUR/USD', 'BUY', '100000.00', '1.0850'),
      await marginFx(c.account, 'USD/JPY', 'SELL', '50000.00', '149.50'),
      await bookVia(w.staff, 'bookManualCfdTrade', {
        accountId: c.account,
        instrumentId: us500,
        side: 'BUY',
        quantity: '2',
        price: '5010.0',
      }),
      ...(await Promise.all(
        (['SELL', 'BUY'] as const).map((side) =>
          bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
            accountId: c.account,
            instrumentId: w.pairs['EUR/USD']!,
            side,
            optionType: side === 'SELL' ? 'CALL' : 'PUT',
            notional: '1000000.00',
            strike: side === 'SELL' ? '0.5000' : '1.0850',
            expiryDate: expiry,
            cut: 'NY',
            premium: modelPremium(side === 'SELL' ? 'CALL' : 'PUT', side === 'SELL' ? 0.5 : 1.085),
            premiumCurrency: 'USD',
          }),
        ),
      )),
    ])
      expect(res.statusCode, res.body).toBe(200);
    const r = await requirementOf(c.id);
    expect(
      r.lines.map(
        (l: {
          instrumentClass: string;
          symbol: string;
          exposure: string;
          ratePct: string;
          requirement: string;
        }) => [l.instrumentClass, l.symbol, l.exposure, l.ratePct, l.requirement],
      ),
    ).toEqual([
      // 100 000 EUR × 1.0850 = 108 500 USD at 2 %
      ['FX', 'EUR/USD', '108500.00', '2', '2170.00'],
      // 50 000 USD at 2 %
      ['FX', 'USD/JPY', '50000.00', '2', '1000.00'],
      // 2 contracts × 10 × 5010.0 = 100 200 USD at 10 %
      ['CFD', 'US500', '100200.00', '10', '10020.00'],
      // delta 1 × 1 000 000 EUR × 1.0850 = 1 085 000 USD at 5 %
      ['FX_OPTION', 'EUR/USD', '1085000.00', '5', '54250.00'],
    ]);
    expect(r.initialMargin).toBe('67440.00');
    const summary = (await w.staff.post('/api/account/summary', { entityId: c.id })).json();
    expect(r.equity).toBe(summary.equity.equity);
    expect(r.freeMargin).toBe((Number(r.equity) - 67440).toFixed(2));
    expect(r.marginLevelPct).toBe(((Number(r.equity) / 67440) * 100).toFixed(2));
    expect(summary.margin).toEqual({
      initialMargin: '67440.00',
      freeMargin: r.freeMargin,
      marginLevelPct: r.marginLevelPct,
      marginCall: false,
    });
  });

  it('refuses a booking that would take a margin client’s free margin below zero, saying by how much, and writes nothing', async () => {
    const c = await marginClient('10000.00');
    const count = async () =>
      (
        await t.database.db.execute<{ n: string }>(sql`
          select (select count(*) from trades) + (select count(*) from ledger_transactions)
               + (select count(*) from idempotency_keys) + (select count(*) from audit_events) as n`)
      ).rows[0]!.n;
    const before = await count();
    // 1 000 000 EUR × 1.0850 × 2 % = 21 700 USD against an equity of 10 000 USD.
    const res = await marginFx(c.account, 'EUR/USD', 'BUY', '1000000.00', '1.0850');
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      'Insufficient margin: this booking would take free margin 11700.00 USD below zero (initial margin 21700.00, equity 10000.00 USD)',
    ]);
    expect(await count()).toBe(before);
    expect((await marginFx(c.account, 'EUR/USD', 'BUY', '100000.00', '1.0850')).statusCode).toBe(200);
  });

  it('turns the margin-call flag on when the rate moves against the client, and shows brokers their clients nearest a call first', async () => {
    const c = await marginClient('10000.00');
    expect((await marginFx(c.account, 'EUR/USD', 'BUY', '400000.00', '1.0850')).statusCode).toBe(200);
    const calm = await requirementOf(c.id);
    // 400 000 × 1.0850 × 2 % = 8680; equity 10 000.
    expect([calm.initialMargin, calm.equity, calm.marginCall]).toEqual(['8680.00', '10000.00', false]);
    await t.services.instruments.rates.load({
      base: 'EUR',
      quote: 'USD',
      rate: '1.0800',
      bid: '1.0799',
      ask: '1.0801',
    });
    try {
      const called = await requirementOf(c.id);
      // 400 000 × (1.0800 − 1.0850) = −2000 → equity 8000; 400 000 × 1.0800 × 2 % = 8640.
      expect([
        called.initialMargin,
        called.equity,
        called.freeMargin,
        called.marginLevelPct,
        called.marginCall,
      ]).toEqual(['8640.00', '8000.00', '-640.00', '92.59', true]);
      const toward = await w.staff.post('/api/entity/margin-requirements', {
        entityId: w.broker,
        towardClients: true,
      });
      expect(toward.statusCode, toward.body).toBe(200);
      const list = toward.json().requirements as { entityId: number; marginLevelPct: string | null }[];
      expect(list[0]!.entityId).toBe(c.id);
      const levels = list.map((x) =>
        x.marginLevelPct === null ? Number.POSITIVE_INFINITY : Number(x.marginLevelPct),
      );
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
    } finally {
      await t.services.instruments.rates.load({
        base: 'EUR',
        quote: 'USD',
        rate: '1.0850',
        bid: '1.0849',
        ask: '1.0851',
      });
    }
  });

  it('applies an entity’s override to it and everything below it', async () => {
    const c = await marginClient('1000000.00');
    await marginFx(c.account, 'EUR/USD', 'BUY', '100000.00', '1.0850');
    await t.services.instruments.optionMarket.setMarginRate(root(), {
      instrumentClass: 'FX',
      forEntityId: w.broker,
      ratePct: '5',
    });
    expect((await requirementOf(c.id)).initialMargin).toBe('5425.00');
    await t.services.instruments.optionMarket.setMarginRate(root(), {
      instrumentClass: 'FX',
      forEntityId: w.broker,
    });
    expect((await requirementOf(c.id)).initialMargin).toBe('2170.00');
  });

  it('answers 404 for an entity outside the caller’s tree', async () => {
    const res = await w.staff.post('/api/entity/margin-requirements', { entityId: w.stranger });
    expect(res.statusCode).toBe(404);
  });

  // Last: its client sits near a call and would head the broker's list above.
  it('lets concurrent bookings of one margin client take free margin to zero and no further: each commits only against the state its check read', async () => {
    // Equity 10 000 USD; each 100 000 EUR/USD needs 2 170 USD: four fit, the fifth would not.
    const c = await marginClient('10000.00');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => marginFx(c.account, 'EUR/USD', 'BUY', '100000.00', '1.0850')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 422, 422, 422, 422]);
    const r = await requirementOf(c.id);
    expect(r.initialMargin).toBe('8680.00');
    expect(Number(r.freeMargin)).toBeGreaterThanOrEqual(0);
  });
});
