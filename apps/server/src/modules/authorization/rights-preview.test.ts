import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, keyExpiry, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * `rights/preview` covers creating a group and an API key's groups, roles and direct
 * permissions (issue 25, item 3): the effect, or the grant rule's reason — nothing saved.
 */
describe('rights preview of group creation and API-key changes', () => {
  const t = useTestApp();
  let root = 0;
  let desk = 0;
  let admin: Agent;
  let deskAdmin: Agent;
  let keyId = '';
  let keyName = '';
  let roleId = 0;

  const preview = (a: Agent, entityId: number, change: Record<string, unknown>) =>
    a.post('/api/rights/preview', { entityId, change });
  const keyRights = async () =>
    (
      await t.database.db.execute(
        sql`select (select count(*) from principal_roles where principal_id = ${keyId})::int as roles,
                   (select count(*) from direct_permissions where principal_id = ${keyId})::int as direct,
                   (select count(*) from group_members where principal_id = ${keyId})::int as groups`,
      )
    ).rows[0];

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
    const d = await signedInUser(t, desk);
    await grant(t, d.user.id, desk, ['authorization_management', 'account_view']);
    deskAdmin = d.agent;
    keyName = uniqueName('Feed ');
    const key = await admin.post('/api/user-management/api-keys/create', {
      entityId: desk,
      name: keyName,
      expiresOn: keyExpiry(),
    });
    keyId = key.json().apiKey.id;
    keyName = `${keyName} (key ${key.json().apiKey.prefix})`;
    roleId = (
      await admin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('Viewer '),
        permissions: ['account_view'],
      })
    ).json().id;
  });

  it('previews giving an API key a role: the key gains the role’s keys on the acting entity, and nothing is saved', async () => {
    const before = await keyRights();
    const res = await preview(admin, desk, {
      kind: 'api-keys/roles',
      body: { apiKeyId: keyId, roleIds: [roleId], scopeType: 'SELF' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      refused: null,
      changes: [
        {
          principal: { kind: 'apiKey', id: keyId, name: keyName },
          entityId: desk,
          entityName: expect.stringContaining('Desk'),
          key: 'account_view',
          child: false,
          change: 'gain',
        },
      ],
    });
    expect(await keyRights()).toEqual(before);
  });

  it('previews an API key’s direct permissions, and gives the grant rule’s reason for a key the administrator does not hold', async () => {
    const gain = await preview(deskAdmin, desk, {
      kind: 'api-keys/direct-permissions',
      body: { apiKeyId: keyId, permissions: [{ key: 'account_view', scopeType: 'SELF_AND_DESCENDANTS' }] },
    });
    expect(gain.json().changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entityId: desk, key: 'account_view', child: false, change: 'gain' }),
        expect.objectContaining({ entityId: desk, key: 'account_view', child: true, change: 'gain' }),
      ]),
    );
    const refused = await preview(deskAdmin, desk, {
      kind: 'api-keys/direct-permissions',
      body: { apiKeyId: keyId, permissions: [{ key: 'system_management', scopeType: 'SELF' }] },
    });
    expect(refused.json()).toEqual({
      changes: [],
      refused: 'You cannot grant system_management where you do not hold it',
    });
    expect((await keyRights())!.direct).toBe(0);
  });

  it('previews an API key joining a group bound at an entity', async () => {
    const group = (
      await admin.post('/api/groups/create', {
        entityId: root,
        name: uniqueName('Feeds '),
        roleIds: [roleId],
      })
    ).json();
    await admin.post('/api/permission-scopes/create', {
      groupId: group.id,
      entityId: desk,
      scopeType: 'SELF',
    });
    const res = await preview(admin, desk, {
      kind: 'api-keys/groups',
      body: { apiKeyId: keyId, groupIds: [group.id] },
    });
    expect(res.json().changes).toEqual([
      expect.objectContaining({
        principal: expect.objectContaining({ kind: 'apiKey', id: keyId }),
        entityId: desk,
        key: 'account_view',
        change: 'gain',
      }),
    ]);
    expect((await keyRights())!.groups).toBe(0);
  });

  it('answers 404 for an API key outside the acting entity', async () => {
    const elsewhere = (await createEntity(t, uniqueName('Elsewhere '))).id;
    const theirs = await signedInUser(t, elsewhere);
    await grant(t, theirs.user.id, elsewhere);
    const foreign = await theirs.agent.post('/api/user-management/api-keys/create', {
      entityId: elsewhere,
      name: 'Theirs',
      expiresOn: keyExpiry(),
    });
    expect(foreign.statusCode).toBe(200);
    const res = await preview(admin, desk, {
      kind: 'api-keys/roles',
      body: { apiKeyId: foreign.json().apiKey.id, roleIds: [roleId], scopeType: 'SELF' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('previews creating a group: refused when it would hand over a role the administrator may not use, otherwise no one gains until it is bound — and no group is made', async () => {
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from groups`)).rows[0]!.n;
    const before = await count();
    const other = (await createEntity(t, uniqueName('Other '), root)).id;
    const otherRole = (
      await admin.post('/api/roles/create', {
        entityId: other,
        name: uniqueName('Theirs '),
        permissions: ['account_view'],
      })
    ).json().id;
    const refused = await preview(deskAdmin, desk, {
      kind: 'groups/create',
      body: { name: uniqueName('Desk team '), roleIds: [otherRole], userIds: [], apiKeyIds: [keyId] },
    });
    // Another tenant's role is outside the caller's reach: as if it did not exist.
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Role not found');
    const fine = await preview(deskAdmin, desk, {
      kind: 'groups/create',
      body: { name: uniqueName('Desk team '), roleIds: [], userIds: [], apiKeyIds: [keyId] },
    });
    expect(fine.json()).toEqual({ changes: [], refused: null });
    const bad = await preview(deskAdmin, desk, { kind: 'groups/create', body: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
