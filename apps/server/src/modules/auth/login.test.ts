import { INVALID_PASSWORD_MESSAGE, INVALID_TOTP_MESSAGE } from '@clearway/contracts/session';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { currentCode } from './two-factor';

const NEXT_STEP_MS = 30_000;

describe('sign-in with password and two-factor', () => {
  const t = useTestApp();
  /** A call only a fully signed-in session may make: an empty body answers 400, not 401. */
  const signedIn = async (a: Agent) => (await a.post('/api/profile/change-password', {})).statusCode === 400;

  it('takes a new user through password → 2FA setup → verify → signed in', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const a = new Agent(t.app);
    const login = await a.post('/api/auth/login', {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: user.username, require2fa: 'setup' });
    expect(await signedIn(a)).toBe(false);

    const setup = await a.post('/api/auth/twoFactor/setup-verify');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode, authenticatorApps } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Clearway:/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(authenticatorApps.length).toBeGreaterThan(0);

    const pendingSid = a.cookies['clearway.sid'];
    const verify = await a.post('/api/auth/twoFactor/verify', { token: currentCode(secret) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().require2fa).toBe('success');
    expect(a.cookies['clearway.sid']).not.toBe(pendingSid);
    expect(await signedIn(a)).toBe(true);
    expect((await a.get('/api/auth/session')).json()).toMatchObject({
      require2fa: 'success',
      user: { username: user.username },
    });

    // The TOTP secret is stored sealed, never in the clear.
    const row = await t.database.db.execute<{ totp_secret: string }>(
      sql`select totp_secret from users where id = ${user.id}`,
    );
    expect(row.rows[0]!.totp_secret).toMatch(/^v1\./);
    expect(row.rows[0]!.totp_secret).not.toContain(secret);

    // Next sign-in asks to verify; a code from the next time step lets the user in.
    const again = new Agent(t.app);
    expect(
      (await again.post('/api/auth/login', { username: user.username, password: user.password })).json()
        .require2fa,
    ).toBe('verify');
    const code = currentCode(secret, Date.now() + NEXT_STEP_MS);
    expect((await again.post('/api/auth/twoFactor/verify', { token: code })).statusCode).toBe(200);
    expect(await signedIn(again)).toBe(true);

    // The same code again is a replay.
    const replay = new Agent(t.app);
    await replay.post('/api/auth/login', { username: user.username, password: user.password });
    const res = await replay.post('/api/auth/twoFactor/verify', { token: code });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_TOTP_MESSAGE);
  });

  it('refuses a wrong code with the generic two-factor message', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const a = new Agent(t.app);
    await a.post('/api/auth/login', { username: user.username, password: user.password });
    const { secret } = (await a.post('/api/auth/twoFactor/setup-verify')).json();
    const wrong = String((Number(currentCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await a.post('/api/auth/twoFactor/verify', { token: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ title: 'Unauthorized Access', message: INVALID_TOTP_MESSAGE });
  });

  it('rejects a malformed code with 400 and a field message', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const a = new Agent(t.app);
    await a.post('/api/auth/login', { username: user.username, password: user.password });
    const res = await a.post('/api/auth/twoFactor/verify', { token: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toMatch(/6-digit/);
  });

  it('expires a pending two-factor step', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const a = new Agent(t.app);
    await a.post('/api/auth/login', { username: user.username, password: user.password });
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await a.post('/api/auth/twoFactor/setup-verify')).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const user = await createUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody-here', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(INVALID_PASSWORD_MESSAGE);
  });

  it('refuses a disabled user with the generic message', async () => {
    const user = await createUser(t);
    await t.services.users.setStatus(user.id, 'disabled');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_PASSWORD_MESSAGE);
  });

  it('rejects unknown fields in the login body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 'b', admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('admin');
  });

  it('signs a user without required 2FA straight in and audits it', async () => {
    const user = await createUser(t, { twoFactorRequired: false });
    const a = new Agent(t.app);
    expect(
      (await a.post('/api/auth/login', { username: user.username, password: user.password })).json()
        .require2fa,
    ).toBe('no');
    expect(await signedIn(a)).toBe(true);
    const audit = await t.database.db.execute<{
      outcome: string;
      ip: string | null;
      user_agent: string | null;
    }>(
      sql`select outcome, ip, user_agent from audit_events where action = 'auth.login' and target = ${user.username}`,
    );
    expect(audit.rows).toContainEqual({ outcome: 'success', ip: '127.0.0.1', user_agent: 'lightMyRequest' });
  });
});
