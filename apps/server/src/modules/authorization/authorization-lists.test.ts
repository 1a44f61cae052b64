import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * What an administrator sees of groups, roles and scopes (issue 19, item 6): only its own
 * tree's, read in a bounded number of statements whatever their number.
 */
describe('authorization lists', () => {
  const t = useTestApp();
  /** Every statement the app's pool sends while `fn` runs (nothing else runs meanwhile). */
  async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const stop = t.database.onStatement(() => {
      n++;
    });
    try {
      await fn();
    } finally {
      stop();
    }
    return n;
  }
  let root = 0;
  let tenant = 0;
  let desk = 0;
  let platformAdmin: Agent;
  let tenantAdmin: Agent;

  /** A group with a role and a member, bound at the entity (set-up, outside the rule). */
  const boundGroup = async (entityId: number, memberId: string) =>
    t.services.authorization.seedGroup(t.database.db, {
      role: uniqueName('Role '),
      keys: ['account_view'],
      group: uniqueName('Group '),
      entityId,
      scope: 'SELF_AND_DESCENDANTS',
      members: [{ kind: 'user', id: memberId }],
    });

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Platform '))).id;
    tenant = (await createEntity(t, uniqueName('Tenant '), root)).id;
    desk = (await createEntity(t, uniqueName('Desk '), tenant)).id;
    const p = await signedInUser(t, root);
    await grant(t, p.user.id, root);
    platformAdmin = p.agent;
    const a = await signedInUser(t, tenant);
    await grant(t, a.user.id, tenant, ['authorization_management', 'account_view']);
    tenantAdmin = a.agent;
  });

  it('shows a subtree administrator only groups bound inside its tree or created within it', async () => {
    const rootGroup = (
      await platformAdmin.post('/api/groups/create', { entityId: root, name: uniqueName('Root admins ') })
    ).json();
    await platformAdmin.post('/api/permission-scopes/create', {
      groupId: rootGroup.id,
      entityId: root,
      scopeType: 'SELF_AND_DESCENDANTS',
    });
    // Made by the platform for the tenant: bound only inside the tenant's tree.
    const forTenant = (
      await platformAdmin.post('/api/groups/create', { entityId: root, name: uniqueName('Tenant viewers ') })
    ).json();
    await platformAdmin.post('/api/permission-scopes/create', {
      groupId: forTenant.id,
      entityId: desk,
      scopeType: 'SELF',
    });
    const own = (
      await tenantAdmin.post('/api/groups/create', { entityId: tenant, name: uniqueName('Draft ') })
    ).json();

    const seen = ((await tenantAdmin.get('/api/groups')).json() as { id: number }[]).map((g) => g.id);
    expect(seen).toEqual(expect.arrayContaining([forTenant.id, own.id]));
    expect(seen).not.toContain(rootGroup.id);
    const scopes = ((await tenantAdmin.get('/api/permission-scopes')).json() as { groupId: number }[]).map(
      (s) => s.groupId,
    );
    expect(scopes).toContain(forTenant.id);
    expect(scopes).not.toContain(rootGroup.id);
    const all = ((await platformAdmin.get('/api/groups')).json() as { id: number }[]).map((g) => g.id);
    expect(all).toEqual(expect.arrayContaining([rootGroup.id, forTenant.id, own.id]));
  });

  it('shows a tenant administrator the platform’s roles read-only and its own editable, never another tenant’s', async () => {
    const other = (await createEntity(t, uniqueName('Other tenant '), root)).id;
    const o = await signedInUser(t, other);
    await grant(t, o.user.id, other, ['authorization_management', 'account_view']);
    const theirs = (
      await o.agent.post('/api/roles/create', {
        entityId: other,
        name: uniqueName('Theirs '),
        permissions: ['account_view'],
      })
    ).json();
    const shared = (
      await platformAdmin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('Shared '),
        permissions: ['account_view'],
      })
    ).json();
    const mine = (
      await tenantAdmin.post('/api/roles/create', {
        entityId: tenant,
        name: uniqueName('Mine '),
        permissions: ['account_view'],
      })
    ).json();
    const roles = new Map(
      ((await tenantAdmin.get('/api/roles')).json() as { id: number; editable: boolean }[]).map((r) => [
        r.id,
        r,
      ]),
    );
    expect(roles.get(shared.id)).toMatchObject({ editable: false, ownerEntityId: root });
    expect(roles.get(mine.id)).toMatchObject({ editable: true, ownerEntityId: tenant });
    expect(roles.has(theirs.id)).toBe(false);
    // Another tenant's role cannot be handed to a group here either.
    const group = (
      await tenantAdmin.post('/api/groups/create', { entityId: tenant, name: uniqueName('G ') })
    ).json();
    const append = await tenantAdmin.post('/api/groups/role/append', {
      entityId: tenant,
      groupId: group.id,
      roleId: theirs.id,
    });
    // Outside the caller's reach, as if it did not exist (the guard's object placement).
    expect(append.statusCode).toBe(404);
    expect(append.json().message).toBe('Role not found');
  });

  it('reads each list in the same few statements for 3 groups as for 40', async () => {
    const member = await signedInUser(t, desk);
    for (let i = 0; i < 3; i++) await boundGroup(desk, member.user.id);
    const calls = [
      () => tenantAdmin.get('/api/groups'),
      () => tenantAdmin.get('/api/roles'),
      () => tenantAdmin.get('/api/permission-scopes'),
    ];
    const few = [];
    for (const call of calls) few.push(await statementsOf(call));
    for (let i = 0; i < 37; i++) await boundGroup(desk, member.user.id);
    const many = [];
    for (const call of calls) many.push(await statementsOf(call));
    expect(many).toEqual(few);
    for (const n of many) expect(n).toBeGreaterThan(0);
    for (const n of many) expect(n).toBeLessThanOrEqual(10);
    expect(((await tenantAdmin.get('/api/groups')).json() as unknown[]).length).toBeGreaterThanOrEqual(40);
  });
});
