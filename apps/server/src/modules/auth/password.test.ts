import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK } from './password.service';
import { nthLinkTo, useResetMailWorker } from './password.test-support';

describe('password flows', () => {
  const t = useTestApp();
  // The link is mailed by a background job after the answer.
  useResetMailWorker(t);
  const forgot = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

  /** The link of the first mail to `email`, once the job has sent it. */
  const linkFor = (email: string) => nthLinkTo(t, email, 1);

  it('answers the same for known and unknown accounts', async () => {
    const user = await createUser(t);
    const known = await forgot(user.username);
    const unknown = await forgot('nobody-at-all');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(FORGOT_PASSWORD_ANSWER);
  });

  it('mails a single-use link that sets a new password and does not sign in or skip 2FA', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    await forgot(user.email);
    const token = await linkFor(user.email);
    const res = await reset(token, 'Brand-New-Secret-77');
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toHaveLength(0);
    expect((await reset(token, 'Another-New-Secret-88')).json().message).toBe(INVALID_RESET_LINK);

    const a = new Agent(t.app);
    const login = await a.post('/api/auth/login', {
      username: user.username,
      password: 'Brand-New-Secret-77',
    });
    expect(login.json().require2fa).toBe('setup');
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t);
    await forgot(user.username);
    const token = await linkFor(user.email);
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`,
    );
    const res = await reset(token, 'Brand-New-Secret-77');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: 'Invalid Request', message: INVALID_RESET_LINK });
  });

  it('shows the policy failure as the message and keeps the link usable', async () => {
    const user = await createUser(t);
    await forgot(user.username);
    const token = await linkFor(user.email);
    const weak = await reset(token, 'weakpassword');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/upper-case/);
    expect((await reset(token, 'Brand-New-Secret-77')).statusCode).toBe(200);
  });

  it('ends existing sessions when the password is reset', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    await a.post('/api/auth/login', { username: user.username, password: user.password });
    await forgot(user.username);
    await reset(await linkFor(user.email), 'Brand-New-Secret-77');
    expect((await a.post('/api/profile/change-password', {})).statusCode).toBe(401);
  });

  it('reports the password requirements', async () => {
    const res = await t.app.inject({ url: '/api/auth/reset-password-requirements' });
    expect(res.json()).toMatchObject({ minLength: 12, historySize: 5, notUsername: true });
  });
});
