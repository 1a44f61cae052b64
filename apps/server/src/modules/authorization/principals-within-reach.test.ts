import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, createUser, grant, keyExpiry, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Issue 38, item 5: every principal or group a grant names lies in the caller's tree, or
 * the call is a 404 as for any other object — another tenant's user, API key or group, and
 * a uuid naming nobody alike — and nothing changes.
 */
describe('principals and groups within reach', () => {
  const t = useTestApp();
  let tenant = 0;
  let compliance: Agent;
  let ownUser = '';
  let ownKey = '';
  let ownGroup = 0;
  const foreign = { user: '', apiKey: '', group: 0 };

  const rightsRows = async () =>
    (
      await t.database.db.execute<{ members: number; direct: number; groups: number; templates: number }>(sql`
        select (select count(*)::int from group_members) as members,
               (select count(*)::int from direct_permissions) as direct,
               (select count(*)::int from groups) as groups,
               (select count(*)::int from entity_templates) + (select count(*)::int from user_templates) as templates`)
    ).rows[0]!;

  /** The call is a 404 naming the kind (section 8), and no grant, member or template row changed. */
  async function notFound(call: () => Promise<{ statusCode: number; json: () => unknown }>, message: string) {
    const before = await rightsRows();
    const res = await call();
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 404,
      body: { status: 404, title: 'Resource Not Found', message },
    });
    expect(await rightsRows()).toEqual(before);
  }

  /** Each principal of another tenant, and a uuid naming nobody, with the 404 message it gets. */
  const strangers = () => [
    { ref: { kind: 'user', id: foreign.user }, message: 'User not found' },
    // Upper case names the same user: no spelling of an id slips past the placement.
    { ref: { kind: 'user', id: foreign.user.toUpperCase() }, message: 'User not found' },
    { ref: { kind: 'apiKey', id: foreign.apiKey }, message: 'API key not found' },
    { ref: { kind: 'user', id: crypto.randomUUID() }, message: 'User not found' },
    { ref: { kind: 'apiKey', id: crypto.randomUUID() }, message: 'API key not found' },
  ];

  beforeAll(async () => {
    const root = (await createEntity(t, uniqueName('Platform '))).id;
    tenant = (await createEntity(t, uniqueName('Tenant '), root)).id;
    const other = (await createEntity(t, uniqueName('Other tenant '), root)).id;
    const c = await signedInUser(t, tenant);
    await grant(t, c.user.id, tenant, [
      'authorization_management',
      'entity_template_management',
      'account_view',
    ]);
    compliance = c.agent;
    ownUser = (await createUser(t, { homeEntityId: tenant })).id;
    ownKey = (
      await compliance.post('/api/user-management/api-keys/create', {
        entityId: tenant,
        name: uniqueName('Feed '),
        expiresOn: keyExpiry(),
      })
    ).json().apiKey.id;
    ownGroup = (
      await compliance.post('/api/groups/create', { entityId: tenant, name: uniqueName('Desk ') })
    ).json().id;
    const o = await signedInUser(t, other);
    await grant(t, o.user.id, other);
    foreign.user = o.user.id;
    foreign.apiKey = (
      await o.agent.post('/api/user-management/api-keys/create', {
        entityId: other,
        name: uniqueName('Their feed '),
        expiresOn: keyExpiry(),
      })
    ).json().apiKey.id;
    foreign.group = (
      await o.agent.post('/api/groups/create', { entityId: other, name: uniqueName('Theirs ') })
    ).json().id;
  });

  it('refuses another tenant’s user or API key, or a uuid naming nobody, as a group member (404), changing nothing', async () => {
    for (const { ref, message } of strangers()) {
      await notFound(
        () =>
          compliance.post('/api/groups/create', {
            entityId: tenant,
            name: uniqueName('Desk '),
            members: [{ kind: 'user', id: ownUser }, ref],
          }),
        message,
      );
      await notFound(
        () => compliance.put('/api/groups/update', { entityId: tenant, groupId: ownGroup, members: [ref] }),
        message,
      );
    }
    const members = [
      { kind: 'apiKey', id: ownKey },
      { kind: 'user', id: ownUser },
    ];
    const mine = await compliance.put('/api/groups/update', { entityId: tenant, groupId: ownGroup, members });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().members).toEqual(expect.arrayContaining(members));
    expect(mine.json().members).toHaveLength(2);
  });

  it('refuses another tenant’s user or API key, or a uuid naming nobody, in a direct permission (404), changing nothing', async () => {
    for (const { ref, message } of strangers())
      await notFound(
        () =>
          compliance.post('/api/direct-permissions/create', {
            principal: ref,
            entityId: tenant,
            permission: 'account_view',
            scopeType: 'SELF',
          }),
        message,
      );
    const mine = await compliance.post('/api/direct-permissions/create', {
      principal: { kind: 'user', id: ownUser },
      entityId: tenant,
      permission: 'account_view',
      scopeType: 'SELF',
    });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses another tenant’s group, or an id naming none, for a user’s or an API key’s groups (404)', async () => {
    for (const groupId of [foreign.group, 2_147_483_000]) {
      await notFound(
        () =>
          compliance.post('/api/user-management/assign', {
            entityId: tenant,
            userId: ownUser,
            groupIds: [groupId],
          }),
        'Group not found',
      );
      await notFound(
        () =>
          compliance.put('/api/user-management/api-keys/groups', {
            entityId: tenant,
            apiKeyId: ownKey,
            groupIds: [ownGroup, groupId],
          }),
        'Group not found',
      );
    }
  });

  it('refuses a template naming another tenant’s group (404), and answers naming only groups within reach', async () => {
    const base = { entityId: tenant, name: uniqueName('Client ') };
    await notFound(
      () => compliance.post('/api/template/create', { ...base, grants: [{ groupId: foreign.group }] }),
      'Group not found',
    );
    await notFound(
      () =>
        compliance.post('/api/user-management/templates/create', {
          ...base,
          homeEntityId: tenant,
          groupIds: [foreign.group],
        }),
      'Group not found',
    );
    const made = await compliance.post('/api/template/create', { ...base, grants: [{ groupId: ownGroup }] });
    expect(made.statusCode).toBe(200);
    expect(made.json().grants).toEqual([
      { groupId: ownGroup, scopeType: 'SELF_AND_DESCENDANTS', groupName: expect.stringContaining('Desk ') },
    ]);
  });

  it('refuses another tenant’s principal or group in a rights preview (404): its answer would name them', async () => {
    await notFound(
      () =>
        compliance.post('/api/rights/preview', {
          entityId: tenant,
          change: {
            kind: 'groups/update',
            body: { groupId: ownGroup, userIds: [foreign.user], apiKeyIds: [] },
          },
        }),
      'User not found',
    );
    await notFound(
      () =>
        compliance.post('/api/rights/preview', {
          entityId: tenant,
          change: {
            kind: 'direct-permissions/create',
            body: {
              principalKind: 'apiKey',
              principalId: foreign.apiKey,
              entityId: tenant,
              permission: 'account_view',
              scopeType: 'SELF',
            },
          },
        }),
      'API key not found',
    );
    await notFound(
      () =>
        compliance.post('/api/rights/preview', {
          entityId: tenant,
          change: { kind: 'user-management/assign', body: { userId: ownUser, groupIds: [foreign.group] } },
        }),
      'Group not found',
    );
  });
});
