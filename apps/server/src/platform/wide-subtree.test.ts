import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../test/fixtures';
import { clientAccount, fund } from '../test/ledger-fixtures';
import { useTestApp } from '../test/test-app';

/** More entities than PostgreSQL takes bind parameters in one statement (65,535). */
const WIDE = 70_000;

describe('lists over a subtree wider than one statement’s parameters', () => {
  const t = useTestApp();
  let root = 0;
  let leaf = 0;
  let staff: Agent;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Wide root '))).id;
    await t.database.db.execute(
      sql`insert into entities (name, parent_id) select 'Leaf ' || g, ${root} from generate_series(1, ${WIDE}) g`,
    );
    const [last] = (await t.database.db.execute<{ id: number }>(sql`select max(id)::int as id from entities`))
      .rows;
    leaf = last!.id;
    await fund(t.database.db, await clientAccount(t.database.db, leaf), 'USD', '250');
    const s = await signedInUser(t, root);
    await grant(t, s.user.id, root);
    staff = s.agent;
  }, 120_000);

  it('answers every entity-wide list of a root with 70,000 entities below it', async () => {
    const calls: [string, object][] = [
      ['/api/cashentry/list', { entityId: root }],
      ['/api/account/list', { entityId: root, allAccessible: true }],
      ['/api/account/scol/children', { entityId: root }],
      ['/api/account/balances', { entityId: root, allAccessible: true }],
      ['/api/account/base-currency', { entityId: root, allAccessible: true }],
      ['/api/account/balances-toward-clients', { entityId: root }],
      ['/api/account/summary-toward-clients', { entityId: root }],
      ['/api/requests/list', { entityId: root }],
      ['/api/wallet/search', { entityId: root, query: '' }],
      ['/api/whitelist/workflows', { entityId: root }],
    ];
    for (const [path, body] of calls) {
      const res = await staff.post(path, body);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
    }
    const balances = (
      await staff.post('/api/account/balances', { entityId: root, allAccessible: true })
    ).json();
    expect(balances).toEqual([expect.objectContaining({ entityId: leaf, asset: 'USD', posted: '250.00' })]);
  });

  it('sums each direct child’s subtree in one pass, children without funds included', async () => {
    const res = await staff.get(`/api/cashentry/${root}/children/summary`);
    expect(res.statusCode).toBe(200);
    const children = res.json() as { entityId: number; assets: { asset: string; posted: string }[] }[];
    expect(children).toHaveLength(WIDE);
    expect(children.find((c) => c.entityId === leaf)!.assets).toEqual([
      expect.objectContaining({ asset: 'USD', posted: '250.00' }),
    ]);
    expect(children.filter((c) => c.assets.length > 0)).toHaveLength(1);
  });
});
