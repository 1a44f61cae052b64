import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser, DEFAULT_PASSWORD } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { CHANGE_PASSWORD_REFUSED } from './password.service';
import { accountKey } from './throttle.service';
import { untilCounted } from './throttle.test-support';

const THRESHOLD = 10;
const FRESH = 'Fresh-Strong-Pass-91';
const count = (answers: { statusCode: number }[], status: number) =>
  answers.filter((a) => a.statusCode === status).length;

/**
 * `profile/change-password` checks the current password: it is a guess like a sign-in, so
 * it shares the sign-in's count, delay and lock, and its answers never tell a right current
 * password from a wrong one unless the password changes.
 */
describe('changing the password guards the current password like a sign-in', () => {
  const t = useTestApp({ LOGIN_LOCK_THRESHOLD: String(THRESHOLD), LOGIN_LOCK_MINUTES: '15' });

  async function signedIn(ip: string) {
    const user = await createUser(t);
    const a = new Agent(t.app);
    const res = await a.post(
      '/api/auth/login',
      { username: user.username, password: user.password },
      { remoteAddress: ip },
    );
    expect(res.statusCode).toBe(200);
    const change = (currentPassword: string, newPassword: string) =>
      a.post('/api/profile/change-password', { currentPassword, newPassword }, { remoteAddress: ip });
    return { user, change };
  }
  const passwordStamp = async (userId: string) =>
    (
      await t.database.db.execute<{ at: string }>(
        sql`select password_changed_at::text as at from users where id = ${userId}`,
      )
    ).rows[0]!.at;
  const checkedGuesses = async (username: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_events
            where action = 'auth.password.change' and outcome = 'failure' and target = ${username}`,
      )
    ).rows[0]!.n;

  it('checks at most 10 of 20 concurrent wrong current passwords; the rest are refused as locked', async () => {
    const { user, change } = await signedIn('10.2.0.1');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-${i}`, FRESH)));
    expect(count(answers, 400) + count(answers, 429)).toBe(20);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(20 - THRESHOLD);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json()).toMatchObject({ message: CHANGE_PASSWORD_REFUSED });
    }
    expect(await checkedGuesses(user.username)).toBe(THRESHOLD);
  });

  it('refuses the right current password sent in a burst once 10 wrong ones are counted, and keeps the password', async () => {
    const { user, change } = await signedIn('10.2.0.2');
    const before = await passwordStamp(user.id);
    const wrong = Array.from({ length: 11 }, (_, i) => change(`wrong-${i}`, FRESH));
    await untilCounted(t, accountKey(user.username), THRESHOLD);
    const right = await change(DEFAULT_PASSWORD, FRESH);
    expect(right.statusCode).toBe(429);
    expect(count(await Promise.all(wrong), 200)).toBe(0);
    expect(await passwordStamp(user.id)).toBe(before);
    expect(await checkedGuesses(user.username)).toBe(THRESHOLD);
  });

  it('shares the lock with sign-in: wrong current passwords lock the account', async () => {
    const { user, change } = await signedIn('10.2.0.3');
    for (let i = 0; i < THRESHOLD; i++) expect((await change(`wrong-${i}`, FRESH)).statusCode).toBe(400);
    const locked = await change(DEFAULT_PASSWORD, FRESH);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: '10.2.0.33',
    });
    expect(login.statusCode).toBe(429);
  });

  it('gives a wrong current password one answer whatever the new password is, and a right one with a recent password the same', async () => {
    const { user, change } = await signedIn('10.2.0.4');
    // The current password becomes FRESH; the default one is now a recent (refused) password.
    expect((await change(DEFAULT_PASSWORD, FRESH)).statusCode).toBe(200);
    const before = await passwordStamp(user.id);
    const wrongWithNew = await change('Not-The-Password-1', 'Brand-New-Secret-77');
    const wrongWithRecent = await change('Not-The-Password-1', DEFAULT_PASSWORD);
    const rightWithRecent = await change(FRESH, DEFAULT_PASSWORD);
    expect(wrongWithNew.statusCode).toBe(400);
    expect(wrongWithNew.json()).toEqual({
      status: 400,
      title: 'Invalid Request',
      message: CHANGE_PASSWORD_REFUSED,
      errors: { currentPassword: CHANGE_PASSWORD_REFUSED },
    });
    expect(wrongWithRecent.statusCode).toBe(400);
    expect(wrongWithRecent.json()).toEqual(wrongWithNew.json());
    expect(rightWithRecent.statusCode).toBe(400);
    expect(rightWithRecent.json()).toEqual(wrongWithNew.json());
    expect(await passwordStamp(user.id)).toBe(before);
  });

  it('answers a new password that breaks the policy before any secret is checked: the same for a right or wrong current password, and no guess counted', async () => {
    const { user, change } = await signedIn('10.2.0.5');
    const right = await change(DEFAULT_PASSWORD, 'short');
    const wrong = await change('Not-The-Password-1', 'short');
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.password).toMatch(/at least 12/);
    expect(wrong.json()).toEqual(right.json());
    const sameAsCurrent = await change('Not-The-Password-1', 'Not-The-Password-1');
    expect(sameAsCurrent.json().errors.password).toMatch(/last 5/);
    const counted = await t.database.db.execute(
      sql`select 1 from login_throttle where key = ${accountKey(user.username)} and failures > 0`,
    );
    expect(counted.rows).toHaveLength(0);
  });
});

describe('changing the password waits after a wrong current password', () => {
  const t = useTestApp({ LOGIN_DELAY_BASE_MS: '200', LOGIN_DELAY_MAX_MS: '400' });

  it('answers each wrong current password after the growing delay, like a failed sign-in', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    await a.post('/api/auth/login', { username: user.username, password: user.password });
    const timed = async () => {
      const started = performance.now();
      const res = await a.post('/api/profile/change-password', {
        currentPassword: 'Not-The-Password-1',
        newPassword: FRESH,
      });
      expect(res.statusCode).toBe(400);
      return performance.now() - started;
    };
    // Lower bounds only: the pause is at least base × 2^(n−1) before the answer.
    expect(await timed()).toBeGreaterThanOrEqual(195);
    expect(await timed()).toBeGreaterThanOrEqual(395);
  });
});
