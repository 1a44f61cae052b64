import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { accountKey } from './throttle.service';
import { untilCounted } from './throttle.test-support';
import { currentCode } from './two-factor';

const THRESHOLD = 10;
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/**
 * Many guesses sent at once: each is counted before its password or code is checked, so
 * however many arrive together, no more than the threshold are ever checked in a window.
 */
describe('brute-force protection under concurrent guesses', () => {
  const t = useTestApp({ LOGIN_LOCK_THRESHOLD: String(THRESHOLD), LOGIN_LOCK_MINUTES: '15' });
  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const failedAudits = async (action: string, target: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events where action = ${action} and outcome = 'failure' and target = ${target}`,
      )
    ).rows[0]!.n;

  it('checks at most 10 of 20 concurrent wrong passwords; the rest are refused as locked', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, 'wrong-password', '10.1.0.1')),
    );
    const got = statuses(answers);
    // Every guess is checked (and audited) or refused as locked; only the threshold is checked.
    expect(count(got, 401) + count(got, 429)).toBe(20);
    expect(count(got, 429)).toBeGreaterThanOrEqual(20 - THRESHOLD);
    expect(await failedAudits('auth.login', user.username)).toBe(THRESHOLD);
  });

  it('refuses the right password sent in a burst once 10 wrong ones are counted', async () => {
    const user = await createUser(t);
    const wrong = Array.from({ length: 11 }, () => login(user.username, 'wrong-password', '10.1.0.2'));
    await untilCounted(t, accountKey(user.username), THRESHOLD);
    const right = await login(user.username, user.password, '10.1.0.2');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('900');
    expect(count(statuses(await Promise.all(wrong)), 200)).toBe(0);
    expect(await failedAudits('auth.login', user.username)).toBe(THRESHOLD);
  });

  it('locks unknown usernames under a burst the same way', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('ghost-of-a-burst', 'wrong-password', '10.1.0.3')),
    );
    expect(count(statuses(answers), 401) + count(statuses(answers), 429)).toBe(20);
    expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(20 - THRESHOLD);
    expect(await failedAudits('auth.login', 'ghost-of-a-burst')).toBe(THRESHOLD);
  });

  it('checks at most 10 of 20 concurrent credential exchanges (auth/exchange); the right one after them is refused', async () => {
    const user = await createUser(t);
    const exchange = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        payload: { username: user.username, password },
        remoteAddress: '10.1.0.4',
      });
    const wrong = Array.from({ length: 20 }, () => exchange('wrong-password'));
    await untilCounted(t, accountKey(user.username), THRESHOLD);
    expect((await exchange(user.password)).statusCode).toBe(429);
    const got = statuses(await Promise.all(wrong));
    expect(count(got, 401) + count(got, 429)).toBe(20);
    expect(count(got, 429)).toBeGreaterThanOrEqual(20 - THRESHOLD);
    expect(await failedAudits('auth.login', user.username)).toBe(THRESHOLD);
  });

  it('checks at most 10 of 20 concurrent two-factor codes; the right code after them is refused', async () => {
    const user = await createUser(t, { twoFactorRequired: true });
    const a = new Agent(t.app);
    const signIn = await a.post(
      '/api/auth/login',
      { username: user.username, password: user.password },
      { remoteAddress: '10.1.0.5' },
    );
    expect(signIn.json().require2fa).toBe('setup');
    const { secret } = (await a.post('/api/auth/twoFactor/setup-verify')).json();
    const good = currentCode(secret);
    const bad = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    const verify = (token: string) =>
      a.post('/api/auth/twoFactor/verify', { token }, { remoteAddress: '10.1.0.5' });
    const wrong = Array.from({ length: 20 }, () => verify(bad));
    await untilCounted(t, accountKey(user.username), THRESHOLD);
    expect((await verify(good)).statusCode).toBe(429);
    const got = statuses(await Promise.all(wrong));
    expect(count(got, 401) + count(got, 429)).toBe(20);
    expect(count(got, 429)).toBeGreaterThanOrEqual(20 - THRESHOLD);
    expect(await failedAudits('auth.login', user.username)).toBe(THRESHOLD);
  });
});
