import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { seedDemoData } from '../demo/demo-data.seed';
import { expectRefused, grantTables, idOf, permissionsOn, signInAs, userIdOf } from './rights-test-kit';

/**
 * Issue 19, item 1, on the demo tree: `compliance` holds authorization_management (with
 * account_view and approve_whitelist) on the Aurora Markets subtree only; the platform
 * administrators' group is bound at the root.
 */
describe('the grant rule: no escalation through groups and roles', () => {
  const t = useTestApp();
  let compliance: Agent;
  let complianceId = '';
  let aurora = 0;
  let root = 0;
  let adminsGroup = 0;
  let adminRole = 0;
  let ownGroup = 0;
  let ownRole = 0;
  let treasuryGroup = 0;

  /** The call is refused (403, section 8) and not one grant row changed. */
  async function refusedAndNothingChanged(call: () => Promise<{ statusCode: number; json: () => unknown }>) {
    const before = await grantTables(t);
    expectRefused(await call());
    expect(await grantTables(t)).toEqual(before);
  }

  /** The call names a principal outside compliance's tree: 404 (section 8), not one grant row changed. */
  async function notFoundAndNothingChanged(
    call: () => Promise<{ statusCode: number; json: () => unknown }>,
    message = 'User not found',
  ) {
    const before = await grantTables(t);
    const res = await call();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, title: 'Resource Not Found', message });
    expect(await grantTables(t)).toEqual(before);
  }

  /** compliance still sees nothing at the root and holds no key it lacked on Aurora. */
  async function complianceUnchanged() {
    expect(await permissionsOn(compliance, root)).toBeNull();
    expect(await permissionsOn(compliance, aurora)).toEqual([
      'account_view',
      'approve_whitelist',
      'authorization_management',
    ]);
  }

  beforeAll(async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    compliance = await signInAs(t, 'compliance');
    complianceId = await userIdOf(t, 'compliance');
    aurora = await idOf(t, 'entities', 'Aurora Markets');
    root = await idOf(t, 'entities', 'Clearway Platform');
    adminsGroup = await idOf(t, 'groups', 'Platform Administrator — Clearway Platform');
    adminRole = await idOf(t, 'roles', 'Platform Administrator');
    ownGroup = await idOf(t, 'groups', 'Broker Compliance — Aurora Markets');
    ownRole = await idOf(t, 'roles', 'Broker Compliance');
    treasuryGroup = await idOf(t, 'groups', 'Treasury — Clearway Platform');
  });

  it('refuses compliance adding itself to the platform administrators (group 1, bound at the root) via groups/update members', async () => {
    expect(adminsGroup).toBe(1);
    const members = [
      { kind: 'user', id: await userIdOf(t, 'admin') },
      { kind: 'user', id: complianceId },
    ];
    // The platform's administrator is no one compliance may name.
    await notFoundAndNothingChanged(() =>
      compliance.put('/api/groups/update', { entityId: aurora, groupId: adminsGroup, members }),
    );
    // Naming only itself, the group (bound at the root, above Aurora) is the grant rule's to refuse.
    await refusedAndNothingChanged(() =>
      compliance.put('/api/groups/update', {
        entityId: aurora,
        groupId: adminsGroup,
        members: [{ kind: 'user', id: complianceId }],
      }),
    );
    await complianceUnchanged();
  });

  it('refuses compliance appending the administrator role to its own group via groups/role/append', async () => {
    await refusedAndNothingChanged(() =>
      compliance.post('/api/groups/role/append', { entityId: aurora, groupId: ownGroup, roleId: adminRole }),
    );
    await complianceUnchanged();
  });

  it('refuses compliance setting the administrator role on its own group via groups/role/update', async () => {
    await refusedAndNothingChanged(() =>
      compliance.put('/api/groups/role/update', {
        entityId: aurora,
        groupId: ownGroup,
        roleIds: [ownRole, adminRole],
      }),
    );
    await complianceUnchanged();
  });

  it('refuses compliance adding system_management to its own role via roles/update', async () => {
    await refusedAndNothingChanged(() =>
      compliance.put('/api/roles/update', {
        entityId: aurora,
        roleId: ownRole,
        permissions: ['account_view', 'approve_whitelist', 'authorization_management', 'system_management'],
      }),
    );
    await complianceUnchanged();
  });

  it('refuses compliance joining, editing or deleting a group bound outside its tree', async () => {
    const treasuryMembers = [
      { kind: 'user', id: await userIdOf(t, 'treasury') },
      { kind: 'user', id: complianceId },
    ];
    await notFoundAndNothingChanged(() =>
      compliance.put('/api/groups/update', {
        entityId: aurora,
        groupId: treasuryGroup,
        members: treasuryMembers,
      }),
    );
    await refusedAndNothingChanged(() =>
      compliance.put('/api/groups/update', {
        entityId: aurora,
        groupId: treasuryGroup,
        members: [{ kind: 'user', id: complianceId }],
      }),
    );
    await refusedAndNothingChanged(() =>
      compliance.put('/api/groups/update', { entityId: aurora, groupId: adminsGroup, name: 'Renamed' }),
    );
    // Emptying it takes the root's rights away: outside what compliance administers.
    await refusedAndNothingChanged(() =>
      compliance.put('/api/groups/update', { entityId: aurora, groupId: adminsGroup, members: [] }),
    );
    await refusedAndNothingChanged(() =>
      compliance.call({
        method: 'DELETE',
        url: '/api/groups/delete',
        payload: { entityId: aurora, groupId: adminsGroup },
      }),
    );
    // Binding the root's group inside its own tree, too, would make it compliance's to edit.
    await refusedAndNothingChanged(() =>
      compliance.post('/api/permission-scopes/create', {
        groupId: treasuryGroup,
        entityId: aurora,
        scopeType: 'SELF',
      }),
    );
    await complianceUnchanged();
  });

  it('refuses a tenant administrator editing or deleting a role shared from the root', async () => {
    await refusedAndNothingChanged(() =>
      compliance.put('/api/roles/update', { entityId: aurora, roleId: adminRole, description: 'mine now' }),
    );
    await refusedAndNothingChanged(() =>
      compliance.call({
        method: 'DELETE',
        url: '/api/roles/delete',
        payload: { entityId: aurora, roleId: adminRole },
      }),
    );
  });

  it('refuses binding a group whose roles hold keys compliance lacks there', async () => {
    const strong = (
      await compliance.post('/api/roles/create', {
        entityId: aurora,
        name: uniqueName('Desk trader '),
        permissions: ['account_view', 'order_management'],
      })
    ).json();
    const group = (
      await compliance.post('/api/groups/create', {
        entityId: aurora,
        name: uniqueName('Desk '),
        roleIds: [strong.id],
        members: [{ kind: 'user', id: await userIdOf(t, 'viewer') }],
      })
    ).json();
    await refusedAndNothingChanged(() =>
      compliance.post('/api/permission-scopes/create', {
        groupId: group.id,
        entityId: aurora,
        scopeType: 'SELF_AND_DESCENDANTS',
      }),
    );
  });

  it('lets compliance manage rights inside its tree with keys it holds', async () => {
    const london = await idOf(t, 'entities', 'Aurora London Desk');
    const viewer = await userIdOf(t, 'viewer');
    const role = await compliance.post('/api/roles/create', {
      entityId: aurora,
      name: uniqueName('Whitelist approver '),
      permissions: ['account_view', 'approve_whitelist'],
    });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ ownerEntityId: aurora, editable: true });
    const group = await compliance.post('/api/groups/create', {
      entityId: aurora,
      name: uniqueName('London approvers '),
      roleIds: [role.json().id],
      members: [{ kind: 'user', id: viewer }],
    });
    expect(group.statusCode).toBe(200);
    const scope = await compliance.post('/api/permission-scopes/create', {
      groupId: group.json().id,
      entityId: london,
      scopeType: 'SELF_AND_DESCENDANTS',
    });
    expect(scope.statusCode).toBe(200);
    const viewerAgent = await signInAs(t, 'viewer');
    expect(await permissionsOn(viewerAgent, london)).toEqual(['account_view', 'approve_whitelist']);
    // A key compliance lacks cannot be added to the role now that it is bound.
    await refusedAndNothingChanged(() =>
      compliance.put('/api/roles/update', {
        entityId: aurora,
        roleId: role.json().id,
        permissions: ['account_view', 'approve_whitelist', 'request_withdrawal'],
      }),
    );
    const deleted = await compliance.call({
      method: 'DELETE',
      url: '/api/groups/delete',
      payload: { entityId: aurora, groupId: group.json().id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await permissionsOn(viewerAgent, london)).toBeNull();
  });

  it('audits each refusal as a failure', async () => {
    const rows = await t.database.db.execute<{ action: string }>(
      sql`select distinct action from audit_events
        where outcome = 'failure' and action like 'authz.%' and actor_id = ${complianceId}`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['authz.group.update', 'authz.group.role.append', 'authz.role.update']),
    );
  });

  it('shows a tenant administrator only the groups of its tree, and shared roles as read-only', async () => {
    const groups = (await compliance.get(`/api/groups?entityId=${aurora}`)).json() as { name: string }[];
    const names = groups.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining(['Broker Compliance — Aurora Markets', 'Client Trader — Northwind Capital']),
    );
    expect(names).not.toContain('Platform Administrator — Clearway Platform');
    expect(names).not.toContain('Treasury — Clearway Platform');

    const roles = (await compliance.get('/api/roles')).json() as { name: string; editable: boolean }[];
    const byName = new Map(roles.map((r) => [r.name, r]));
    expect(byName.get('Platform Administrator')).toMatchObject({ editable: false });
    expect(byName.get('Treasury')).toMatchObject({ editable: false });
    expect(byName.get('Broker Compliance')).toMatchObject({ editable: true });

    const admin = await signInAs(t, 'admin');
    const adminGroups = (await admin.get('/api/groups')).json() as { name: string }[];
    expect(adminGroups.map((g) => g.name)).toContain('Platform Administrator — Clearway Platform');
    const adminRoles = (await admin.get('/api/roles')).json() as { name: string; editable: boolean }[];
    expect(adminRoles.every((r) => r.editable)).toBe(true);
  });
});
