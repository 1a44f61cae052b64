import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('authorization API', () => {
  const t = useTestApp();
  let admin: Agent;
  let limitedAdmin: Agent;
  let root = 0;
  let branch = 0;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    branch = (await createEntity(t, uniqueName('Branch '), root)).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
    const l = await signedInUser(t, branch);
    await grant(t, l.user.id, branch, ['authorization_management', 'account_view']);
    limitedAdmin = l.agent;
  });

  it('grants a group’s roles on an entity scope: members gain the keys on the next request', async () => {
    const member = await signedInUser(t, branch);
    const role = (
      await admin.post('/api/roles/create', {
        name: uniqueName('Viewer '),
        permissions: ['account_view', 'account_config_view'],
      })
    ).json();
    const group = (
      await admin.post('/api/groups/create', {
        name: uniqueName('Viewers '),
        roleIds: [role.id],
        members: [{ kind: 'user', id: member.user.id }],
      })
    ).json();
    expect(group.roleIds).toEqual([role.id]);
    expect((await member.agent.post('/api/entity/view', { entityId: branch })).statusCode).toBe(403);

    const scope = await admin.post('/api/permission-scopes/create', {
      groupId: group.id,
      entityId: branch,
      scopeType: 'SELF',
    });
    expect(scope.statusCode).toBe(200);
    expect(scope.json()).toMatchObject({ groupId: group.id, entityId: branch, scopeType: 'SELF' });
    const view = await member.agent.post('/api/entity/view', { entityId: branch });
    expect(view.statusCode).toBe(200);
    expect(view.json().permissions).toEqual(['account_config_view', 'account_view']);

    await admin.post('/api/permission-scopes/delete', { id: scope.json().id, entityId: branch });
    expect((await member.agent.post('/api/entity/view', { entityId: branch })).statusCode).toBe(403);
  });

  it('refuses to grant keys the caller does not hold there (no escalation)', async () => {
    const target = await signedInUser(t, branch);
    const res = await limitedAdmin.post('/api/direct-permissions/create', {
      principal: { kind: 'user', id: target.user.id },
      entityId: branch,
      permission: 'system_management',
      scopeType: 'SELF',
    });
    expect(res.statusCode).toBe(403);
    const ok = await limitedAdmin.post('/api/direct-permissions/create', {
      principal: { kind: 'user', id: target.user.id },
      entityId: branch,
      permission: 'account_view',
      scopeType: 'SELF',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a caller to its own subtree', async () => {
    const res = await limitedAdmin.post('/api/permission-scopes/create', {
      groupId: 1,
      entityId: root,
      scopeType: 'SELF',
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to delete a role a group uses (409) and a duplicate name (409)', async () => {
    const role = (
      await admin.post('/api/roles/create', { name: uniqueName('Used '), permissions: ['account_view'] })
    ).json();
    await admin.post('/api/groups/create', { name: uniqueName('Users '), roleIds: [role.id] });
    const del = await admin.call({
      method: 'DELETE',
      url: '/api/roles/delete',
      payload: { roleId: role.id },
    });
    expect(del.statusCode).toBe(409);
    const dup = await admin.post('/api/roles/create', { name: role.name, permissions: ['account_view'] });
    expect(dup.statusCode).toBe(409);
  });

  it('rejects a role without permissions or with an unknown key', async () => {
    const none = await admin.post('/api/roles/create', { name: uniqueName('Empty '), permissions: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('permissions');
    const unknown = await admin.post('/api/roles/create', { name: uniqueName('Odd '), permissions: ['fly'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists the catalogue, scope types and roles, and audits every change', async () => {
    expect((await admin.get('/api/permissions')).json()).toHaveLength(27);
    expect(
      (await admin.get('/api/permission-scopes/types')).json().map((s: { code: string }) => s.code),
    ).toEqual(['SELF', 'DESCENDANTS', 'SELF_AND_DESCENDANTS']);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select distinct action from audit_events where action like 'authz.%'`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'authz.role.create',
        'authz.group.create',
        'authz.scope.create',
        'authz.scope.delete',
        'authz.direct.create',
      ]),
    );
  });
});
