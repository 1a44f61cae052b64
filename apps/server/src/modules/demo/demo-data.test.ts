import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { DEMO_ALLOCATION_GROUP, seedDemoAllocations } from './demo-allocations.seed';
import { DEMO_PASSWORD, DEMO_PERSONAS, seedDemoData } from './demo-data.seed';
import { seedDemoInstruments } from './demo-instruments.seed';
import { DEMO_ACCOUNTS, seedDemoMoney } from './demo-money.seed';
import { seedDemoTrades } from './demo-trades.seed';
import { DEMO_FEE_SCHEDULES, seedDemoTransfers } from './demo-transfers.seed';
import { seedDemoWhitelisting } from './demo-whitelist.seed';

describe('demo data', () => {
  const t = useTestApp();
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;

  it('loads the tree and personas once; a second run changes nothing', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    const first = [
      await count('entities'),
      await count('users'),
      await count('roles'),
      await count('permission_scopes'),
      await count('related_entities'),
    ];
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    expect([
      await count('entities'),
      await count('users'),
      await count('roles'),
      await count('permission_scopes'),
      await count('related_entities'),
    ]).toEqual(first);
    expect(first[0]).toBeGreaterThanOrEqual(14);
    expect(first[4]).toBeGreaterThanOrEqual(1);
    expect(first[1]).toBe(DEMO_PERSONAS.length);
  });

  it('gives the client a whitelisted USD payout account past its cool-down, once', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoWhitelisting(t.database.db, t.services.ssi);
    await seedDemoWhitelisting(t.database.db, t.services.ssi);
    const rows = (
      await t.database.db.execute<{ n: number; usable: boolean }>(sql`
        select count(*)::int as n, bool_and(b.usable_from <= now() and b.status = 'ACTIVE') as usable
        from bank_accounts b join entities e on e.id = b.entity_id
        where e.name = 'Northwind Capital' and b.currency = 'USD'`)
    ).rows[0]!;
    expect(rows).toEqual({ n: 1, usable: true });
  });

  it('opens the demo accounts with deposits the history shows, once, with a balanced ledger', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoMoney(t.database.db, t.services.ledger);
    const entries = await count('cash_entries');
    await seedDemoMoney(t.database.db, t.services.ledger);
    expect(await count('cash_entries')).toBe(entries);
    const opening = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from cash_entries c join ledger_transactions l on l.id = c.transaction_id
             where c.reference = 'Opening balance' and l.reference = 'Opening balance' and c.type = 'DEPOSIT'`,
      )
    ).rows[0]!.n;
    expect(opening).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('loads instruments once, a fresh rate sheet, swap points for the majors and holiday calendars', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoInstruments(t.database.db, t.services.instruments);
    const instruments = await count('instruments');
    await seedDemoInstruments(t.database.db, t.services.instruments);
    expect(await count('instruments')).toBe(instruments);
    const m = t.services.instruments;
    const page = await m.catalog.list({ sort: 'symbol', direction: 'asc', limit: 500, offset: 0 });
    const symbols = page.items.map((i) => `${i.kind} ${i.symbol}`);
    expect(symbols).toEqual(
      expect.arrayContaining([
        'FX EUR/USD',
        'FX USD/JPY',
        'FX USD/CAD',
        'FX EUR/GBP',
        'CFD US500',
        'FX_OPTION EUR/USD OPT',
      ]),
    );
    expect(page.items.find((i) => i.symbol === 'USD/CAD')).toMatchObject({ spotLag: 1 });
    const curves = await m.swapPoints.curves();
    expect(curves.map((c) => c.symbol)).toEqual(['EUR/USD', 'GBP/USD', 'USD/CAD', 'USD/CHF', 'USD/JPY']);
    expect(curves.every((c) => c.points.length === 11 && c.spot !== null)).toBe(true);
    expect(await m.rates.quote('BTC', 'USD')).toMatchObject({ mid: '64250' });
    const seeded = await count('holiday_calendar_years');
    expect(seeded).toBeGreaterThanOrEqual(4 * 7);
    // The deliverable client may trade FX pairs only.
    const [harbor] = (
      await t.database.db.execute<{ id: number }>(
        sql`select id from entities where name = 'Harbor Commodities'`,
      )
    ).rows;
    const may = await m.catalog.forEntity(harbor!.id);
    expect(may.items.length).toBeGreaterThan(0);
    expect(may.items.every((i) => i.kind === 'FX')).toBe(true);
  });

  it('books the demo clients’ trades once: positions, a forward, a swap, a sweep and a cancelled trade, for the trader to see with their P&L', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoInstruments(t.database.db, t.services.instruments);
    await seedDemoMoney(t.database.db, t.services.ledger);
    await seedDemoTrades(t.database.db, t.services.trading, t.services.instruments);
    const booked = await count('trades');
    await seedDemoTrades(t.database.db, t.services.trading, t.services.instruments);
    expect(await count('trades')).toBe(booked);
    const kinds = (
      await t.database.db.execute<{ type: string; status: string }>(
        sql`select distinct type::text, status::text from trades order by 1, 2`,
      )
    ).rows.map((r) => `${r.type} ${r.status}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'MARGIN_FX OPEN',
        'MARGIN_FX CLOSED',
        'CFD OPEN',
        'DELIVERABLE_FX PENDING',
        'DELIVERABLE_FX CANCELLED',
        'FX_SWAP PENDING',
        'CONVERSION_SWEEP SETTLED',
      ]),
    );
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
    await t.database.db.execute(sql`update users set two_factor_required = false where username = 'trader'`);
    const trader = new Agent(t.app);
    await trader.post('/api/auth/login', { username: 'trader', password: DEMO_PASSWORD });
    const blotter = (await trader.post('/api/trades/list', { limit: 50 })).json();
    expect(blotter.total).toBe(6);
    // Nothing the journeys' next end of day (a week out) delivers posts to Northwind Margin.
    const margin = blotter.items.filter(
      (i: { accountName: string; status: string }) =>
        i.accountName === 'Northwind Margin' && i.status === 'PENDING',
    );
    expect(margin.length).toBe(2);
    expect(blotter.items.every((i: { entityName: string }) => i.entityName === 'Northwind Capital')).toBe(
      true,
    );
    const pnl = (await trader.post('/api/account/profitLoss', {})).json();
    expect(pnl.accounts.length).toBeGreaterThan(0);
    expect(pnl.missingMarks).toEqual([]);
    expect(pnl.missingRates).toEqual([]);
    // The journeys read Northwind's opening balances: its trades hold funds, they post none.
    const usd = (await trader.post('/api/account/balances', {}))
      .json()
      .find(
        (b: { accountName: string; asset: string }) =>
          b.accountName === 'Northwind Margin' && b.asset === 'USD',
      );
    expect(usd.posted).toBe('2500000.00');
  });

  it('gives Cobalt its allocation group over its two funds and one allocated block trade, once', async () => {
    await seedDemoAllocations(t.database.db, t.services);
    const trades = await count('trades');
    await seedDemoAllocations(t.database.db, t.services);
    expect(await count('trades')).toBe(trades);
    await t.database.db.execute(
      sql`update users set two_factor_required = false where username = 'allocator'`,
    );
    const allocator = new Agent(t.app);
    await allocator.post('/api/auth/login', { username: 'allocator', password: DEMO_PASSWORD });
    const { items } = (await allocator.post('/api/entity/allocations/groups/list', {})).json();
    const group = items.find((g: { name: string }) => g.name === DEMO_ALLOCATION_GROUP);
    expect(
      group.investors.map((i: { entityName: string; weight: string }) => [i.entityName, i.weight]),
    ).toEqual([
      ['Cobalt Fund I', '60'],
      ['Cobalt Fund II', '40'],
    ]);
    expect(group.blocks).toHaveLength(1);
    const [block] = group.blocks;
    expect(block.block).toMatchObject({ accountName: 'Cobalt Master', status: 'ALLOCATED' });
    expect(block.children.map((c: { amount: string; status: string }) => [c.amount, c.status])).toEqual([
      ['180000.01', 'PENDING'],
      ['120000.00', 'PENDING'],
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('gives each persona the view of the tree its role implies', async () => {
    const visible = async (username: string) => {
      await t.database.db.execute(
        sql`update users set two_factor_required = false where username = ${username}`,
      );
      const a = new Agent(t.app);
      await a.post('/api/auth/login', { username, password: DEMO_PASSWORD });
      const names: string[] = [];
      const walk = (nodes: { entityName: string; children: unknown[] }[]) => {
        for (const n of nodes) {
          names.push(n.entityName);
          walk(n.children as typeof nodes);
        }
      };
      walk((await a.get('/api/entity')).json());
      return names;
    };
    expect(await visible('admin')).toContain('Helix Liquidity');
    const maker = await visible('ops.maker');
    expect(maker).toEqual(expect.arrayContaining(['Aurora Markets', 'Northwind Capital', 'Cobalt Fund II']));
    expect(maker).not.toContain('First Meridian Bank');
    expect(await visible('trader')).toEqual(['Northwind Capital']);
  });

  it('gives Meridian Payments its fee schedules and a few transfers once, one of them paid with its fee in the fee revenue account', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoMoney(t.database.db, t.services.ledger);
    await seedDemoTransfers(t.database.db, t.services);
    const schedules = await count('transfer_fee_schedules');
    await seedDemoTransfers(t.database.db, t.services);
    expect(await count('transfer_fee_schedules')).toBe(schedules);
    expect(schedules).toBe(DEMO_FEE_SCHEDULES.length);
    const transfers = (
      await t.database.db.execute<{ status: string; fee: string }>(
        sql`select status::text, payload->'transferFee'->>'fee' as fee from requests
             where payload ? 'transferFee' order by id`,
      )
    ).rows;
    expect(transfers).toEqual([
      { status: 'COMPLETED', fee: '31.25' },
      { status: 'PENDING', fee: '5.00' },
    ]);
    const revenue = (
      await t.database.db.execute<{ posted: string }>(
        sql`select b.posted::text from balances b join accounts a on a.id = b.account_id
             join entities e on e.id = a.entity_id
             where a.platform_role = 'FEE_INCOME' and a.kind = 'CLIENT' and e.name = 'Meridian Payments'`,
      )
    ).rows;
    expect(revenue.map((r) => Number(r.posted).toFixed(2))).toEqual(['31.25']);
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('lets the trader generate and download last month’s statement of their account', async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    await seedDemoMoney(t.database.db, t.services.ledger);
    await t.database.db.execute(sql`update users set two_factor_required = false where username = 'trader'`);
    const trader = new Agent(t.app);
    await trader.post('/api/auth/login', { username: 'trader', password: DEMO_PASSWORD });
    const [account] = (
      await t.database.db.execute<{ id: number; entity_id: number }>(sql`
        select a.id, a.entity_id from accounts a join entities e on e.id = a.entity_id
         where e.name = 'Northwind Capital' and a.name = 'Northwind Settlement'`)
    ).rows;
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 10);
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const asked = await trader.post('/api/statement/generate', {
      entityId: account!.entity_id,
      accountId: account!.id,
      period: 'MONTHLY',
      from,
      to,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.services.statements.build(asked.json().statementId);
    const ref = { entityId: account!.entity_id, statementId: asked.json().statementId };
    expect((await trader.post('/api/statement/status', ref)).json()).toMatchObject({ status: 'READY' });
    const pdf = await trader.post('/api/statement/download', ref);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
