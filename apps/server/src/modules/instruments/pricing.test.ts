import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * The rate sheet (bid, mid, ask with history), FX swap points and forwards, against figures
 * worked out by hand. EUR/USD traded on Thursday 5 March 2026 has spot on Monday 9 March.
 */
describe('the rate sheet, swap points and forwards', () => {
  const t = useTestApp();
  let root = 0;
  let staff: Agent;
  let trader: Agent;

  const POINTS = [
    { tenor: 'ON', bid: '0.42', ask: '0.48' },
    { tenor: 'TN', bid: '0.41', ask: '0.47' },
    { tenor: 'SN', bid: '0.43', ask: '0.49' },
    { tenor: '1W', bid: '2.95', ask: '3.15' },
    { tenor: '1M', bid: '12.80', ask: '13.30' },
    { tenor: '2M', bid: '25.10', ask: '25.90' },
    { tenor: '3M', bid: '37.40', ask: '38.40' },
  ];

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Platform '))).id;
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const s = await signedInUser(t, root);
    await grant(t, s.user.id, root, ['instrument_management']);
    staff = s.agent;
    const tr = await signedInUser(t, desk);
    await grant(t, tr.user.id, desk, ['manual_trade_booking'], 'SELF');
    trader = tr.agent;
    for (const [base, quote] of [
      ['EUR', 'USD'],
      ['GBP', 'USD'],
    ])
      expect(
        (await staff.post('/api/instruments/create', { entityId: root, kind: 'FX', base, quote })).statusCode,
      ).toBe(200);
    const rate = await staff.put('/api/instruments/rates', {
      entityId: root,
      base: 'EUR',
      quote: 'USD',
      rate: '1.0842',
      bid: '1.0841',
      ask: '1.0843',
    });
    expect(rate.json()).toMatchObject({ rate: '1.0842', bid: '1.0841', ask: '1.0843' });
    const pts = await staff.put('/api/fx-swap-rates', {
      entityId: root,
      base: 'EUR',
      quote: 'USD',
      points: POINTS,
    });
    expect(pts.statusCode, pts.body).toBe(200);
  });

  describe('the rate sheet', () => {
    it('keeps a pair’s spread when staff set the mid alone, and the history keeps bid and ask', async () => {
      const set = await staff.put('/api/instruments/rates', {
        entityId: root,
        base: 'EUR',
        quote: 'USD',
        rate: '1.0900',
      });
      // With the pair's price decimals from the catalogue, which the screen reads it at.
      expect(set.json()).toMatchObject({ rate: '1.09', bid: '1.0899', ask: '1.0901', pricePrecision: 5 });
      const [before, after] = await Promise.all([
        t.services.instruments.rates.sheetAt(new Date(Date.parse(set.json().asOf) - 1)),
        t.services.instruments.rates.sheetAt(new Date(set.json().asOf)),
      ]);
      const eurUsd = (s: { base: string; quote: string }[]) =>
        s.find((r) => r.base === 'EUR' && r.quote === 'USD');
      expect(eurUsd(before)).toMatchObject({ rate: '1.0842', bid: '1.0841', ask: '1.0843' });
      expect(eurUsd(after)).toMatchObject({ rate: '1.09', bid: '1.0899', ask: '1.0901' });
      // Back to the figures the rest of this file prices with.
      await staff.put('/api/instruments/rates', {
        entityId: root,
        base: 'EUR',
        quote: 'USD',
        rate: '1.0842',
        bid: '1.0841',
        ask: '1.0843',
      });
    });

    it('gives each rate its FX pair’s price decimals from the catalogue, or none for a pair that is no instrument', async () => {
      await staff.put('/api/instruments/rates', { entityId: root, base: 'BTC', quote: 'USD', rate: '64250' });
      const sheet = (await staff.post('/api/instruments/rates', { entityId: root })).json() as {
        base: string;
        quote: string;
        pricePrecision: number | null;
      }[];
      const precisionOf = (base: string, quote: string) =>
        sheet.find((r) => r.base === base && r.quote === quote)?.pricePrecision;
      expect([precisionOf('EUR', 'USD'), precisionOf('BTC', 'USD')]).toEqual([5, null]);
    });

    it('starts a new pair without a spread', async () => {
      const set = await staff.put('/api/instruments/rates', {
        entityId: root,
        base: 'GBP',
        quote: 'USD',
        rate: '1.2715',
      });
      expect(set.json()).toMatchObject({ rate: '1.2715', bid: '1.2715', ask: '1.2715' });
    });

    it.each([
      [{ rate: '1.08', bid: '1.081', ask: '1.09' }, 'bid', 'must not be above the mid rate'],
      [{ rate: '1.08', bid: '1.07', ask: '1.079' }, 'ask', 'must not be below the mid rate'],
      [{ rate: '1.08', bid: '1.07' }, 'ask', 'Give the bid and the ask together, or neither'],
      [{ rate: '1.08', bid: '0', ask: '1.09' }, 'bid', 'must be greater than zero'],
    ])('refuses %j (%s: %s)', async (body, field, message) => {
      const res = await staff.put('/api/instruments/rates', {
        entityId: root,
        base: 'EUR',
        quote: 'USD',
        ...body,
      });
      expect([res.statusCode, res.json().errors?.[field]]).toEqual([400, message]);
    });

    it('quotes a pair straight, inverted (bid and ask swap) and crossed through USD', async () => {
      const r = t.services.instruments.rates;
      await r.load({ base: 'USD', quote: 'JPY', rate: '150', bid: '149.5', ask: '150.5' });
      expect(await r.quote('EUR', 'USD')).toMatchObject({
        bid: '1.0841',
        ask: '1.0843',
        mid: '1.0842',
        via: 'direct',
      });
      // 1 / 150.5, 1 / 149.5 and 1 / 150.
      const inv = await r.quote('JPY', 'USD');
      expect(inv.via).toBe('inverse');
      expect(inv.mid.slice(0, 14)).toBe('0.006666666666');
      expect(inv.bid.slice(0, 12)).toBe('0.0066445182');
      expect(inv.ask.slice(0, 12)).toBe('0.0066889632');
      // EUR/JPY = EUR/USD × USD/JPY: 1.0841 × 149.5, 1.0843 × 150.5, 1.0842 × 150.
      expect(await r.quote('EUR', 'JPY')).toMatchObject({
        bid: '162.07295',
        ask: '163.18715',
        mid: '162.63',
        via: 'cross',
      });
      await expect(r.quote('EUR', 'SEK')).rejects.toMatchObject({
        status: 422,
        message: 'The rate sheet has no rate for EUR/SEK',
      });
    });
  });

  describe('swap points', () => {
    const curveOf = async (tradeDate: string) => {
      const res = await trader.post('/api/fx-swap-rates', { base: 'EUR', quote: 'USD', tradeDate });
      expect(res.statusCode, res.body).toBe(200);
      return res.json()[0];
    };

    it('serves each tenor with its dates, points and outright', async () => {
      const c = await curveOf('2026-03-05');
      expect(c).toMatchObject({
        symbol: 'EUR/USD',
        pipSize: '0.0001',
        // The pair's price decimals (its default: one more than the pip's), for the screen.
        pricePrecision: 5,
        tradeDate: '2026-03-05',
        spotDate: '2026-03-09',
      });
      expect(c.spot).toMatchObject({ bid: '1.0841', mid: '1.0842', ask: '1.0843' });
      const rows = c.points.map((p: Record<string, unknown>) => [
        p.tenor,
        p.startDate,
        p.valueDate,
        p.daysFromSpot,
        p.mid,
        p.outright,
      ]);
      expect(rows).toEqual([
        ['ON', '2026-03-05', '2026-03-06', -3, '0.45', '1.084156'],
        ['TN', '2026-03-06', '2026-03-09', 0, '0.44', '1.0842'],
        ['SN', '2026-03-09', '2026-03-10', 1, '0.46', '1.084246'],
        ['1W', '2026-03-09', '2026-03-16', 7, '3.05', '1.084505'],
        ['1M', '2026-03-09', '2026-04-09', 31, '13.05', '1.085505'],
        // 9 May is a Saturday: modified following stays in May (Monday the 11th).
        ['2M', '2026-03-09', '2026-05-11', 63, '25.5', '1.08675'],
        ['3M', '2026-03-09', '2026-06-09', 92, '37.9', '1.08799'],
      ]);
    });

    it('runs month-end to month-end from a spot on its month’s last business day', async () => {
      // Traded Wednesday 25 February 2026: spot Friday 27 February, February's last business day.
      const c = await curveOf('2026-02-25');
      expect(c.spotDate).toBe('2026-02-27');
      const dates = Object.fromEntries(
        c.points.map((p: { tenor: string; valueDate: string }) => [p.tenor, p.valueDate]),
      );
      expect([dates['1M'], dates['2M'], dates['3M']]).toEqual(['2026-03-31', '2026-04-30', '2026-05-29']);
    });

    it('rolls a month tenor back into its month when the next business day is in the next one', async () => {
      // Traded Thursday 26 March 2026: spot Monday 30 March; +2M is Saturday 30 May.
      const c = await curveOf('2026-03-26');
      expect(c.points.find((p: { tenor: string }) => p.tenor === '2M').valueDate).toBe('2026-05-29');
    });

    it('refuses bid above ask, a tenor twice, and a pair that is no instrument', async () => {
      const put = (body: object) =>
        staff.put('/api/fx-swap-rates', { entityId: root, base: 'EUR', quote: 'USD', ...body });
      const above = await put({ points: [{ tenor: '1M', bid: '13', ask: '12' }] });
      expect([above.statusCode, above.json().errors]).toEqual([
        400,
        { 'points.0.ask': 'must not be below the bid' },
      ]);
      const twice = await put({
        points: [
          { tenor: '1M', bid: '1', ask: '2' },
          { tenor: '1M', bid: '1', ask: '2' },
        ],
      });
      expect([twice.statusCode, twice.json().errors]).toEqual([400, { points: 'Give each tenor once' }]);
      const none = await staff.put('/api/fx-swap-rates', {
        entityId: root,
        base: 'EUR',
        quote: 'SEK',
        points: [{ tenor: '1M', bid: '1', ask: '2' }],
      });
      expect(none.statusCode).toBe(404);
      const audit = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events where action = 'swap-points.set' and target = 'EUR/USD'`,
      );
      expect(audit.rows[0]!.n).toBe(1);
    });
  });

  describe('forwards for any value date (linear in days between tenors)', () => {
    const forward = (valueDate: string, tradeDate = '2026-03-05') =>
      trader.post('/api/instruments/fx/forwardRate', { base: 'EUR', quote: 'USD', valueDate, tradeDate });

    it.each([
      // Between 1W (16 Mar, 2.95/3.15) and 1M (9 Apr, 12.80/13.30): 7 of 24 days on.
      [
        '2026-03-23',
        { bid: '5.8229', ask: '6.1104', mid: '5.96665' },
        { bid: '1.08468229', ask: '1.08491104', mid: '1.084796665' },
      ],
      // Exactly on the 1M date: the tenor's points.
      [
        '2026-04-09',
        { bid: '12.8', ask: '13.3', mid: '13.05' },
        { bid: '1.08538', ask: '1.08563', mid: '1.085505' },
      ],
      // Spot itself: no points.
      ['2026-03-09', { bid: '0', ask: '0', mid: '0' }, { bid: '1.0841', ask: '1.0843', mid: '1.0842' }],
      // Tomorrow: minus TN, bid and ask crossed.
      [
        '2026-03-06',
        { bid: '-0.47', ask: '-0.41', mid: '-0.44' },
        { bid: '1.084053', ask: '1.084259', mid: '1.084156' },
      ],
      // Today: minus ON and TN.
      [
        '2026-03-05',
        { bid: '-0.95', ask: '-0.83', mid: '-0.89' },
        { bid: '1.084005', ask: '1.084217', mid: '1.084111' },
      ],
    ])('prices %s', async (valueDate, points, outright) => {
      const res = await forward(valueDate);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ spotDate: '2026-03-09', valueDate, points, outright });
    });

    it.each([
      [
        '2026-04-03',
        422,
        'valueDate: 2026-04-03 is not a business day for EUR/USD: Good Friday (EUR); the next one is 2026-04-07',
      ],
      ['2026-03-04', 422, 'valueDate: 2026-03-04 is before the trade date 2026-03-05'],
      ['2026-07-01', 422, '2026-07-01 is past the longest tenor of the curve (3M, 2026-06-09)'],
    ])('refuses %s', async (valueDate, status, message) => {
      const res = await forward(valueDate);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    });

    it('refuses a pair without points, and one without an instrument', async () => {
      const gbp = await trader.post('/api/instruments/fx/forwardRate', {
        base: 'GBP',
        quote: 'USD',
        valueDate: '2026-04-09',
        tradeDate: '2026-03-05',
      });
      expect([gbp.statusCode, gbp.json().message]).toEqual([422, 'GBP/USD has no swap points']);
      const sek = await trader.post('/api/instruments/fx/forwardRate', {
        base: 'EUR',
        quote: 'SEK',
        valueDate: '2026-04-09',
      });
      expect(sek.statusCode).toBe(404);
    });
  });
});
