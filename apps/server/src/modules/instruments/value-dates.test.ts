import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { fxTradeDate } from './iso-dates';

/**
 * Spot value dates against known cases, worked out by hand from the published calendars
 * (TARGET closing days, the Federal Reserve's holidays, London, Toronto and Tokyo bank
 * holidays) and the market convention: T+2 counted on the non-USD currencies' calendars,
 * then the first day good for both currencies and USD; T+1 for USD/CAD.
 */
const KNOWN_SPOTS: [case_: string, pair: string, tradeDate: string, spot: string][] = [
  ['EUR/USD on a Thursday settles on Monday, over the weekend', 'EUR/USD', '2026-03-05', '2026-03-09'],
  ['EUR/USD on a Friday settles on Tuesday', 'EUR/USD', '2026-03-06', '2026-03-10'],
  ['EUR/USD over Good Friday and Easter Monday (TARGET closed)', 'EUR/USD', '2026-04-01', '2026-04-07'],
  ['EUR/USD the day before Good Friday', 'EUR/USD', '2026-04-02', '2026-04-08'],
  ['EUR/USD whose T+2 is Thanksgiving (a US holiday) rolls to Friday', 'EUR/USD', '2026-11-24', '2026-11-27'],
  ['EUR/USD with Martin Luther King Day (US) at T+1: it still counts', 'EUR/USD', '2026-01-16', '2026-01-20'],
  [
    'EUR/USD whose T+2 is 3 July 2026: the Fed is open before a Saturday 4 July',
    'EUR/USD',
    '2026-07-01',
    '2026-07-03',
  ],
  ['EUR/USD over Labour Day (TARGET closed on 1 May)', 'EUR/USD', '2026-04-29', '2026-05-04'],
  ['USD/CAD settles T+1', 'USD/CAD', '2026-03-05', '2026-03-06'],
  ['USD/CAD on a Friday settles on Monday', 'USD/CAD', '2026-03-06', '2026-03-09'],
  ['USD/CAD over Canada Day', 'USD/CAD', '2026-06-30', '2026-07-02'],
  ['USD/CAD whose T+1 is Martin Luther King Day rolls to Tuesday', 'USD/CAD', '2026-01-16', '2026-01-20'],
  ['EUR/GBP (a cross) with a USD holiday in between: not delayed', 'EUR/GBP', '2026-01-16', '2026-01-20'],
  [
    'EUR/GBP (a cross) whose spot is a USD holiday rolls to a day good for USD',
    'EUR/GBP',
    '2026-01-15',
    '2026-01-20',
  ],
  ['EUR/JPY over Labour Day and Golden Week', 'EUR/JPY', '2026-04-30', '2026-05-08'],
  ['USD/JPY with Memorial Day (US) at T+1', 'USD/JPY', '2026-05-22', '2026-05-26'],
  ['EUR/USD at year end, over New Year’s Day', 'EUR/USD', '2025-12-31', '2026-01-05'],
  [
    'EUR/USD before Christmas, over Christmas and 26 December (TARGET)',
    'EUR/USD',
    '2025-12-23',
    '2025-12-29',
  ],
  [
    'GBP/USD before Christmas, over Christmas and the Boxing Day substitute',
    'GBP/USD',
    '2026-12-23',
    '2026-12-29',
  ],
  [
    'USD/JPY at year end, over the Tokyo bank holidays into the new year',
    'USD/JPY',
    '2026-12-30',
    '2027-01-05',
  ],
];

