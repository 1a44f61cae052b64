import { ADDRESS_TYPES, NAME_SOURCES } from '@clearway/contracts/endpoints/entity.schemas';
import { ENTITY_ATTRIBUTES } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Issue 26 item 2: the address types, name sources and attributes are reference rows staff
 * keep (account_management at the platform root), and the entity forms offer the active ones.
 */
describe('the entity reference lists staff keep', () => {
  const t = useTestApp();
  let root = 0;
  let broker = 0;
  let keeper: Agent;
  let brokerAdmin: Agent;

  const audited = async (action: string, target: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events where action = ${action} and target = ${target}`,
      )
    ).rows[0]!.n;
  const offered = async (list: string) =>
    (
      (await keeper.get(`/api/entity/${list}?entityId=${root}`)).json() as { code: string; name: string }[]
    ).map((r) => r.code);

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Platform '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), root)).id;
    const k = await signedInUser(t, root);
    await grant(t, k.user.id, root, ['account_management']);
    keeper = k.agent;
    const b = await signedInUser(t, broker);
    await grant(t, b.user.id, broker, ['account_management']);
    brokerAdmin = b.agent;
  });

  it('serves section 7’s lists from the seeded rows, with exactly the values the contract fixed', async () => {
    expect((await offered('addressTypes')).sort()).toEqual([...ADDRESS_TYPES].sort());
    expect((await offered('nameSources')).sort()).toEqual([...NAME_SOURCES].sort());
    expect((await offered('attributes')).sort()).toEqual([...ENTITY_ATTRIBUTES].sort());
    const all = (await keeper.get(`/api/entity/attributes/all?entityId=${root}`)).json();
    expect(all.find((r: { code: string }) => r.code === 'Agent')).toMatchObject({
      label: 'Agent',
      active: true,
      required: true,
    });
    expect(all.find((r: { code: string }) => r.code === 'Customer')).toMatchObject({ required: false });
  });

  it('creates an address type, audited, and offers it to new entities', async () => {
    const created = await keeper.post('/api/entity/addressTypes/create', {
      entityId: root,
      code: 'Operating',
      label: 'Operating address',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ code: 'Operating', label: 'Operating address', active: true });
    expect(await offered('addressTypes')).toContain('Operating');
    expect(await audited('entity.addressTypes.create', 'Operating')).toBe(1);
    const entity = await keeper.post('/api/entity/create', {
      parentId: broker,
      entityName: uniqueName('Desk '),
      addresses: [{ addressType: 'Operating', line1: '1 Quay', city: 'Dublin', countryCode: 'IE' }],
    });
    expect(entity.statusCode).toBe(200);
    expect(entity.json().addresses[0].addressType).toBe('Operating');
  });

  it('refuses a code that exists already with 409, and changes nothing', async () => {
    const twice = await keeper.post('/api/entity/nameSources/create', {
      entityId: root,
      code: 'Bank',
      label: 'Another bank',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ status: 409, message: 'The name source Bank exists already' });
    const all = (await keeper.get(`/api/entity/nameSources/all?entityId=${root}`)).json();
    expect(all.find((r: { code: string }) => r.code === 'Bank').label).toBe('Bank');
  });

  it('relabels a name source (its code stays), audited with the row before', async () => {
    const res = await keeper.put('/api/entity/nameSources/update', {
      entityId: root,
      code: 'LEI Registry',
      label: 'GLEIF registry',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'LEI Registry', label: 'GLEIF registry', active: true });
    const listed = (await keeper.get(`/api/entity/nameSources?entityId=${root}`)).json();
    expect(listed).toContainEqual({ code: 'LEI Registry', name: 'GLEIF registry' });
    expect(await audited('entity.nameSources.update', 'LEI Registry')).toBe(1);
  });

  it('disables an address type: no longer offered nor accepted on a new entity (400 naming the field), still valid where it is', async () => {
    const holder = await keeper.post('/api/entity/create', {
      parentId: broker,
      entityName: uniqueName('Holder '),
      addresses: [{ addressType: 'Billing', line1: '1 Way', city: 'Oslo', countryCode: 'NO' }],
    });
    expect(holder.statusCode).toBe(200);
    const disabled = await keeper.put('/api/entity/addressTypes/update', {
      entityId: root,
      code: 'Billing',
      active: false,
    });
    expect(disabled.json()).toMatchObject({ code: 'Billing', active: false });
    expect(await offered('addressTypes')).not.toContain('Billing');
    const all = (await keeper.get(`/api/entity/addressTypes/all?entityId=${root}`)).json();
    expect(all.find((r: { code: string }) => r.code === 'Billing')).toMatchObject({ active: false });

    const refused = await keeper.post('/api/entity/create', {
      parentId: broker,
      entityName: uniqueName('Refused '),
      addresses: [{ addressType: 'Billing', line1: '2 Way', city: 'Oslo', countryCode: 'NO' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status: 400,
      message: 'Unknown or disabled address type: Billing',
      errors: { 'addresses.0.addressType': 'is not an active address type' },
    });
    // The entity that has it keeps it through an edit; it may not take a new disabled one.
    const kept = await keeper.put('/api/entity/update', {
      entityId: holder.json().entityId,
      entityName: 'Holder renamed',
      addresses: [{ addressType: 'Billing', line1: '1 Way', city: 'Oslo', countryCode: 'NO' }],
    });
    expect(kept.statusCode).toBe(200);
    const unknownSource = await keeper.put('/api/entity/update', {
      entityId: holder.json().entityId,
      entityName: 'Holder renamed',
      nameMappings: [{ source: 'Nowhere', name: 'X' }],
    });
    expect(unknownSource.statusCode).toBe(400);
    expect(unknownSource.json().errors).toEqual({ 'nameMappings.0.source': 'is not an active name source' });

    const enabled = await keeper.put('/api/entity/addressTypes/update', {
      entityId: root,
      code: 'Billing',
      active: true,
    });
    expect(enabled.json().active).toBe(true);
    expect(await offered('addressTypes')).toContain('Billing');
  });

  it('refuses to disable an attribute the system behaves by (409 saying why), but relabels it', async () => {
    const refused = await keeper.put('/api/entity/attributes/update', {
      entityId: root,
      code: 'Margin',
      active: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "The attribute Margin cannot be disabled: the platform's entity types and menus depend on it; it may be relabelled",
    );
    expect(await offered('attributes')).toContain('Margin');
    const relabelled = await keeper.put('/api/entity/attributes/update', {
      entityId: root,
      code: 'Margin',
      label: 'Margin client',
    });
    expect(relabelled.json()).toMatchObject({
      code: 'Margin',
      label: 'Margin client',
      active: true,
      required: true,
    });
  });

  it('disables an ordinary attribute; a new entity carrying it is refused naming the field', async () => {
    await keeper.post('/api/entity/attributes/create', {
      entityId: root,
      code: 'Family Office',
      label: 'Family office',
    });
    const off = await keeper.put('/api/entity/attributes/update', {
      entityId: root,
      code: 'Family Office',
      active: false,
    });
    expect(off.statusCode).toBe(200);
    const refused = await keeper.post('/api/entity/create', {
      parentId: broker,
      entityName: uniqueName('Office '),
      attributes: ['Customer', 'Family Office'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'attributes.1': 'is not an active attribute' });
  });

  it('names an unknown code beside the other wrong fields of the same refused body', async () => {
    const res = await keeper.post('/api/entity/create', {
      parentId: broker,
      entityName: '',
      nameMappings: [{ source: 'Gossip', name: 'X' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ 'nameMappings.0.source': 'is not an active name source' });
    expect(Object.keys(res.json().errors)).toContain('entityName');
  });

  it('answers bad input with 400 naming the field, and an unknown code with 404', async () => {
    const bad = await keeper.post('/api/entity/attributes/create', {
      entityId: root,
      code: '',
      label: 'Blank',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('code');
    const odd = await keeper.post('/api/entity/addressTypes/create', {
      entityId: root,
      code: 'A;drop',
      label: 'X',
    });
    expect(odd.statusCode).toBe(400);
    const missing = await keeper.put('/api/entity/nameSources/update', {
      entityId: root,
      code: 'Nope',
      label: 'X',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses (403) a holder of account_management below the platform root: the lists are every tenant’s', async () => {
    const refused = await brokerAdmin.post('/api/entity/addressTypes/create', {
      entityId: broker,
      code: 'Broker office',
      label: 'Broker office',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await brokerAdmin.put('/api/entity/attributes/update', {
          entityId: broker,
          code: 'Customer',
          label: 'Mine',
        })
      ).statusCode,
    ).toBe(403);
    expect((await brokerAdmin.get(`/api/entity/attributes/all?entityId=${broker}`)).statusCode).toBe(403);
    expect(await offered('addressTypes')).not.toContain('Broker office');
  });
});
