import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { DEMO_PASSWORD, DEMO_PERSONAS, seedDemoData } from './demo-data.seed';
import { DEMO_ACCOUNTS, seedDemoMoney } from './demo-money.seed';
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
});
