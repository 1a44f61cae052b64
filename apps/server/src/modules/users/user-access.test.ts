import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createEntity, createUser, grant, keyExpiry, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Issue 25's security acceptance: disabling a user ends every credential at once; API keys
 * keep to their IP allow-list (403, audited), stop when they expire (401) or are revoked;
 * an invited user sets a password through the one-time link; a rights change can be
 * previewed without saving; nobody changes their own rights.
 */
describe('user administration: credentials end when they must', () => {
  const t = useTestApp();
  let root = 0;
  let admin: Agent;
  let adminId = '';

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
    adminId = a.user.id;
  });

  const grantKey = (id: string) =>
    t.services.authorization.grantDirect(
      t.database.db,
      { kind: 'apiKey', id },
      root,
      ['account_management'],
      'SELF',
    );

  const entityView = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/entity/view', headers, payload: { entityId: root } });

  /** A user holding account_management on the root, signed in, with a bearer token and an API key. */
  async function userWithEveryCredential() {
    const user = await createUser(t, { homeEntityId: root });
    await grant(t, user.id, root, ['account_management', 'authorization_management']);
    const session = new Agent(t.app);
    expect(
      (await session.post('/api/auth/login', { username: user.username, password: user.password }))
        .statusCode,
    ).toBe(200);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { username: user.username, password: user.password },
    });
    const bearer = exchange.json().accessToken as string;
    const created = await session.post('/api/user-management/api-keys/create', {
      entityId: root,
      name: 'Own key',
      expiresOn: keyExpiry(),
    });
    expect(created.statusCode).toBe(200);
    const keyId = created.json().apiKey.id as string;
    await grantKey(keyId);
    return { user, session, bearer, key: created.json().key as string };
  }

  it('disabling a user ends their sessions, bearer tokens and API keys on the next call', async () => {
    const u = await userWithEveryCredential();
    expect((await u.session.post('/api/entity/view', { entityId: root })).statusCode).toBe(200);
    expect((await entityView({ authorization: `Bearer ${u.bearer}` })).statusCode).toBe(200);
    expect((await entityView({ 'x-api-key': u.key })).statusCode).toBe(200);

    const res = await admin.put('/api/user-management/update', {
      entityId: root,
      userId: u.user.id,
      status: 'disabled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('disabled');

    expect((await u.session.post('/api/entity/view', { entityId: root })).statusCode).toBe(401);
    expect((await entityView({ authorization: `Bearer ${u.bearer}` })).statusCode).toBe(401);
    expect((await entityView({ 'x-api-key': u.key })).statusCode).toBe(401);
    const sessions = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where user_id = ${u.user.id}`,
    );
    expect(sessions.rows[0]!.n).toBe(0);
    const audited = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_events where action = 'user.disable' and target = ${u.user.username}`,
    );
    expect(audited.rows).toHaveLength(1);
  });

  it('re-enabling a user brings back their API key and bearer tokens (sessions stay ended)', async () => {
    const u = await userWithEveryCredential();
    await admin.put('/api/user-management/update', { entityId: root, userId: u.user.id, status: 'disabled' });
    await admin.put('/api/user-management/update', { entityId: root, userId: u.user.id, status: 'active' });
    expect((await entityView({ 'x-api-key': u.key })).statusCode).toBe(200);
    expect((await u.session.post('/api/entity/view', { entityId: root })).statusCode).toBe(401);
  });

  async function keyWith(body: Record<string, unknown>) {
    const res = await admin.post('/api/user-management/api-keys/create', {
      entityId: root,
      name: uniqueName('Key '),
      expiresOn: keyExpiry(),
      ...body,
    });
    expect(res.statusCode).toBe(200);
    const { key, apiKey } = res.json();
    await grantKey(apiKey.id);
    return { key: key as string, id: apiKey.id as string, prefix: apiKey.prefix as string };
  }

  it('answers 403 to an API key used from outside its IP allow-list, and audits the refusal', async () => {
    const k = await keyWith({ allowedCidrs: ['203.0.113.0/24'] });
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/entity/view',
      headers: { 'x-api-key': k.key },
      payload: { entityId: root },
      remoteAddress: '198.51.100.7',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      status: 403,
      title: 'Access Denied',
      message: 'This API key may not be used from this address',
    });
    const audited = await t.database.db.execute<{ outcome: string; ip: string; actor_id: string }>(
      sql`select outcome, ip, actor_id from audit_events where action = 'auth.apiKey.refused' and target = ${k.prefix}`,
    );
    expect(audited.rows).toEqual([{ outcome: 'failure', ip: '198.51.100.7', actor_id: k.id }]);

    const inside = await t.app.inject({
      method: 'POST',
      url: '/api/entity/view',
      headers: { 'x-api-key': k.key },
      payload: { entityId: root },
      remoteAddress: '203.0.113.40',
    });
    expect(inside.statusCode).toBe(200);
    const listed = (await admin.get(`/api/user-management/api-keys/list?entityId=${root}`)).json();
    expect(listed.find((x: { id: string }) => x.id === k.id)).toMatchObject({
      lastUsedIp: '203.0.113.40',
      lastUsedAt: expect.any(String),
      allowedCidrs: ['203.0.113.0/24'],
    });
  });

  it('answers 401 to an expired API key and to a revoked one', async () => {
    const expired = await keyWith({});
    await t.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    expect((await entityView({ 'x-api-key': expired.key })).statusCode).toBe(401);

    const revoked = await keyWith({ expiresOn: keyExpiry(365) });
    expect((await entityView({ 'x-api-key': revoked.key })).statusCode).toBe(200);
    expect(
      (await admin.post('/api/user-management/api-keys/revoke', { entityId: root, apiKeyId: revoked.id }))
        .statusCode,
    ).toBe(200);
    expect((await entityView({ 'x-api-key': revoked.key })).statusCode).toBe(401);
  });

  it('answers 401 to a credential presented but not valid, even beside a valid session cookie — never the session', async () => {
    const revoked = await keyWith({ expiresOn: keyExpiry(365) });
    await admin.post('/api/user-management/api-keys/revoke', { entityId: root, apiKeyId: revoked.id });
    const asSession = await admin.post('/api/entity/view', { entityId: root });
    expect(asSession.statusCode).toBe(200);
    for (const headers of [
      { 'x-api-key': revoked.key },
      { 'x-api-key': 'cw_not-a-key' },
      { authorization: `ApiKey ${revoked.key}` },
      { authorization: 'Bearer not.a.token' },
    ]) {
      const res = await admin.post('/api/entity/view', { entityId: root }, { headers });
      expect([JSON.stringify(headers), res.statusCode]).toEqual([JSON.stringify(headers), 401]);
    }
  });

  it('shows the secret once: the list carries the prefix only', async () => {
    const k = await keyWith({});
    const listed = JSON.stringify(
      (await admin.get(`/api/user-management/api-keys/list?entityId=${root}`)).json(),
    );
    expect(listed).toContain(k.prefix);
    expect(listed).not.toContain(k.key);
  });

  it('refuses an allow-list entry that is not an address or CIDR range', async () => {
    const res = await admin.post('/api/user-management/api-keys/create', {
      entityId: root,
      name: 'Bad',
      expiresOn: keyExpiry(),
      allowedCidrs: ['10.0.0.0/33'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'allowedCidrs.0': 'the prefix length must be between 0 and 32' });
  });

  it('invites a new user by e-mail; the one-time link sets the password and works once', async () => {
    const username = uniqueName('invitee.').replace(/[^A-Za-z0-9._-]/g, '');
    const email = `${username}@example.com`;
    const res = await admin.post('/api/user-management/create', {
      entityId: root,
      username,
      email,
      displayName: 'Invited Person',
      homeEntityId: root,
      twoFactorRequired: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username, invited: true, status: 'active' });
    const mail = await t.database.db.execute<{ body: string }>(
      sql`select body from mail_outbox where "to" = ${email}`,
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.rows[0]!.body)![1]!;
    const password = 'Invited-Person-2026!';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Pass-2026!' },
    });
    expect(again.statusCode).toBe(400);
    const login = await new Agent(t.app).post('/api/auth/login', { username, password });
    expect(login.statusCode).toBe(200);
  });

  it('creates nobody and e-mails nobody when the template hands out a key its administrator lacks', async () => {
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const limited = await signedInUser(t, desk);
    await grant(t, limited.user.id, desk, ['authorization_management', 'account_view']);
    const role = (
      await admin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('role-'),
        permissions: ['system_management'],
      })
    ).json();
    const template = (
      await admin.post('/api/user-management/templates/create', {
        entityId: root,
        name: uniqueName('Template '),
        homeEntityId: desk,
        roles: [{ roleId: role.id, scopeType: 'SELF' }],
      })
    ).json();
    const username = uniqueName('refused.').replace(/[^A-Za-z0-9._-]/g, '');
    const res = await limited.agent.post('/api/user-management/create-via-template', {
      entityId: desk,
      templateId: template.id,
      username,
      email: `${username}@example.com`,
      displayName: 'Refused Person',
    });
    expect(res.statusCode).toBe(403);
    const made = await t.database.db.execute(sql`select 1 from users where username = ${username}`);
    const mailed = await t.database.db.execute(
      sql`select 1 from mail_outbox where "to" = ${`${username}@example.com`}`,
    );
    expect([made.rows.length, mailed.rows.length]).toEqual([0, 0]);
  });

  it('previews a role change: lists who gains which key where, and saves nothing', async () => {
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const member = await createUser(t, { homeEntityId: desk });
    const role = (
      await admin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('role-'),
        permissions: ['account_view'],
      })
    ).json();
    const group = (
      await admin.post('/api/groups/create', {
        entityId: root,
        name: uniqueName('group-'),
        roleIds: [role.id],
        members: [{ kind: 'user', id: member.id }],
      })
    ).json();
    await admin.post('/api/permission-scopes/create', {
      groupId: group.id,
      entityId: desk,
      scopeType: 'SELF',
    });
    const before = await t.database.db.execute(sql`select permissions from roles where id = ${role.id}`);
    const res = await admin.post('/api/rights/preview', {
      entityId: root,
      change: {
        kind: 'roles/update',
        body: { roleId: role.id, permissions: ['account_view', 'order_management'] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      refused: null,
      changes: [
        {
          principal: { kind: 'user', id: member.id, name: `${member.displayName} (${member.username})` },
          entityId: desk,
          entityName: expect.stringContaining('Desk'),
          key: 'order_management',
          child: false,
          change: 'gain',
        },
      ],
    });
    expect(
      (await t.database.db.execute(sql`select permissions from roles where id = ${role.id}`)).rows,
    ).toEqual(before.rows);
  });

  it('previews a change the grant rule refuses with its reason', async () => {
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const limited = await signedInUser(t, desk);
    await grant(t, limited.user.id, desk, ['authorization_management']);
    // A user of the desk: one above it is outside the caller's reach (404).
    const colleague = await createUser(t, { homeEntityId: desk });
    const res = await limited.agent.post('/api/rights/preview', {
      entityId: desk,
      change: {
        kind: 'direct-permissions/create',
        body: {
          principalKind: 'user',
          principalId: colleague.id,
          entityId: desk,
          permission: 'system_management',
          scopeType: 'SELF',
        },
      },
    });
    expect(res.json()).toEqual({
      changes: [],
      refused: 'You cannot grant system_management where you do not hold it',
    });
  });

  it('previews giving a user a role on the acting entity, and answers 404 for a user outside it', async () => {
    const desk = (await createEntity(t, uniqueName('Desk '), root)).id;
    const member = await createUser(t, { homeEntityId: desk });
    const role = (
      await admin.post('/api/roles/create', {
        entityId: root,
        name: uniqueName('role-'),
        permissions: ['account_view'],
      })
    ).json();
    const res = await admin.post('/api/rights/preview', {
      entityId: desk,
      change: {
        kind: 'user-management/roles/update',
        body: { userId: member.id, roleIds: [role.id], scopeType: 'SELF' },
      },
    });
    expect(res.json().changes).toEqual([
      expect.objectContaining({ entityId: desk, key: 'account_view', child: false, change: 'gain' }),
    ]);
    const outsider = await createUser(t, {
      homeEntityId: (await createEntity(t, uniqueName('Elsewhere '))).id,
    });
    const foreign = await admin.post('/api/rights/preview', {
      entityId: desk,
      change: { kind: 'user-management/assign', body: { userId: outsider.id, groupIds: [] } },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an administrator changing their own rights, and a disable of themselves', async () => {
    const res = await admin.put('/api/user-management/roles/update', {
      entityId: root,
      userId: adminId,
      roles: [],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own rights');
    const off = await admin.put('/api/user-management/update', {
      entityId: root,
      userId: adminId,
      status: 'disabled',
    });
    expect(off.statusCode).toBe(403);
  });

  it('unlocks a user the sign-in throttle locked', async () => {
    const user = await createUser(t, { homeEntityId: root });
    await t.database.db.execute(
      sql`insert into login_throttle (key, failures, locked_until) values (${`account:${user.username.toLowerCase()}`}, 10, now() + interval '15 minutes')`,
    );
    const listed = await admin.post('/api/user-management/', { entityId: root, search: user.username });
    expect(listed.json().items[0].lockedUntil).toEqual(expect.any(String));
    const res = await admin.put('/api/user-management/update', {
      entityId: root,
      userId: user.id,
      unlock: true,
    });
    expect(res.json().lockedUntil).toBeNull();
  });
});
