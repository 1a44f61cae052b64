import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('entities', () => {
  const t = useTestApp();
  const ids = {} as Record<'root' | 'broker' | 'desk' | 'client' | 'other', number>;
  let broker: Agent;
  let staff: Agent;
  let staffId = '';

  beforeAll(async () => {
    ids.root = (await createEntity(t, uniqueName('Platform '))).id;
    ids.broker = (await createEntity(t, uniqueName('Broker '), ids.root)).id;
    ids.desk = (await createEntity(t, uniqueName('Desk '), ids.broker)).id;
    ids.client = (await createEntity(t, uniqueName('Client '), ids.desk)).id;
    ids.other = (await createEntity(t, uniqueName('Other broker '), ids.root)).id;
    const b = await signedInUser(t, ids.broker);
    await grant(t, b.user.id, ids.broker, ['account_management', 'account_view']);
    broker = b.agent;
    const s = await signedInUser(t, ids.broker);
    staffId = s.user.id;
    staff = s.agent;
  });

  it('shows the visible forest with permissions and child permissions per entity', async () => {
    const res = await broker.get('/api/entity');
    expect(res.statusCode).toBe(200);
    const forest = res.json();
    expect(forest).toHaveLength(1);
    const [top] = forest;
    expect(top).toMatchObject({ entityId: ids.broker, permissions: ['account_management', 'account_view'] });
    expect(top.children[0]).toMatchObject({
      entityId: ids.desk,
      parentId: ids.broker,
      parentName: top.entityName,
    });
    expect(top.children[0].children[0].entityId).toBe(ids.client);
    expect(JSON.stringify(forest)).not.toContain(String(`"entityId":${ids.other}`));
  });

  it('applies a new grant on the very next request, and its removal too', async () => {
    const before = await staff.post('/api/entity/view', { entityId: ids.desk });
    expect(before.statusCode).toBe(404);
    await grant(t, staffId, ids.desk, ['account_config_view'], 'SELF');
    expect((await staff.post('/api/entity/view', { entityId: ids.desk })).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from direct_permissions where principal_id = ${staffId}`);
    expect((await staff.post('/api/entity/view', { entityId: ids.desk })).statusCode).toBe(404);
  });

  it('creates an entity with every section 3 field and audits it', async () => {
    const res = await broker.post('/api/entity/create', {
      parentId: ids.desk,
      entityName: 'Northwind Capital',
      attributes: ['Margin', 'Customer'],
      addresses: [
        {
          addressType: 'Registered',
          line1: '1 Bank St',
          city: 'London',
          postalCode: 'E14 5AB',
          countryCode: 'GB',
        },
      ],
      nameMappings: [{ source: 'TradingPlatform', name: 'NWC-01' }],
      currencyCode: 'USD',
      tradingEnabled: true,
      conversionProfileId: 1,
      rollProfileId: 1,
    });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({
      entityName: 'Northwind Capital',
      parentId: ids.desk,
      attributes: ['Margin', 'Customer'],
      currencyCode: 'USD',
      tradingEnabled: true,
      active: true,
      agentId: null,
      addresses: [{ addressType: 'Registered', countryCode: 'GB', city: 'London' }],
      nameMappings: [{ source: 'TradingPlatform', name: 'NWC-01' }],
      permissions: ['account_management', 'account_view'],
    });
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'entity.create' and target = ${String(e.entityId)}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('rejects bad input with field messages and writes nothing', async () => {
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from entities`)).rows[0]!.n;
    const before = await count();
    const res = await broker.post('/api/entity/create', {
      parentId: ids.desk,
      entityName: '',
      attributes: ['Pirate'],
      currencyCode: 'usd',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['entityName', 'attributes.0', 'currencyCode']),
    );
    const unknownCurrency = await broker.post('/api/entity/create', {
      parentId: ids.desk,
      entityName: 'X',
      currencyCode: 'XYZ',
    });
    expect(unknownCurrency.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('moves an entity with its subtree and refuses a move below itself', async () => {
    const res = await broker.call({
      method: 'PUT',
      url: '/api/entity/update',
      payload: { entityId: ids.client, entityName: 'Client moved', parentId: ids.broker },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().parentId).toBe(ids.broker);
    const cycle = await broker.call({
      method: 'PUT',
      url: '/api/entity/update',
      payload: { entityId: ids.desk, entityName: 'Desk', parentId: ids.desk },
    });
    expect(cycle.statusCode).toBe(400);
    const elsewhere = await broker.call({
      method: 'PUT',
      url: '/api/entity/update',
      payload: { entityId: ids.client, entityName: 'C', parentId: ids.other },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a move to a parent where the caller may see but not manage accounts (403), moving nothing', async () => {
    const leaf = (await createEntity(t, uniqueName('Leaf '), ids.desk)).id;
    const d = await signedInUser(t, ids.broker);
    await grant(t, d.user.id, ids.desk, ['account_management', 'account_view']);
    await grant(t, d.user.id, ids.broker, ['account_view'], 'SELF');
    const res = await d.agent.call({
      method: 'PUT',
      url: '/api/entity/update',
      payload: { entityId: leaf, entityName: 'Leaf moved', parentId: ids.broker },
    });
    expect(res.statusCode).toBe(403);
    const after = (await broker.post('/api/entity/view', { entityId: leaf })).json();
    expect(after).toMatchObject({ parentId: ids.desk });
    expect(after.entityName).not.toBe('Leaf moved');
  });

  it('pages the entities below one entity', async () => {
    const res = await broker.post(`/api/entity/${ids.broker}/list`, { limit: 1, offset: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().total).toBeGreaterThanOrEqual(2);
  });

  it('lists related entities in both directions, only where visible', async () => {
    await t.database.db.execute(
      sql`insert into related_entities values (${ids.desk}, ${ids.client}, 'Client'), (${ids.desk}, ${ids.other}, 'Agent')`,
    );
    const down = (await broker.post('/api/entity/related-entities', { entityId: ids.desk })).json();
    expect(down).toEqual([expect.objectContaining({ entityId: ids.client, relationshipType: 'Client' })]);
    const up = (await broker.post('/api/entity/related-entities-upstream', { entityId: ids.client })).json();
    expect(up).toEqual([expect.objectContaining({ entityId: ids.desk })]);
  });

  it('serves the reference lists', async () => {
    expect((await broker.get('/api/entity/attributes')).json()).toHaveLength(15);
    expect((await broker.get('/api/entity/countries')).json().length).toBeGreaterThan(240);
    const currencies = (await broker.get('/api/entity/baseCurrencies')).json();
    expect(currencies.map((c: { code: string }) => c.code)).toContain('USD');
    expect(currencies.map((c: { code: string }) => c.code)).not.toContain('BTC');
    expect((await broker.get('/api/entity/conversionProfile?id=999')).statusCode).toBe(404);
    const parents = (await broker.get('/api/entity/parentEntities')).json();
    expect(parents.map((p: { entityId: number }) => p.entityId)).toContain(ids.desk);
  });
});
