import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { FORGOT_PASSWORD_ANSWER } from './password.service';
import { mailsTo, queuedResetJobs, startResetMailWorker } from './password.test-support';
import { RESET_REQUESTS_LIMITED } from './throttle.service';

const LIMIT = 3;
const IP_LIMIT = 6;

/**
 * `forgot-password` is throttled like sign-in — per identifier as submitted (known or not)
 * and per client address — and answers before anything is looked up: the link is made and
 * mailed by a background job.
 */
describe('forgot-password', () => {
  const t = useTestApp({
    FORGOT_PASSWORD_LIMIT: String(LIMIT),
    FORGOT_PASSWORD_IP_LIMIT: String(IP_LIMIT),
    LOGIN_LOCK_MINUTES: '15',
  });
  let nextIp = 1;
  /** A client address no other test used. */
  const freshIp = () => `10.38.6.${nextIp++}`;
  const forgot = (username: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username },
      remoteAddress: ip,
    });
  const statuses = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
    const out: number[] = [];
    for (const call of calls) out.push((await call()).statusCode);
    return out;
  };
  const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

  it(`answers 429 after ${LIMIT} calls for one account, in the section 8 shape, queueing nothing more`, async () => {
    const user = await createUser(t);
    const before = await queuedResetJobs(t);
    const answers = await statuses(times(LIMIT, () => () => forgot(user.username, freshIp())));
    expect(answers).toEqual(times(LIMIT, () => 200));
    const refused = await forgot(user.username, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      title: 'Rate Limit Exceeded',
      message: RESET_REQUESTS_LIMITED('15 minutes'),
    });
    expect(refused.json().message).toBe('Too many password reset requests. Try again in 15 minutes.');
    expect(refused.headers['retry-after']).toBe('900');
    expect(await queuedResetJobs(t)).toBe(before + LIMIT);
  });

  it('counts the identifier as submitted, known or not: an unknown one is limited at the same count', async () => {
    const known = await createUser(t);
    const runOf = (name: string) => statuses(times(LIMIT + 1, () => () => forgot(name, freshIp())));
    const unknownName = `nobody-${known.username}`;
    expect(await runOf(unknownName)).toEqual(await runOf(known.username));
    // Case and surrounding spaces do not make a new identifier.
    expect((await forgot(` ${unknownName.toUpperCase()} `, freshIp())).statusCode).toBe(429);
  });

  it(`answers 429 after ${IP_LIMIT} calls from one address, whatever identifiers it names`, async () => {
    const ip = freshIp();
    const answers = await statuses(times(IP_LIMIT, (i) => () => forgot(`someone-${i}-of-${ip}`, ip)));
    expect(answers).toEqual(times(IP_LIMIT, () => 200));
    const refused = await forgot('yet-another-name', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(RESET_REQUESTS_LIMITED('15 minutes'));
    // Another address is not held up.
    expect((await forgot('yet-another-name', freshIp())).statusCode).toBe(200);
  });

  it('does not lock the account out of signing in', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    await statuses(times(LIMIT + 1, () => () => forgot(user.username, ip)));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: ip,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and counts nothing', async () => {
    const ip = freshIp();
    const before = await queuedResetJobs(t);
    for (const payload of [
      {},
      { username: '' },
      { username: 'a'.repeat(321) },
      { username: 'x', extra: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload,
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, title: 'Invalid Request' });
    }
    expect(await queuedResetJobs(t)).toBe(before);
    const counted = await t.database.db.execute(
      sql`select 1 from login_throttle where key = ${`reset-ip:${ip}`}`,
    );
    expect(counted.rows).toHaveLength(0);
  });

  it('answers before the mail exists; once the job runs, exactly one mail per accepted call, none for an unknown name', async () => {
    const user = await createUser(t);
    const ip = freshIp();
    for (const name of [user.username, user.email, 'nobody-at-all-38']) {
      const res = await forgot(name, ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await mailsTo(t, user.email)).toEqual([]);

    const worker = await startResetMailWorker(t);
    try {
      await vi.waitFor(async () => expect(await queuedResetJobs(t)).toBe(0), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await worker.stop();
    }
    const mails = await mailsTo(t, user.email);
    expect(mails).toHaveLength(2);
    for (const body of mails) expect(body).toMatch(/\/reset-password\?token=[\w-]+/);
    const audited = await t.database.db.execute<{
      outcome: string;
      target: string;
      reason: string | null;
    }>(sql`
      select outcome, target, details->>'reason' as reason from audit_events
      where action = 'auth.password.forgot' and target in (${user.username}, ${user.email}, 'nobody-at-all-38')
      order by id`);
    expect(audited.rows).toEqual([
      { outcome: 'success', target: user.username, reason: null },
      { outcome: 'success', target: user.email, reason: null },
      { outcome: 'failure', target: 'nobody-at-all-38', reason: 'no active account' },
    ]);
  });

  it('mails no link for a call made before the password changed, however late its job runs', async () => {
    const user = await createUser(t);
    expect((await forgot(user.username, freshIp())).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5)); // the change comes strictly after the call
    await t.services.users.setPassword(user, 'Changed-Meanwhile-55');
    const worker = await startResetMailWorker(t);
    try {
      await vi.waitFor(async () => expect(await queuedResetJobs(t)).toBe(0), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await worker.stop();
    }
    expect(await mailsTo(t, user.email)).toEqual([]);
    const audited = await t.database.db.execute<{ reason: string }>(sql`
      select details->>'reason' as reason from audit_events
      where action = 'auth.password.forgot' and target = ${user.username}`);
    expect(audited.rows).toEqual([{ reason: 'password changed since' }]);
  });

  it(`mails one user at most ${LIMIT} links in the window, whichever of their identifiers asked`, async () => {
    const user = await createUser(t);
    const names = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase()];
    for (const name of names) expect((await forgot(name, freshIp())).statusCode).toBe(200);
    const worker = await startResetMailWorker(t);
    try {
      await vi.waitFor(async () => expect(await queuedResetJobs(t)).toBe(0), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await worker.stop();
    }
    expect(await mailsTo(t, user.email)).toHaveLength(LIMIT);
  });
});
