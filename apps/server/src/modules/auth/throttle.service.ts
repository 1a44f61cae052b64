import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** The counters one guess at a user's secret counts against: the account's and the caller's IP's. */
export const guessKeys = (username: string, ip?: string) => [
  accountKey(username),
  ...(ip ? [ipKey(ip)] : []),
];
/**
 * The counters one `forgot-password` call counts against: the identifier as submitted
 * (normalised like a sign-in's, known or not — a limit reached tells nothing about the
 * account) and the caller's address. Apart from the sign-in's: asking for links locks no one out.
 */
export const resetRequestKeys = (login: string, ip?: string) => [
  `reset-${accountKey(login)}`,
  ...(ip ? [`reset-${ipKey(ip)}`] : []),
];

/** The growing pause before a failed attempt is answered: base × 2^(n−1), capped. */
export function failureDelayMs(failures: number, baseMs: number, maxMs: number): number {
  if (failures <= 0 || baseMs === 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** (failures - 1));
}

/**
 * One admitted guess, as counted against each key before its secret was checked. `window`
 * and `lockedUntil` are PostgreSQL's text for them (a JS Date drops the microseconds), so a
 * refund touches only the window the guess was counted in, and a lock this guess reached
 * is told apart from one that later guesses reached.
 */
export type Attempt = {
  keys: { key: string; window: string; lockedUntil: string | null }[];
  /** This attempt's number in the account's window: the n of the growing delay. */
  accountAttempts: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a locked counter answers, for the minutes it stays locked. */
export type LockedMessage = (inMinutes: string) => string;
export const SIGN_IN_LOCKED: LockedMessage = (wait) =>
  `Too many failed sign-in attempts. Try again in ${wait}.`;
export const RESET_REQUESTS_LIMITED: LockedMessage = (wait) =>
  `Too many password reset requests. Try again in ${wait}.`;

function lockedError(seconds: number, message: LockedMessage = SIGN_IN_LOCKED): AppError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'RateLimited',
    429,
    message(`${minutes} minute${minutes === 1 ? '' : 's'}`),
    undefined,
    undefined,
    { 'Retry-After': String(minutes * 60) },
  );
}

/**
 * Brute-force protection kept in PostgreSQL, so every instance counts the same guesses.
 * Every path that checks a password or a TOTP code asks `admit` first: the guess is counted
 * and the locks tested under row locks in one transaction *before* the secret is checked,
 * so however many guesses arrive at once, at most LOGIN_LOCK_THRESHOLD are checked in a
 * window. The threshold-th admitted guess locks the account (known or not — no
 * enumeration) for LOGIN_LOCK_MINUTES; an IP locks after LOGIN_IP_LOCK_THRESHOLD.
 * `forgot-password` calls are counted the same way on counters of their own
 * (`resetRequestKeys`: FORGOT_PASSWORD_LIMIT per identifier, FORGOT_PASSWORD_IP_LIMIT per IP).
 *
 * Once checked, a guess asks `lockReachedSince`: if later guesses locked a key while this
 * one was being checked, it is refused as locked whether it was right or wrong, so a right
 * password inside a burst does not get in and the answer does not tell whether it was right.
 * A guess stays counted as a failure unless it proves right: then `refund` gives it back
 * (a right password whose second factor is still to come), or `succeed` clears the
 * account's count (a completed sign-in or change) and gives the attempt back to the rest.
 */
