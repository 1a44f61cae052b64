import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { useTestApp } from '../../test/test-app';
import { seedDemoData } from '../demo/demo-data.seed';
import { idOf, signInAs, userIdOf } from './rights-test-kit';

/**
 * Issue 38 item 2 on the demo tree: `access.admin` (users, API keys, roles, 2FA support — no
 * approve keys) may not act on the credentials of `ops.checker`, who holds approve_deposit;
 * `admin`, who holds every key the checker holds, may.
 */
describe('the credential rule: only who could grant every right the target holds acts on its credentials', () => {
  const t = useTestApp();
  let accessAdmin: Agent;
  let admin: Agent;
  let aurora = 0;
  let checkerId = '';
  let checkerKey = '';

  /** Everything a credential call could change about the checker, in one row. */
  async function checkerState() {
    const rows = await t.database.db.execute(sql`
      select u.email, u.status, u.totp_enabled, u.totp_secret, u.two_factor_required, u.password_changed_at,
             (select count(*)::int from sessions s where s.user_id = u.id) as sessions,
             (select count(*)::int from email_changes e where e.user_id = u.id) as pending_emails,
             (select count(*)::int from password_reset_tokens p where p.user_id = u.id) as links,
             (select count(*)::int from login_throttle l
               where l.key = 'account:' || lower(u.username) and l.locked_until > now()) as locks,
             (select json_agg(k order by k.id) from
               (select id, name, expires_at, allowed_cidrs, revoked_at from api_keys where created_by = u.id) k) as keys,
             (select count(*)::int from user_sso_links l where l.user_id = u.id) as sso_links,
             (select count(*)::int from mail_outbox) as mails
        from users u where u.id = ${checkerId}`);
    return rows.rows[0];
  }

  const lockChecker = () =>
    t.database.db.execute(
      sql`insert into login_throttle (key, failures, locked_until) values ('account:ops.checker', 10, now() + interval '15 minutes')
          on conflict (key) do update set locked_until = excluded.locked_until`,
    );

  beforeAll(async () => {
    await seedDemoData(t.database.db, t.services.users, t.services.authorization);
    aurora = await idOf(t, 'entities', 'Aurora Markets');
    checkerId = await userIdOf(t, 'ops.checker');
    accessAdmin = await signInAs(t, 'access.admin');
    admin = await signInAs(t, 'admin');
    // The checker is signed in, locked out of a second device, and owns an API key.
    await signInAs(t, 'ops.checker');
    await lockChecker();
    checkerKey = (
      await t.services.auth.tokens.createApiKey({
        name: 'Checker feed',
        homeEntityId: aurora,
        createdBy: checkerId,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
    ).id;
  });

  type Row = { row: string; call: (a: Agent) => ReturnType<Agent['put']>; allowed: number };
  const ROWS: Row[] = [
    {
      row: 'e-mail change',
      call: (a) =>
        a.put('/api/user-management/update', {
          entityId: aurora,
          userId: checkerId,
          email: 'taken@evil.test',
        }),
      allowed: 200,
    },
    {
      // The rule passes for admin; the checker set a password long ago, so no set-password link.
      row: 'set-password (invite) link',
      call: (a) =>
        a.put('/api/user-management/update', { entityId: aurora, userId: checkerId, resendInvite: true }),
      allowed: 409,
    },
    {
      row: '2FA reset',
      call: (a) =>
        a.put('/api/user-management/2fa/update', {
          entityId: aurora,
          userId: checkerId,
          action: 'reset',
          reason: 'Lost phone',
        }),
      allowed: 200,
    },
    {
      row: 'two-factor rule',
      call: (a) =>
        a.put('/api/user-management/update', {
          entityId: aurora,
          userId: checkerId,
          twoFactorRequired: false,
        }),
      allowed: 200,
    },
    {
      row: 'unlock',
      call: (a) =>
        a.put('/api/user-management/update', { entityId: aurora, userId: checkerId, unlock: true }),
      allowed: 200,
    },
    {
      row: 'disable',
      call: (a) =>
        a.put('/api/user-management/update', { entityId: aurora, userId: checkerId, status: 'disabled' }),
      allowed: 200,
    },
    {
      row: 'enable',
      call: (a) =>
        a.put('/api/user-management/update', { entityId: aurora, userId: checkerId, status: 'active' }),
      allowed: 200,
    },
    {
      // A linked identity signs in as the user.
      row: 'SSO link',
      call: (a) =>
        a.post('/api/sso/create', {
          entityId: aurora,
          userId: checkerId,
          issuer: 'https://idp.example.com',
          subject: `sub-${Math.random()}`,
        }),
      allowed: 200,
    },
    {
      row: 'update of the user’s API key',
      call: (a) =>
        a.put('/api/user-management/api-keys/update', {
          entityId: aurora,
          apiKeyId: checkerKey,
          allowedCidrs: ['198.51.100.7'],
        }),
      allowed: 200,
    },
    {
      row: 'revocation of the user’s API key',
      call: (a) => a.post('/api/user-management/api-keys/revoke', { entityId: aurora, apiKeyId: checkerKey }),
      allowed: 200,
    },
  ];

  it.each(ROWS)('refuses access.admin the $row of an approver (403, nothing changed)', async ({ call }) => {
    const before = await checkerState();
    const res = await call(accessAdmin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 403,
      title: 'Access Denied',
      message: expect.stringMatching(/^You cannot .+: they hold \w+, which you could not grant$/),
    });
    expect(await checkerState()).toEqual(before);
  });

  it('names the key the actor lacks', async () => {
    const res = await ROWS[2]!.call(accessAdmin);
    expect(res.json().message).toMatch(
      /^You cannot reset the two-factor authentication of this user: they hold approve_(deposit|withdrawal|whitelist), which you could not grant$/,
    );
  });

  it.each(ROWS)(
    'allows the $row to an administrator holding every right of the approver',
    async ({ call, allowed }) => {
      const res = await call(admin);
      expect([res.statusCode, res.statusCode === 403 ? res.json().message : '']).toEqual([allowed, '']);
    },
  );

  it('allows access.admin to act on a user holding only keys it holds itself', async () => {
    const viewer = await userIdOf(t, 'viewer');
    const res = await accessAdmin.put('/api/user-management/2fa/update', {
      entityId: aurora,
      userId: viewer,
      action: 'reset',
      reason: 'New phone',
    });
    expect(res.statusCode).toBe(200);
  });
});
