import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createEntity, createUser, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { EMAIL_CONFIRMED, INVALID_EMAIL_LINK } from './email-change.service';

/**
 * Issue 38 item 2: an e-mail change of a user who signed in before waits for the new
 * address's confirmation (the old one is told); a set-password link only for a user who
 * never set one; a 2FA reset ends the user's sessions and bearer tokens and is audited
 * with its reason.
 */
describe('user credentials: e-mail changes, set-password links and 2FA resets', () => {
  const t = useTestApp();
  let root = 0;
  let admin: Agent;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
  });

  const mailsTo = async (to: string) =>
    (
      await t.database.db.execute<{ subject: string; body: string }>(
        sql`select subject, body from mail_outbox where "to" = ${to} order by id`,
      )
    ).rows;
  const tokenIn = (body: string) => /confirm-email\?token=([\w-]+)/.exec(body)?.[1];
  const emailOf = async (id: string) => (await t.services.users.findById(id))!.email;
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/user-management/email/confirm', payload: { token } });
  const changeEmail = (userId: string, email: string) =>
    admin.put('/api/user-management/update', { entityId: root, userId, email });

  /** A user who has signed in before, and the link mailed for a change of their address. */
  async function pendingChange() {
    const { user } = await signedInUser(t, root);
    const next = `${uniqueName('new.')}@example.com`;
    const res = await changeEmail(user.id, next);
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(next);
    return { user, next, res, token: tokenIn(mail!.body)! };
  }

  it('keeps the e-mail of a user who signed in before until the new address confirms it, and tells the old address', async () => {
    const { user, next, res, token } = await pendingChange();
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: next });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(token).toBeTruthy();
    expect((await mailsTo(user.email)).map((m) => m.body).join('\n')).toContain(next);
    const stored = await t.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from email_changes where user_id = ${user.id}`,
    );
    expect(stored.rows[0]!.token_hash).not.toBe(token);

    const done = await confirm(token);
    expect([done.statusCode, done.json()]).toEqual([200, { message: EMAIL_CONFIRMED }]);
    expect(await emailOf(user.id)).toBe(next);
    const listed = await admin.post('/api/user-management/', { entityId: root, search: user.username });
    expect(listed.json().items[0]).toMatchObject({ email: next, pendingEmail: null });
    const audited = await t.database.db.execute(
      sql`select 1 from audit_events where action = 'user.email.confirm' and target = ${user.username}`,
    );
    expect(audited.rows).toHaveLength(1);
  });

  it('uses a confirmation link once', async () => {
    const { token } = await pendingChange();
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect([again.statusCode, again.json().message]).toEqual([400, INVALID_EMAIL_LINK]);
  });

  it('refuses an expired confirmation link and changes nothing', async () => {
    const { user, token } = await pendingChange();
    await t.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const res = await confirm(token);
    expect([res.statusCode, res.json().message]).toEqual([400, INVALID_EMAIL_LINK]);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('ends the first link when a second change is asked for', async () => {
    const { user, token: first } = await pendingChange();
    const second = `${uniqueName('second.')}@example.com`;
    await changeEmail(user.id, second);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(tokenIn((await mailsTo(second))[0]!.body)!)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
  });

  it('refuses an empty or unknown token with 400', async () => {
    expect((await confirm('')).statusCode).toBe(400);
    expect((await confirm('not-a-token')).json().message).toBe(INVALID_EMAIL_LINK);
  });

  /** An invited user: created by the administrator, never signed in, no password of their own. */
  async function invited() {
    const username = uniqueName('invitee.').replace(/[^A-Za-z0-9._-]/g, '');
    const res = await admin.post('/api/user-management/create', {
      entityId: root,
      username,
      email: `${username}@example.com`,
      displayName: 'Invited Person',
      homeEntityId: root,
      twoFactorRequired: false,
    });
    return res.json() as { id: string; email: string };
  }

  it('changes the e-mail of a user who never signed in at once', async () => {
    const user = await invited();
    const next = `${uniqueName('typo.')}@example.com`;
    const res = await changeEmail(user.id, next);
    expect(res.json()).toMatchObject({ email: next, pendingEmail: null });
    expect(await emailOf(user.id)).toBe(next);
  });

  it('sends a set-password link only to a user who never set a password (409 otherwise, nothing sent)', async () => {
    const user = await createUser(t, { homeEntityId: root });
    const links = sql`select count(*)::int as n from password_reset_tokens where user_id = ${user.id}`;
    const res = await admin.put('/api/user-management/update', {
      entityId: root,
      userId: user.id,
      resendInvite: true,
    });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'This user has set a password already: they can use "Forgot password" to choose a new one',
    ]);
    expect((await t.database.db.execute<{ n: number }>(links)).rows[0]!.n).toBe(0);
    expect(await mailsTo(user.email)).toEqual([]);

    const fresh = await invited();
    const resent = await admin.put('/api/user-management/update', {
      entityId: root,
      userId: fresh.id,
      resendInvite: true,
    });
    expect(resent.statusCode).toBe(200);
    expect(await mailsTo(fresh.email)).toHaveLength(2);
  });

  it('ends the sessions and bearer tokens of a user whose 2FA is reset, and audits the reason', async () => {
    const user = await createUser(t, { homeEntityId: root });
    await grant(t, user.id, root, ['account_management']);
    const session = new Agent(t.app);
    await session.post('/api/auth/login', { username: user.username, password: user.password });
    const bearer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { username: user.username, password: user.password },
      })
    ).json().accessToken as string;
    const view = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/entity/view',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { entityId: root },
      });
    expect((await view()).statusCode).toBe(200);

    const res = await admin.put('/api/user-management/2fa/update', {
      entityId: root,
      userId: user.id,
      action: 'reset',
      reason: 'Lost phone, identity checked by call-back',
    });
    expect(res.statusCode).toBe(200);
    expect((await session.post('/api/entity/view', { entityId: root })).statusCode).toBe(401);
    expect((await view()).statusCode).toBe(401);
    const audited = await t.database.db.execute<{ details: { reason: string } }>(
      sql`select details from audit_events where action = 'user.2fa.reset' and target = ${user.username}`,
    );
    expect(audited.rows.map((r) => r.details.reason)).toEqual(['Lost phone, identity checked by call-back']);
  });

  it('refuses a 2FA reset without a reason (400) and changes nothing', async () => {
    const { user, agent } = await signedInUser(t, root);
    const res = await admin.put('/api/user-management/2fa/update', {
      entityId: root,
      userId: user.id,
      action: 'reset',
      reason: '  ',
    });
    expect([res.statusCode, res.json().errors]).toEqual([400, { reason: 'Give the reason for the reset' }]);
    expect((await agent.post('/api/entity/view', { entityId: root })).statusCode).not.toBe(401);
  });
});