describe('spot value dates (T+2 on the joint calendar, USD rule between, T+1 pairs)', () => {
  const t = useTestApp();
  let trader: Agent;
  let staff: Agent;
  let root = 0;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const s = await signedInUser(t, desk);
    await grant(t, s.user.id, desk, ['manual_trade_booking'], 'SELF');
    trader = s.agent;
    const k = await signedInUser(t, root);
    await grant(t, k.user.id, root, ['instrument_management']);
    staff = k.agent;
  });

  const spot = async (pair: string, tradeDate?: string) => {
    const [base, quote] = pair.split('/');
    const res = await trader.post('/api/instruments/fx/spotValueDate', { base, quote, tradeDate });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it.each(KNOWN_SPOTS)('%s', async (_case, pair, tradeDate, expected) => {
    expect((await spot(pair, tradeDate)).valueDate).toBe(expected);
  });

  it('says which calendars it used, the lag, and the holidays on the way', async () => {
    expect(await spot('EUR/USD', '2026-04-01')).toEqual({
      base: 'EUR',
      quote: 'USD',
      tradeDate: '2026-04-01',
      spotLag: 2,
      valueDate: '2026-04-07',
      calendars: ['EUR', 'USD'],
      skipped: [
        { date: '2026-04-03', calendar: 'EUR', name: 'Good Friday' },
        { date: '2026-04-06', calendar: 'EUR', name: 'Easter Monday' },
      ],
    });
  });

  it('counts from today’s FX trade date when none is given', async () => {
    expect((await spot('EUR/USD')).tradeDate).toBe(fxTradeDate());
  });

  it('uses the spot lag of the pair’s instrument where one is set up', async () => {
    const res = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'USD',
      quote: 'TRY',
      spotLag: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await spot('USD/TRY', '2026-03-05')).valueDate).toBe('2026-03-05');
    // Without an instrument the market's lag applies: USD/PHP is a T+1 pair.
    expect((await spot('USD/PHP', '2026-03-05')).spotLag).toBe(1);
  });

  it('follows staff amendments of a calendar: a removed holiday is a business day again, an added one is not', async () => {
    const removed = await staff.call({
      method: 'DELETE',
      url: '/api/instruments/holidays/delete',
      payload: { entityId: root, calendar: 'EUR', date: '2026-04-06' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ calendar: 'EUR', date: '2026-04-06', active: false });
    // Easter Monday no longer closes TARGET: Wednesday's trade settles on Monday 6 April.
    expect((await spot('EUR/USD', '2026-04-01')).valueDate).toBe('2026-04-06');
    const added = await staff.post('/api/instruments/holidays/create', {
      entityId: root,
      calendar: 'USD',
      date: '2026-03-10',
      name: 'Unscheduled closure',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await spot('EUR/USD', '2026-03-06')).valueDate).toBe('2026-03-11');
  });

  it('refuses a pair of one currency, an unknown currency, and one without a calendar', async () => {
    const same = await trader.post('/api/instruments/fx/spotValueDate', { base: 'EUR', quote: 'EUR' });
    expect([same.statusCode, same.json().errors]).toEqual([400, { quote: 'must differ from the base' }]);
    const crypto = await trader.post('/api/instruments/fx/spotValueDate', { base: 'BTC', quote: 'USD' });
    expect([crypto.statusCode, crypto.json().errors]).toEqual([400, { currency: 'has no holiday calendar' }]);
  });
});

describe('the value-date check bookings run', () => {
  const t = useTestApp();

  it('accepts a business day of both currencies and USD', async () => {
    await expect(
      t.services.instruments.valueDates.validate({ base: 'EUR', quote: 'USD' }, '2026-04-07'),
    ).resolves.toBeUndefined();
  });

  it.each([
    [
      'EUR/USD',
      '2026-04-03',
      '2026-04-03 is not a business day for EUR/USD: Good Friday (EUR); the next one is 2026-04-07',
    ],
    [
      'EUR/USD',
      '2026-11-26',
      '2026-11-26 is not a business day for EUR/USD: Thanksgiving Day (USD); the next one is 2026-11-27',
    ],
    [
      'EUR/USD',
      '2026-03-07',
      '2026-03-07 is not a business day for EUR/USD: a Saturday; the next one is 2026-03-09',
    ],
    // A cross settles in USD too: a US holiday is no value date for EUR/GBP.
    [
      'EUR/GBP',
      '2026-01-19',
      '2026-01-19 is not a business day for EUR/GBP/USD: Martin Luther King Jr. Day (USD); the next one is 2026-01-20',
    ],
  ])('refuses %s for %s, naming the next business day', async (pair, date, message) => {
    const [base, quote] = pair.split('/') as [string, string];
    const err = await t.services.instruments.valueDates.validate({ base, quote }, date).catch((e) => e);
    expect(err).toMatchObject({
      status: 422,
      message: `valueDate: ${message}`,
      fieldErrors: { valueDate: message },
    });
  });

  it('refuses a value date before the trade date', async () => {
    const err = await t.services.instruments.valueDates
      .validate({ base: 'EUR', quote: 'USD' }, '2026-03-09', { notBefore: '2026-03-10' })
      .catch((e) => e);
    expect(err).toMatchObject({
      status: 422,
      fieldErrors: { valueDate: '2026-03-09 is before the trade date 2026-03-10' },
    });
  });

  it('gives a CFD its own rule: cash-settled on the trade date, or the next business day of its quote currency', async () => {
    const root = (await createEntity(t, uniqueName('Root '))).id;
    const cfd = await t.services.instruments.catalog.create(actingAs(root), {
      kind: 'CFD',
      symbol: uniqueName('X').toUpperCase().slice(0, 12),
      name: 'Index',
      underlying: 'An index',
      quote: 'USD',
      contractSize: '1',
      pricePrecision: 1,
      financingRateLong: '5',
      financingRateShort: '-2',
      settlementLag: 0,
    });
    const on = (d: string) => t.services.instruments.valueDates.cfd(cfd, d);
    expect((await on('2026-11-25')).valueDate).toBe('2026-11-25');
    expect(await on('2026-11-26')).toMatchObject({
      valueDate: '2026-11-27',
      skipped: [{ date: '2026-11-26', calendar: 'USD', name: 'Thanksgiving Day' }],
    });
  });
});
