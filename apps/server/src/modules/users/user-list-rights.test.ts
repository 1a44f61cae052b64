import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, createUser, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * The users list shows where each user's rights come from (issue 25, items 1 and 4): the
 * roles held through groups, named with the group, and the direct permissions with the id
 * a revoke names.
 */
describe('users list: roles through groups and direct permissions', () => {
  const t = useTestApp();
  let root = 0;
  let desk = 0;
  let admin: Agent;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
  });

  const listed = async (username: string) =>
    (await admin.post('/api/user-management/', { entityId: root, search: username })).json().items[0];

  it('names the roles a user holds through a group, and lists a direct grant until it is revoked', async () => {
    const member = await createUser(t, { homeEntityId: desk });
    const role = (
      await admin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('Dealer '),
        permissions: ['account_view'],
      })
    ).json();
    const group = (
      await admin.post('/api/groups/create', {
        entityId: root,
        name: uniqueName('Desk team '),
        roleIds: [role.id],
        members: [{ kind: 'user', id: member.id }],
      })
    ).json();
    const granted = await admin.post('/api/direct-permissions/create', {
      principal: { kind: 'user', id: member.id },
      entityId: desk,
      permission: 'request_withdrawal',
      scopeType: 'SELF',
    });
    expect(granted.statusCode).toBe(200);

    const row = await listed(member.username);
    expect(row.roles).toEqual([]);
    expect(row.groupRoles).toEqual([{ id: role.id, name: role.name, groupName: group.name }]);
    expect(row.directPermissions).toEqual([
      {
        id: granted.json().id,
        key: 'request_withdrawal',
        entityId: desk,
        entityName: expect.stringContaining('Desk'),
        scopeType: 'SELF',
      },
    ]);

    const revoked = await admin.call({
      method: 'DELETE',
      url: '/api/direct-permissions/delete',
      payload: {
        id: granted.json().id,
        entityId: desk,
      },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await listed(member.username)).directPermissions).toEqual([]);
  });
});