export function createThrottleService(db: Db, config: Config) {
  const window = sql`(${config.LOGIN_LOCK_MINUTES}::int * interval '1 minute')`;
  const thresholdOf = (key: SQL) => sql`(case
    when ${key} like 'ip:%' then ${config.LOGIN_IP_LOCK_THRESHOLD}::int
    when ${key} like 'reset-ip:%' then ${config.FORGOT_PASSWORD_IP_LIMIT}::int
    when ${key} like 'reset-account:%' then ${config.FORGOT_PASSWORD_LIMIT}::int
    else ${config.LOGIN_LOCK_THRESHOLD}::int end)`;
  // A window ends when it is older than the lock time, or when the lock it reached has passed.
  const windowOver = sql`(window_started_at < now() - ${window} or locked_until <= now())`;
  const nextCount = sql`(case when ${windowOver} then 1 else failures + 1 end)`;
  const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

  async function refundKeys(keys: Attempt['keys']): Promise<void> {
    if (keys.length === 0) return;
    await db.execute(sql`
      update login_throttle t set
        failures = greatest(t.failures - 1, 0),
        locked_until = case when t.failures - 1 < ${thresholdOf(sql`t.key`)} then null else t.locked_until end
      from unnest(${textArray(keys.map((k) => k.key))}, ${textArray(keys.map((k) => k.window))}::timestamptz[])
        as a(key, window_started_at)
      where t.key = a.key and t.window_started_at = a.window_started_at`);
  }

  return {
    /**
     * Counts a guess against every key, unless one of them is locked.
     * @throws RateLimited (429, Retry-After, `lockedMessage`) while any of the keys is locked
     */
    async admit(keyList: string[], lockedMessage: LockedMessage = SIGN_IN_LOCKED): Promise<Attempt> {
      const keys = [...new Set(keyList)].sort(); // one lock order for every caller
      const outcome = await db.transaction(async (tx) => {
        // Creates the missing rows and locks every row in one step (a no-op update still
        // locks), so a row deleted meanwhile by a success is made again rather than missed.
        const held = await tx.execute<{ locked_seconds: number | null }>(sql`
          insert into login_throttle as t (key, failures, window_started_at)
          select k, 0, now() from unnest(${textArray(keys)}) as k order by k
          on conflict (key) do update set failures = t.failures
          returning case when t.locked_until > now()
                         then extract(epoch from t.locked_until - now())::float8 end as locked_seconds`);
        const lockedSeconds = Math.max(0, ...held.rows.map((r) => Number(r.locked_seconds ?? 0)));
        if (lockedSeconds > 0) return { lockedSeconds, rows: [] };
        const counted = await tx.execute<{
          key: string;
          failures: number;
          window: string;
          locked_until: string | null;
        }>(sql`
          update login_throttle set
            failures = ${nextCount},
            window_started_at = case when ${windowOver} then now() else window_started_at end,
            locked_until = case when ${nextCount} >= ${thresholdOf(sql`key`)} then now() + ${window} end
          where key = any(${textArray(keys)})
          returning key, failures, window_started_at::text as window, locked_until::text`);
        return { lockedSeconds: 0, rows: counted.rows };
      });
      if (outcome.lockedSeconds > 0) throw lockedError(outcome.lockedSeconds, lockedMessage);
      const account = outcome.rows.find((r) => r.key.startsWith('account:'));
      return {
        keys: outcome.rows.map((r) => ({ key: r.key, window: r.window, lockedUntil: r.locked_until })),
        accountAttempts: Number(account?.failures ?? 0),
      };
    },

    /** The lock other guesses reached while this one was checked, as the error to answer, or null. */
    async lockReachedSince(attempt: Attempt): Promise<AppError | null> {
      const found = await db.execute<{ locked_seconds: number | null }>(sql`
        select max(extract(epoch from t.locked_until - now()))::float8 as locked_seconds
        from login_throttle t
        join unnest(${textArray(attempt.keys.map((k) => k.key))},
                    ${textArray(attempt.keys.map((k) => k.lockedUntil))}::timestamptz[]) as a(key, own_lock)
          on t.key = a.key
        where t.locked_until > now() and t.locked_until is distinct from a.own_lock`);
      const seconds = Number(found.rows[0]?.locked_seconds ?? 0);
      return seconds > 0 ? lockedError(seconds) : null;
    },

    /** The guess proved right but the sign-in goes on (a second factor is due): not a failure. */
    refund: (attempt: Attempt) => refundKeys(attempt.keys),

    /** The guess proved right and the sign-in or change is done: the account starts afresh. */
    async succeed(attempt: Attempt): Promise<void> {
      const account = attempt.keys.filter((k) => k.key.startsWith('account:'));
      await db.execute(
        sql`delete from login_throttle where key = any(${textArray(account.map((k) => k.key))})`,
      );
      await refundKeys(attempt.keys.filter((k) => !k.key.startsWith('account:')));
    },

    /** A sign-in proven without a guess (SSO, Microsoft Entra) clears the account's count too. */
    async reset(username: string): Promise<void> {
      await db.execute(sql`delete from login_throttle where key = ${accountKey(username)}`);
    },

    /** When each of these accounts' sign-in lock ends (locked accounts only). */
    async lockedUntil(usernames: string[]): Promise<Map<string, Date>> {
      if (!usernames.length) return new Map();
      const rows = await db.execute<{ key: string; locked_until: Date }>(
        sql`select key, locked_until from login_throttle
             where key = any(${textArray(usernames.map(accountKey))}) and locked_until > now()`,
      );
      return new Map(rows.rows.map((r) => [r.key.slice('account:'.length), new Date(r.locked_until)]));
    },

    /** Waits the growing delay a failed attempt is answered after. */
    pauseAfterFailure: (attempt: Attempt) =>
      sleep(failureDelayMs(attempt.accountAttempts, config.LOGIN_DELAY_BASE_MS, config.LOGIN_DELAY_MAX_MS)),
  };
}
export type ThrottleService = ReturnType<typeof createThrottleService>;
