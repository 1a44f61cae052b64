import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/** Spec section 7 "Instruments", `entity/instruments`, and their management (instrument_management at the root). */
describe('instruments: the catalogue and what an entity may trade', () => {
  const t = useTestApp();
  let root = 0;
  let broker = 0;
  let client = 0;
  let elsewhere = 0;
  let staff: Agent;
  let brokerStaff: Agent;
  let viewer: Agent;
  const cfdSymbol = () =>
    uniqueName('C')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 12);
  const cfd = (over: object = {}) => ({
    entityId: root,
    kind: 'CFD',
    symbol: cfdSymbol(),
    name: 'US 500 index',
    underlying: 'S&P 500',
    quote: 'USD',
    contractSize: '1',
    pricePrecision: 1,
    financingRateLong: '7.33',
    financingRateShort: '-3.17',
    ...over,
  });

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Platform '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), root)).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    elsewhere = (await createEntity(t, uniqueName('Other broker '), root)).id;
    await t.database.db.execute(
      sql`update entities set trading_enabled = true where id in (${broker}, ${client})`,
    );
    const s = await signedInUser(t, root);
    await grant(t, s.user.id, root, ['instrument_management', 'account_management']);
    staff = s.agent;
    // The broker's staff: every key, but on the broker's subtree only.
    const b = await signedInUser(t, broker);
    await grant(t, b.user.id, broker);
    brokerStaff = b.agent;
    const v = await signedInUser(t, client);
    await grant(t, v.user.id, client, ['account_view'], 'SELF');
    viewer = v.agent;
  });

  it('creates an FX pair with the market’s defaults: symbol, pip, precision and spot lag', async () => {
    const res = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'GBP',
      quote: 'JPY',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'FX',
      symbol: 'GBP/JPY',
      name: 'GBP/JPY',
      base: 'GBP',
      quote: 'JPY',
      pipSize: '0.01',
      pricePrecision: 3,
      spotLag: 2,
      enabled: true,
    });
    const cad = (
      await staff.post('/api/instruments/create', { entityId: root, kind: 'FX', base: 'USD', quote: 'CAD' })
    ).json();
    expect([cad.pipSize, cad.pricePrecision, cad.spotLag]).toEqual(['0.0001', 5, 1]);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'instruments.create' and target = 'GBP/JPY'`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('refuses a pair that exists either way round, a currency without a calendar, and an unknown one', async () => {
    const again = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'GBP',
      quote: 'JPY',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, 'GBP/JPY already exists']);
    const reversed = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'JPY',
      quote: 'GBP',
    });
    expect(reversed.statusCode).toBe(409);
    const crypto = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'BTC',
      quote: 'USD',
    });
    expect([crypto.statusCode, crypto.json().errors]).toEqual([400, { base: 'has no holiday calendar' }]);
    const unknown = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX',
      base: 'ZZZ',
      quote: 'USD',
    });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([400, { base: 'unknown currency' }]);
  });

  it('creates a CFD and an FX option on a pair (one per pair)', async () => {
    const c = await staff.post('/api/instruments/create', cfd());
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({
      kind: 'CFD',
      contractSize: '1',
      financingRateLong: '7.33',
      financingRateShort: '-3.17',
      settlementLag: 0,
    });
    const pair = (
      await staff.post('/api/instruments/create', { entityId: root, kind: 'FX', base: 'EUR', quote: 'USD' })
    ).json();
    const opt = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX_OPTION',
      pairId: pair.id,
      styles: ['EUROPEAN', 'AMERICAN'],
    });
    expect(opt.json()).toMatchObject({
      kind: 'FX_OPTION',
      symbol: 'EUR/USD OPT',
      base: 'EUR',
      quote: 'USD',
      pairId: pair.id,
    });
    const twice = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX_OPTION',
      pairId: pair.id,
      styles: ['EUROPEAN'],
    });
    expect(twice.statusCode).toBe(409);
    const onCfd = await staff.post('/api/instruments/create', {
      entityId: root,
      kind: 'FX_OPTION',
      pairId: c.json().id,
      styles: ['EUROPEAN'],
    });
    expect([onCfd.statusCode, onCfd.json().errors]).toEqual([400, { pairId: 'is not an FX pair' }]);
  });

  it('refuses bad instrument fields with the field named', async () => {
    const cases: [object, string, string][] = [
      [
        { financingRateLong: '250' },
        'financingRateLong',
        'must be between -100 and 100 (a percentage per year)',
      ],
      [{ contractSize: '0' }, 'contractSize', 'must be greater than zero'],
      [{ symbol: 'us 500' }, 'symbol', 'Use capital letters, digits and . _ / - (such as US500 or XAUUSD)'],
      [{ settlementLag: 9 }, 'settlementLag', 'must be between 0 and 5'],
    ];
    for (const [over, field, message] of cases) {
      const res = await staff.post('/api/instruments/create', cfd(over));
      expect([res.statusCode, res.json().errors?.[field]]).toEqual([400, message]);
    }
  });

  it('edits what may change, refuses a field the kind does not have, and audits the change', async () => {
    const c = (await staff.post('/api/instruments/create', cfd())).json();
    const res = await staff.put('/api/instruments/update', {
      entityId: root,
      instrumentId: c.id,
      financingRateShort: '-2.5',
      contractSize: '10',
    });
    expect(res.json()).toMatchObject({
      financingRateShort: '-2.5',
      contractSize: '10',
      financingRateLong: '7.33',
    });
    const wrong = await staff.put('/api/instruments/update', {
      entityId: root,
      instrumentId: c.id,
      spotLag: 1,
    });
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, { spotLag: 'does not apply to a CFD' }]);
    const missing = await staff.put('/api/instruments/update', {
      entityId: root,
      instrumentId: 2_000_000,
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const [audit] = (
      await t.database.db.execute<{ details: { changes: Record<string, { from: string; to: string }> } }>(
        sql`select details from audit_events where action = 'instruments.update' and target = ${c.symbol}`,
      )
    ).rows;
    expect(audit!.details.changes.financingRateShort).toEqual({ from: '-3.170000000000000000', to: '-2.5' });
  });

  it('lists with filters, sorting and paging', async () => {
    const list = async (body: object) =>
      (await viewer.post('/api/instruments/list', { entityId: client, ...body })).json();
    const fx = await list({ kind: 'FX', sort: 'symbol', limit: 500 });
    expect(fx.items.map((i: { symbol: string }) => i.symbol)).toEqual(['EUR/USD', 'GBP/JPY', 'USD/CAD']);
    expect(fx.total).toBe(3);
    const jpy = await list({ currency: 'JPY' });
    expect(jpy.items.map((i: { symbol: string }) => i.symbol)).toEqual(['GBP/JPY']);
    const search = await list({ search: 's&p' });
    expect(search.items.every((i: { underlying?: string }) => i.underlying === 'S&P 500')).toBe(true);
    const all = await list({ limit: 500 });
    const page = await list({ sort: 'symbol', direction: 'desc', limit: 2, offset: 1 });
    const desc = all.items
      .map((i: { symbol: string }) => i.symbol)
      .sort()
      .reverse();
    expect(page.items.map((i: { symbol: string }) => i.symbol)).toEqual(desc.slice(1, 3));
    expect(page.total).toBe(all.total);
    const wild = await list({ search: '%' });
    expect(wild.total).toBe(0);
  });

  it('answers the currencies instruments trade in, with their calendars', async () => {
    const res = await viewer.get(`/api/instruments/currencies?entityId=${client}`);
    expect(res.statusCode).toBe(200);
    const byCode = new Map(res.json().map((c: { code: string }) => [c.code, c]));
    expect(byCode.get('EUR')).toMatchObject({ calendar: 'TARGET (euro payments)', scale: 2 });
    expect(byCode.get('JPY')).toMatchObject({ calendar: 'Tokyo', instruments: 1, scale: 0 });
    expect(byCode.has('BTC')).toBe(false);
  });

  it('lets the broker’s staff, who hold instrument_management only on their subtree, change nothing', async () => {
    const res = await brokerStaff.post('/api/instruments/create', { ...cfd(), entityId: broker });
    expect(res.statusCode).toBe(403);
    const rate = await brokerStaff.put('/api/fx-swap-rates', {
      entityId: broker,
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1M', bid: '1', ask: '2' }],
    });
    expect(rate.statusCode).toBe(403);
  });

  it('disables an instrument: it leaves what entities may trade, and bookings are refused', async () => {
    const c = (await staff.post('/api/instruments/create', cfd())).json();
    const may = async () =>
      (
        (await brokerStaff.post('/api/entity/instruments', { entityId: client })).json().items as {
          id: number;
        }[]
      ).map((i) => i.id);
    expect(await may()).toContain(c.id);
    const off = await staff.put('/api/instruments/status', {
      entityId: root,
      instrumentId: c.id,
      enabled: false,
    });
    expect(off.json()).toMatchObject({ id: c.id, enabled: false });
    expect(await may()).not.toContain(c.id);
    await expect(t.services.instruments.catalog.assertTradable(client, c.id)).rejects.toMatchObject({
      status: 422,
      message: `${c.symbol} is disabled`,
    });
    await staff.put('/api/instruments/status', { entityId: root, instrumentId: c.id, enabled: true });
    await expect(t.services.instruments.catalog.assertTradable(client, c.id)).resolves.toMatchObject({
      id: c.id,
    });
  });

  it('narrows what an entity may trade by its allow-list and every allow-list above it', async () => {
    const all = (
      await staff.post('/api/instruments/list', { entityId: root, enabled: true, limit: 500 })
    ).json().items as {
      id: number;
      symbol: string;
    }[];
    const [eurUsd, gbpJpy, usdCad] = ['EUR/USD', 'GBP/JPY', 'USD/CAD'].map(
      (s) => all.find((i) => i.symbol === s)!,
    );
    // The platform restricts the broker to two pairs; the broker restricts its client to two.
    const set = await staff.put('/api/entity/instruments', {
      entityId: root,
      clientId: broker,
      instrumentIds: [gbpJpy!.id, eurUsd!.id],
    });
    expect(set.json()).toMatchObject({
      restricted: true,
      allowList: [eurUsd!.id, gbpJpy!.id].sort((a, b) => a - b),
    });
    await brokerStaff.put('/api/entity/instruments', {
      entityId: broker,
      clientId: client,
      instrumentIds: [gbpJpy!.id, usdCad!.id],
    });
    const view = (await brokerStaff.post('/api/entity/instruments', { entityId: client })).json();
    expect(view.items.map((i: { symbol: string }) => i.symbol)).toEqual(['GBP/JPY']);
    for (const [refused, list] of [
      [eurUsd!, 'its own list leaves it out'],
      [usdCad!, 'the broker’s list leaves it out'],
    ] as const)
      await expect(
        t.services.instruments.catalog.assertTradable(client, refused.id),
        list,
      ).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining(`${refused.symbol} is not among the instruments`),
      });
    // A list is set from above: the broker cannot lift the one the platform set on it.
    const own = await brokerStaff.put('/api/entity/instruments', {
      entityId: broker,
      clientId: broker,
      instrumentIds: null,
    });
    expect(own.statusCode).toBe(404);
    const lifted = await staff.put('/api/entity/instruments', {
      entityId: root,
      clientId: broker,
      instrumentIds: null,
    });
    expect(lifted.json()).toMatchObject({ entityId: broker, allowList: null, restricted: false });
    const bad = await staff.put('/api/entity/instruments', {
      entityId: root,
      clientId: broker,
      instrumentIds: [2_000_000],
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      { instrumentIds: '2000000 is not an instrument' },
    ]);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'entity.instruments' and target = ${String(client)}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('lets an entity without tradingEnabled trade nothing', async () => {
    const res = (await staff.post('/api/entity/instruments', { entityId: elsewhere })).json();
    expect(res).toMatchObject({ tradingEnabled: false, items: [] });
    const any = (await staff.post('/api/instruments/list', { entityId: root })).json().items[0];
    await expect(t.services.instruments.catalog.assertTradable(elsewhere, any.id)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^Trading is not enabled for /),
    });
  });

  it('answers 404 for another tenant’s entity and 403 without the keys', async () => {
    const foreign = await brokerStaff.post('/api/entity/instruments', { entityId: elsewhere });
    expect(foreign.statusCode).toBe(404);
    const noKey = await viewer.post('/api/instruments/create', cfd({ entityId: client }));
    expect(noKey.statusCode).toBe(403);
  });
});
