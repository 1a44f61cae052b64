import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser, DEFAULT_PASSWORD } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('sessions', () => {
  const t = useTestApp();
  const protectedCall = (a: Agent, extra = {}) => a.post('/api/profile/change-password', {}, extra);

  async function signIn(username: string, password = DEFAULT_PASSWORD) {
    const a = new Agent(t.app);
    expect((await a.post('/api/auth/login', { username, password })).statusCode).toBe(200);
    return a;
  }

  it('sets an HttpOnly, SameSite session cookie and readable CSRF and validity cookies', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(byName['clearway.sid']).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(byName['clearway.csrf']?.httpOnly).toBeFalsy();
    expect(Number(byName['clearway.session-valid']?.value)).toBeGreaterThan(Date.now() / 1000);
    // Only the token's hash is stored.
    const stored = await t.database.db.execute<{ id: string }>(
      sql`select id from sessions where user_id = ${user.id}`,
    );
    expect(stored.rows[0]!.id).not.toBe(byName['clearway.sid']!.value);
  });

  it('uses a Secure __Host- cookie in production settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(res.cookies.find((c) => c.name === 'clearway.csrf')).toBeDefined();
    const { cookieSettings } = await import('./session-cookies');
    expect(cookieSettings({ ...t.config, APP_ENV: 'production', COOKIE_SECURE: undefined })).toEqual({
      secure: true,
      sessionCookie: '__Host-clearway.sid',
    });
  });

  it('refuses a cookie-authenticated state-changing call without the CSRF header (403)', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    const res = await protectedCall(a, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/CSRF/);
    expect((await protectedCall(a, { headers: { 'x-csrf-token': 'forged' }, csrf: false })).statusCode).toBe(
      403,
    );
    expect((await protectedCall(a)).statusCode).toBe(400);
  });

  it('ends the session at logout: the old cookie then gets 401', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    const old = { ...a.cookies };
    const res = await a.post('/api/account/logout', { isMsEntra: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/login' });
    const replay = new Agent(t.app);
    replay.cookies = old;
    expect((await protectedCall(replay)).statusCode).toBe(401);
  });

  it('rejects a logout body with unknown fields', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    expect((await a.post('/api/account/logout', { everywhere: true })).statusCode).toBe(400);
  });

  it('ends the other sessions when the password changes, keeping the current one', async () => {
    const user = await createUser(t);
    const first = await signIn(user.username);
    const second = await signIn(user.username);
    const res = await first.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Another-Strong-Pass-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await protectedCall(second)).statusCode).toBe(401);
    expect((await protectedCall(first)).statusCode).toBe(400);
  });

  it('refuses a password change with a wrong current password or a weak new one', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    const wrong = await a.post('/api/profile/change-password', {
      currentPassword: 'wrong',
      newPassword: 'Another-Strong-Pass-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('currentPassword');
    const weak = await a.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toMatch(/at least 12/);
    const same = await a.post('/api/profile/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: DEFAULT_PASSWORD,
    });
    expect(same.json().errors.password).toMatch(/last 5/);
  });

  it('ends every session of a user who is disabled', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    await t.services.users.setStatus(user.id, 'disabled');
    expect((await protectedCall(a)).statusCode).toBe(401);
  });

  it('ends a session idle for longer than the idle time-out', async () => {
    const user = await createUser(t);
    const a = await signIn(user.username);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = ${user.id}`,
    );
    expect((await protectedCall(a)).statusCode).toBe(401);
  });

  it('answers an authenticated call without any credential with 401 before any work', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password',
      payload: { not: 'validated' },
    });
    expect(res.statusCode).toBe(401);
  });
});
