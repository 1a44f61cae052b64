import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, idOf, signInAs } from '../modules/authorization/rights-test-kit';
import { seedDemoData } from '../modules/demo/demo-data.seed';
import type { Agent } from '../test/agent';
import { uniqueName } from '../test/fixtures';
import { useTestApp } from '../test/test-app';

/**
 * Issue 19, item 2, on the demo tree: rows marked `scope: 'platform'` act on what every
 * tenant shares, so their keys count only at the platform root.
 */
describe('platform-wide rows need their keys at the platform root', () => {
  const t = useTestApp();
  let allocator: Agent;
  let admin: Agent;
  let cobalt = 0;
  const maintenanceOn = async () =>
    (
      await t.database.db.execute<{ m: boolean }>(
        sql`select maintenance as m from server_settings where id = 1`,
      )
    ).rows[0]?.m ?? false;

  beforeAll(async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    allocator = await signInAs(t, 'allocator');
    admin = await signInAs(t, 'admin');
    cobalt = await idOf(t, 'entities', 'Cobalt Asset Management');
  });

  it('refuses maintenance to allocator, who holds system_management only on Cobalt Asset Management', async () => {
    expectRefused(await allocator.post('/api/server/maintenance', { maintenance: true }));
    expect(await maintenanceOn()).toBe(false);
  });

  it('refuses changing a platform-wide VASP to a holder of the key below the root', async () => {
    const vasp = (
      await admin.post('/api/vasps/create', { name: uniqueName('Vault '), jurisdiction: 'CH' })
    ).json();
    expectRefused(
      await allocator.put('/api/vasps/update', {
        entityId: cobalt,
        vaspId: vasp.id,
        name: 'Taken over',
        jurisdiction: 'CH',
      }),
    );
    expectRefused(
      await allocator.call({
        method: 'DELETE',
        url: '/api/vasps/delete',
        payload: { entityId: cobalt, vaspId: vasp.id },
      }),
    );
    const [row] = (
      await t.database.db.execute<{ name: string }>(sql`select name from vasps where id = ${vasp.id}`)
    ).rows;
    expect(row?.name).toBe(vasp.name);
  });

  it('lets the platform administrator switch maintenance, and keeps a tenant’s system_management out while it is on', async () => {
    expect((await admin.post('/api/server/maintenance', { maintenance: true })).statusCode).toBe(200);
    try {
      const res = await allocator.post('/api/account/balances', { entityId: cobalt });
      expect(res.statusCode).toBe(503);
      expect((await admin.get('/api/entity')).statusCode).toBe(200);
    } finally {
      expect((await admin.post('/api/server/maintenance', { maintenance: false })).statusCode).toBe(200);
    }
  });
});
