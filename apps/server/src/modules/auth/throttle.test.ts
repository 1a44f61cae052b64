import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { failureDelayMs } from './throttle.service';

describe('brute-force protection', () => {
  const t = useTestApp({ LOGIN_LOCK_THRESHOLD: '10', LOGIN_LOCK_MINUTES: '15' });
  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });

  it('locks an account for 15 minutes after 10 failures; other users are unaffected', async () => {
    const victim = await createUser(t);
    const bystander = await createUser(t);
    for (let i = 0; i < 10; i++)
      expect((await login(victim.username, 'wrong-password')).statusCode).toBe(401);
    const locked = await login(victim.username, victim.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ title: 'Rate Limit Exceeded' });
    expect(locked.json().message).toMatch(/Try again in 15 minutes/);
    expect(locked.headers['retry-after']).toBe('900');
    expect((await login(bystander.username, bystander.password)).statusCode).toBe(200);

    // Once the documented time has passed the real user gets in again.
    await t.database.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second'`);
    expect((await login(victim.username, victim.password)).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 10; i++) await login('ghost-user', 'wrong-password', '10.0.0.2');
    expect((await login('ghost-user', 'whatever', '10.0.0.2')).statusCode).toBe(429);
  });

  it('audits each failed attempt', async () => {
    const user = await createUser(t);
    await login(user.username, 'bad-1');
    await login(user.username, 'bad-2');
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'auth.login' and outcome = 'failure' and target = ${user.username}`,
    );
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('waits longer after each failure, up to a ceiling', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => failureDelayMs(n, 250, 4000))).toEqual([
      250, 500, 1000, 2000, 4000, 4000,
    ]);
    expect(failureDelayMs(3, 0, 4000)).toBe(0);
  });
});

describe('per-IP lock', () => {
  const t = useTestApp({ LOGIN_IP_LOCK_THRESHOLD: '5' });

  it('locks an IP that fails across many accounts', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `spray${i}`, password: 'x' },
        remoteAddress: '10.9.9.9',
      });
    }
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: '10.8.8.8',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY)', () => {
  const PROXY = '10.0.0.254';
  const t = useTestApp({ LOGIN_IP_LOCK_THRESHOLD: '5', TRUST_PROXY: PROXY });
  /** A sign-in from `client`, relayed by the proxy unless `direct`. */
  const login = (username: string, password: string, client: string, direct?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: direct ?? PROXY,
      headers: { 'x-forwarded-for': client },
    });

  it('locks the client the proxy names, not the proxy, and audits that address', async () => {
    for (let i = 0; i < 5; i++) await login(`proxied-spray${i}`, 'x', '198.51.100.7');
    const user = await createUser(t);
    expect((await login(user.username, user.password, '198.51.100.7')).statusCode).toBe(429);
    // Every other client of the same proxy still signs in.
    expect((await login(user.username, user.password, '198.51.100.8')).statusCode).toBe(200);
    const audited = await t.database.db.execute<{ ip: string }>(
      sql`select ip from audit_events where action = 'auth.login' and outcome = 'success' and target = ${user.username}`,
    );
    expect(audited.rows.map((r) => r.ip)).toEqual(['198.51.100.8']);
  });

  it('ignores X-Forwarded-For from anyone but the proxy, so a caller cannot pose as another', async () => {
    for (let i = 0; i < 5; i++) await login(`direct-spray${i}`, 'x', '198.51.100.20', '10.7.7.7');
    const user = await createUser(t);
    // The failures were counted against the caller's own address, not the forged one.
    expect((await login(user.username, user.password, '198.51.100.20')).statusCode).toBe(200);
    expect((await login(user.username, user.password, '198.51.100.21', '10.7.7.7')).statusCode).toBe(429);
  });
});
