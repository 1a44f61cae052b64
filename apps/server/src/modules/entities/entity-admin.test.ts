import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

/** Issue 26: an entity's accounts, moving, deactivating and the section 3 filters. */
describe('entity administration', () => {
  const t = useTestApp();
  const ids = {} as Record<'root' | 'broker' | 'deskA' | 'deskB' | 'client' | 'other', number>;
  let admin: Agent;
  let deskAStaff: Agent;
  let deskBStaff: Agent;

  const update = (entityId: number, body: Record<string, unknown>) =>
    admin.put('/api/entity/update', { entityId, entityName: `E${entityId}`, ...body });

  beforeAll(async () => {
    ids.root = (await createEntity(t, uniqueName('Platform '))).id;
    ids.broker = (await createEntity(t, uniqueName('Broker '), ids.root)).id;
    ids.deskA = (await createEntity(t, uniqueName('Desk A '), ids.broker)).id;
    ids.deskB = (await createEntity(t, uniqueName('Desk B '), ids.broker)).id;
    ids.client = (await createEntity(t, uniqueName('Client '), ids.deskA)).id;
    ids.other = (await createEntity(t, uniqueName('Other '), ids.root)).id;
    const a = await signedInUser(t, ids.broker);
    await grant(t, a.user.id, ids.broker, ['account_management', 'account_view']);
    admin = a.agent;
    const sa = await signedInUser(t, ids.deskA);
    await grant(t, sa.user.id, ids.deskA, ['account_config_view']);
    deskAStaff = sa.agent;
    const sb = await signedInUser(t, ids.deskB);
    await grant(t, sb.user.id, ids.deskB, ['account_config_view']);
    deskBStaff = sb.agent;
  });

  it('lists an entity’s accounts, open and closed, on entity/accounts', async () => {
    const open = await clientAccount(t.database.db, ids.client, 'Trading USD');
    const closed = await clientAccount(t.database.db, ids.client, 'Old GBP');
    await t.database.db.execute(sql`update accounts set active = false where id = ${closed}`);
    const res = await admin.post('/api/entity/accounts', { entityId: ids.client });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { id: number; active: boolean }) => [a.id, a.active])).toEqual([
      [closed, false],
      [open, true],
    ]);
    expect((await deskBStaff.post('/api/entity/accounts', { entityId: ids.client })).statusCode).toBe(404);
  });

  it('moves an entity with its subtree and changes who may see it on the very next call; a cycle is refused', async () => {
    const leaf = (await createEntity(t, uniqueName('Leaf '), ids.client)).id;
    expect((await deskAStaff.post('/api/entity/view', { entityId: leaf })).statusCode).toBe(200);
    expect((await deskBStaff.post('/api/entity/view', { entityId: leaf })).statusCode).toBe(404);
    const inForest = async (a: Agent) =>
      JSON.stringify((await a.get('/api/entity')).json()).includes(`"entityId":${leaf},`);
    expect([await inForest(deskAStaff), await inForest(deskBStaff)]).toEqual([true, false]);

    const moved = await update(ids.client, { parentId: ids.deskB });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parentId).toBe(ids.deskB);
    // The very next calls: desk A's staff lost the subtree, desk B's staff gained it.
    expect((await deskAStaff.post('/api/entity/view', { entityId: leaf })).statusCode).toBe(404);
    expect((await deskBStaff.post('/api/entity/view', { entityId: leaf })).statusCode).toBe(200);
    // The forests too (each instance's kept rows are read again after any change to the tree).
    expect([await inForest(deskAStaff), await inForest(deskBStaff)]).toEqual([false, true]);
    const path = await t.database.db.execute<{ path: string }>(
      sql`select path from entities where id = ${leaf}`,
    );
    expect(path.rows[0]!.path).toBe(`/${ids.root}/${ids.broker}/${ids.deskB}/${ids.client}/${leaf}/`);

    const cycle = await update(ids.client, { parentId: leaf });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual({ parentId: 'cannot be the entity or one of its descendants' });
    expect((await admin.post('/api/entity/view', { entityId: ids.client })).json().parentId).toBe(ids.deskB);
    await update(ids.client, { parentId: ids.deskA });
  });

  it('refuses to deactivate an entity while it holds funds, naming the accounts, and deactivates it once they are empty', async () => {
    const e = (await createEntity(t, uniqueName('Funded '), ids.broker)).id;
    const usd = await clientAccount(t.database.db, e, 'Trading USD');
    const eur = await clientAccount(t.database.db, e, 'Settlement EUR');
    await fund(t.database.db, usd, 'USD', '1500.00');
    await fund(t.database.db, eur, 'EUR', '20.5');
    const refused = await update(e, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This entity cannot be deactivated while it holds funds in account Settlement EUR (${eur}): 20.5 EUR; funds in account Trading USD (${usd}): 1500 USD`,
    );
    expect((await admin.post('/api/entity/view', { entityId: e })).json().active).toBe(true);

    const empty = (await createEntity(t, uniqueName('Empty '), ids.broker)).id;
    await clientAccount(t.database.db, empty, 'Unused');
    const done = await update(empty, { active: false });
    expect(done.statusCode).toBe(200);
    expect(done.json().active).toBe(false);
  });

  it('filters the entities below one by every section 3 filter and a text search', async () => {
    const parent = (await createEntity(t, uniqueName('Filters '), ids.broker)).id;
    const make = (body: Record<string, unknown>) =>
      admin
        .post('/api/entity/create', { entityId: parent, parentId: parent, ...body })
        .then((r) => r.json().entityId);
    const margin = await make({
      entityName: 'Margin One',
      attributes: ['Margin'],
      currencyCode: 'USD',
      tradingEnabled: true,
      conversionProfileId: 1,
      rollProfileId: 1,
      addresses: [{ addressType: 'Billing', line1: '1 Way', city: 'Oslo', countryCode: 'NO' }],
      nameMappings: [{ source: 'LEI Registry', name: 'LEI-5493001KJTIIGC8Y1R12' }],
    });
    const bank = await make({ entityName: 'Bank Two', attributes: ['Bank'], currencyCode: 'EUR' });
    const inactive = await make({ entityName: 'Gone Three', attributes: ['Margin'], active: false });
    const list = async (filters: Record<string, unknown>) =>
      (await admin.post(`/api/entity/${parent}/list`, filters))
        .json()
        .items.map((i: { entityId: number }) => i.entityId);

    expect(await list({})).toEqual([bank, inactive, margin]);
    expect(await list({ status: 'Active' })).toEqual([bank, margin]);
    expect(await list({ status: 'Inactive' })).toEqual([inactive]);
    expect(await list({ attributes: ['Margin'], status: 'Active' })).toEqual([margin]);
    expect(await list({ baseCurrencies: ['EUR'] })).toEqual([bank]);
    expect(await list({ tradingEnabled: 'Enabled' })).toEqual([margin]);
    expect(await list({ tradingEnabled: 'Disabled' })).toEqual([bank, inactive]);
    expect(await list({ conversionProfiles: [1] })).toEqual([margin]);
    expect(await list({ rollProfiles: [1] })).toEqual([margin]);
    expect(await list({ addressTypes: ['Billing'] })).toEqual([margin]);
    expect(await list({ nameSources: ['LEI Registry'] })).toEqual([margin]);
    expect(await list({ search: 'LEI-5493' })).toEqual([margin]);
    expect(await list({ search: 'bank' })).toEqual([bank]);
    expect(await list({ search: String(inactive) })).toEqual([inactive]);
    const item = (await admin.post(`/api/entity/${parent}/list`, { search: 'Margin One' })).json().items[0];
    expect(item).toMatchObject({
      parentName: expect.stringMatching(/^Filters /),
      currencyCode: 'USD',
      tradingEnabled: true,
    });
  });

  it('keeps conversion and roll profiles: created, edited and disabled (never deleted) by holders of their key at the platform root', async () => {
    const r = await signedInUser(t, ids.root);
    await grant(t, r.user.id, ids.root, [
      'conversion_profile_management',
      'roll_profile_management',
      'account_config_view',
    ]);
    const name = uniqueName('Tight spread ');
    const created = await r.agent.post('/api/entity/conversionProfiles/create', {
      entityId: ids.root,
      name,
      description: 'Mid plus 5 bp',
    });
    expect(created.json()).toMatchObject({ name, description: 'Mid plus 5 bp', active: true });
    const id = created.json().id;
    const twice = await r.agent.post('/api/entity/conversionProfiles/create', { entityId: ids.root, name });
    expect(twice.statusCode).toBe(409);
    const disabled = await r.agent.put('/api/entity/conversionProfiles/update', {
      entityId: ids.root,
      id,
      active: false,
    });
    expect(disabled.json()).toMatchObject({ id, active: false });
    const listed = (await r.agent.get(`/api/entity/conversionProfiles?entityId=${ids.root}`)).json();
    expect(listed.find((p: { id: number }) => p.id === id)).toMatchObject({ active: false });
    const roll = await r.agent.post('/api/entity/rollProfiles/create', {
      entityId: ids.root,
      name: uniqueName('Monthly '),
    });
    expect(roll.json().active).toBe(true);
    // A key held below the root acts on that subtree only: profiles are every tenant's.
    const below = await signedInUser(t, ids.broker);
    await grant(t, below.user.id, ids.broker, ['conversion_profile_management']);
    const refused = await below.agent.post('/api/entity/conversionProfiles/create', {
      entityId: ids.broker,
      name: uniqueName('Broker spread '),
    });
    expect(refused.statusCode).toBe(403);
  });
});
