import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import { actingAs, createEntity, uniqueName } from '../../../test/fixtures';
import { fund } from '../../../test/ledger-fixtures';
import { useTestApp } from '../../../test/test-app';
import { fxTradeDate, plusDays } from '../../instruments/iso-dates';
import { claimMargin, marginVersionOf } from '../margin-claim';
import type { Who } from '../trade-context';
import { bookVia, buildTradingWorld, expectLedgerSound, type TradingWorld } from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Issue 37, item 5 — margin for everything that takes risk: a CFD position and a sold option
 * count in the requirement like margin FX, for every entity (not only margin clients), and a
 * position nothing marks is valued at its dealt price, never at zero. Rates here: FX 2 %,
 * CFD 10 %, FX options 5 %; US500 10 per contract at 5010.0; EUR/USD 1.0850.
 */
describe('margin for CFDs and sold options', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let us500 = 0;
  const root = () => actingAs(w.root);
  /** A client of the broker with one funded account: a margin client, or not. */
  const client = async (usd: string, opts: { margin?: boolean; type?: string } = {}) => {
    const id = (await createEntity(t, uniqueName('Client '), w.broker)).id;
    const attributes = opts.margin ? '{Margin}' : '{}';
    await t.database.db.execute(
      sql`update entities set attributes = ${attributes}::text[], trading_enabled = true, currency_code = 'USD' where id = ${id}`,
    );
    const account = (
      await t.database.db.execute<{ id: number }>(
        sql`insert into accounts (entity_id, account_type, name) values (${id}, ${opts.type ?? 'MarginTrading'}, 'Trading') returning id`,
      )
    ).rows[0]!.id;
    await fund(t.database.db, account, 'USD', usd);
    return { id, account };
  };
  const cfd = (account: number, side: string, quantity: string, price = '5010.0', instrumentId = us500) =>
    bookVia(w.staff, 'bookManualCfdTrade', { accountId: account, instrumentId, side, quantity, price });
  const newCfd = async (symbol: string, price?: string) => {
    const id = (
      await t.services.instruments.catalog.create(root(), {
        kind: 'CFD',
        symbol,
        name: `${symbol} index`,
        underlying: symbol,
        quote: 'USD',
        contractSize: symbol === 'NOPRICE' ? '1' : '10',
        pricePrecision: 1,
        financingRateLong: '0',
        financingRateShort: '0',
        settlementLag: 0,
      } as never)
    ).id;
    if (price)
      await t.services.instruments.cfdPrices.load({ instrumentId: id, price, bid: price, ask: price });
    return id;
  };
  const requirementOf = async (entityId: number) => {
    const res = await w.staff.post('/api/entity/margin-requirements', { entityId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().requirements[0];
  };
  /** Trades, ledger transactions, keys and audit rows: what a booking writes. */
  const written = async () =>
    (
      await t.database.db.execute<{ n: string }>(sql`
        select (select count(*) from trades) + (select count(*) from ledger_transactions)
             + (select count(*) from idempotency_keys) + (select count(*) from audit_events) as n`)
    ).rows[0]!.n;
  const shortfall = (free: string, initial: string, equity: string) =>
    `Insufficient margin: this booking would take free margin ${free} USD below zero (initial margin ${initial}, equity ${equity} USD)`;

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const m = t.services.instruments;
    for (const [instrumentClass, ratePct] of [
      ['FX', '2'],
      ['CFD', '10'],
      ['FX_OPTION', '5'],
    ] as const)
      await m.optionMarket.setMarginRate(root(), { instrumentClass, ratePct });
    await m.optionMarket.setInterestRate(root(), { currency: 'EUR', ratePct: '0' });
    await m.optionMarket.setInterestRate(root(), { currency: 'USD', ratePct: '0' });
    await m.optionMarket.setVolatilities(root(), {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '10' }],
    });
    us500 = await newCfd('US500', '5010.0');
  });

  it('refuses a CFD booking beyond free margin with 422 naming the shortfall, writes nothing, and books what fits', async () => {
    const c = await client('50000.00', { margin: true });
    const before = await written();
    // 380 × 10 × 5010.0 = 19 038 000 USD at 10 % = 1 903 800 USD against an equity of 50 000 USD.
    const res = await cfd(c.account, 'BUY', '380');
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      shortfall('1853800.00', '1903800.00', '50000.00'),
    ]);
    expect(await written()).toBe(before);
    // 9 contracts need 45 090; a tenth would need 50 100.
    expect((await cfd(c.account, 'BUY', '9')).statusCode).toBe(200);
    const tenth = await cfd(c.account, 'BUY', '1');
    expect([tenth.statusCode, tenth.json().message]).toEqual([
      422,
      shortfall('100.00', '50100.00', '50000.00'),
    ]);
    const r = await requirementOf(c.id);
    expect([r.initialMargin, r.equity, r.freeMargin]).toEqual(['45090.00', '50000.00', '4910.00']);
  });

  it('holds an entity that is not a margin client to it too: 19 M USD of CFD on 50 000 USD of collateral is refused', async () => {
    const c = await client('50000.00');
    const res = await cfd(c.account, 'SELL', '380');
    expect([res.statusCode, res.json().message]).toEqual([
      422,
      shortfall('1853800.00', '1903800.00', '50000.00'),
    ]);
    expect((await cfd(c.account, 'SELL', '9')).statusCode).toBe(200);
    expect((await requirementOf(c.id)).initialMargin).toBe('45090.00');
  });

  it('values a CFD no price marks at the price it is dealt at, never at zero', async () => {
    const noPrice = await newCfd('NOPRICE');
    const c = await client('10000.00');
    const who = { principal: { kind: 'system' }, entityId: w.broker } as unknown as Who;
    const change = (quantity: string) => ({
      kind: 'CFD' as const,
      accountId: c.account,
      instrumentId: noPrice,
      signedAmount: quantity,
      price: '1000.0',
    });
    // 101 × 1 × 1000.0 = 101 000 USD at 10 % = 10 100 USD against 10 000.
    await expect(t.services.trading.margin.check(who, c.id, change('101'))).rejects.toMatchObject({
      status: 422,
      message: shortfall('100.00', '10100.00', '10000.00'),
    });
    await expect(t.services.trading.margin.check(who, c.id, change('100'))).resolves.toMatchObject({
      entityId: c.id,
    });
    // Through the API it is refused all the same (the desk has no price to judge it against either).
    expect((await cfd(c.account, 'BUY', '101', '1000.0', noPrice)).statusCode).toBe(422);
  });

  it('lets 8 concurrent CFD bookings take free margin to zero and no further: exactly as many as the margin allows', async () => {
    // Each 2 contracts need 2 × 10 × 5010.0 × 10 % = 10 020 USD: four fit 40 080 exactly.
    const c = await client('40080.00');
    const results = await Promise.all(Array.from({ length: 8 }, () => cfd(c.account, 'BUY', '2')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses, results.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().message).toMatch(
        /^Insufficient margin: this booking would take free margin 10020\.00 USD/,
      );
    const booked = await t.database.db.execute<{ n: number; quantity: string }>(
      sql`select count(*)::int as n, sum(open_amount)::text as quantity from trades where account_id = ${c.account}`,
    );
    expect([booked.rows[0]!.n, new Money(booked.rows[0]!.quantity).toString()]).toEqual([4, '8']);
    const r = await requirementOf(c.id);
    expect([r.initialMargin, r.equity, r.freeMargin]).toEqual(['40080.00', '40080.00', '0.00']);
    await expectLedgerSound(t);
  });

  it('refuses a sold option beyond free margin with 422, also for a client that holds no positions', async () => {
    const c = await client('10000.00', { type: 'Custody' });
    let expiry = plusDays(fxTradeDate(), 182);
    // A business day of the pair's calendars about six months out.
    const pair = { base: 'EUR', quote: 'USD' };
    while (
      !(await t.services.instruments.valueDates.validate(pair, expiry, { field: 'expiryDate' }).then(
        () => true,
        () => false,
      ))
    )
      expiry = plusDays(expiry, 1);
    const option = (notional: string) => {
      // The model's premium (the desk's tolerance judges a staff premium against it).
      const perUnit = garmanKohlhagen({
        kind: 'CALL',
        spot: 1.085,
        strike: 1.085,
        years: yearsBetween(fxTradeDate(), expiry),
        domesticRate: 0,
        foreignRate: 0,
        volatility: 0.1,
      }).price;
      return bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
        accountId: c.account,
        instrumentId: w.pairs['EUR/USD']!,
        side: 'SELL',
        optionType: 'CALL',
        notional,
        strike: '1.0850',
        expiryDate: expiry,
        cut: 'NY',
        premium: new Money(perUnit).times(notional).toFixed(2),
        premiumCurrency: 'USD',
      });
    };
    const before = await written();
    // An at-the-money call's delta ≈ 0.51: 1 000 000 EUR needs ≈ 27 700 USD at 5 % against 10 000.
    const res = await option('1000000.00');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(
      /^Insufficient margin: this booking would take free margin \d+\.\d\d USD below zero/,
    );
    expect(await written()).toBe(before);
    const small = await option('100000.00');
    expect(small.statusCode, small.body).toBe(200);
    const r = await requirementOf(c.id);
    expect(r.lines.map((l: { instrumentClass: string }) => l.instrumentClass)).toEqual(['FX_OPTION']);
    expect(Number(r.freeMargin)).toBeGreaterThanOrEqual(0);
  });

  it('never refuses a booking that leaves free margin no lower, so a client in a margin call can close out', async () => {
    const sx5 = await newCfd('SX5', '5010.0');
    const c = await client('10020.00', { margin: true });
    expect((await cfd(c.account, 'BUY', '2', '5010.0', sx5)).statusCode).toBe(200);
    // The market falls to 4500.0: equity 10 020 − 2 × 10 × 510 = −180, requirement 9 000.
    await t.services.instruments.cfdPrices.load({ instrumentId: sx5, price: '4500.0' });
    const more = await cfd(c.account, 'BUY', '1', '4500.0', sx5);
    expect([more.statusCode, more.json().message]).toEqual([
      422,
      shortfall('13680.00', '13500.00', '-180.00'),
    ]);
    const half = await cfd(c.account, 'SELL', '1', '4500.0', sx5);
    expect(half.statusCode, half.body).toBe(200);
    const r = await requirementOf(c.id);
    expect([r.initialMargin, r.equity, r.freeMargin, r.marginCall]).toEqual([
      '4500.00',
      '-180.00',
      '-4680.00',
      true,
    ]);
  });

  it('lets one transaction claim an owner’s margin version again (a block’s children), but not a stale version another committed', async () => {
    const c = await client('1000.00');
    const version = await marginVersionOf(t.database.db, c.id);
    await t.database.db.transaction(async (tx) => {
      expect(await claimMargin(tx, { entityId: c.id, version })).toBe(true);
      expect(await claimMargin(tx, { entityId: c.id, version })).toBe(true);
    });
    await t.database.db.transaction(async (tx) => {
      expect(await claimMargin(tx, { entityId: c.id, version })).toBe(false);
    });
    expect(await marginVersionOf(t.database.db, c.id)).toBe(version + 2);
  });
});
