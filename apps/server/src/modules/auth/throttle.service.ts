import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { loginThrottle } from './auth.tables';

export const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** The growing pause before a failed sign-in is answered: base × 2^(n−1), capped. */
export function failureDelayMs(failures: number, baseMs: number, maxMs: number): number {
  if (failures <= 0 || baseMs === 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** (failures - 1));
}

/**
 * Brute-force protection kept in PostgreSQL, so every instance counts the same failures.
 * An account (known or not — no enumeration) locks after LOGIN_LOCK_THRESHOLD failures
 * within LOGIN_LOCK_MINUTES, for LOGIN_LOCK_MINUTES; an IP after LOGIN_IP_LOCK_THRESHOLD.
 */
export function createThrottleService(db: Db, config: Config) {
  const windowMs = config.LOGIN_LOCK_MINUTES * 60_000;
  const thresholdFor = (key: string) =>
    key.startsWith('ip:') ? config.LOGIN_IP_LOCK_THRESHOLD : config.LOGIN_LOCK_THRESHOLD;

  return {
    /** @throws RateLimited (429) while any of the keys is locked */
    async assertNotLocked(keys: string[]): Promise<void> {
      const rows = await db
        .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
        .from(loginThrottle)
        .where(sql`${loginThrottle.key} in ${keys} and ${loginThrottle.lockedUntil} > now()`);
      const until = rows.map((r) => r.lockedUntil!.getTime()).sort((a, b) => b - a)[0];
      if (until) {
        const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
        throw new AppError(
          'RateLimited',
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          undefined,
          undefined,
          { 'Retry-After': String(minutes * 60) },
        );
      }
    },

    /** Counts a failure for each key; returns the account's count in the current window. */
    async recordFailure(keys: string[]): Promise<number> {
      let accountFailures = 0;
      for (const key of keys) {
        const result = await db.execute<{ failures: number }>(sql`
          insert into login_throttle (key, failures, window_started_at) values (${key}, 1, now())
          on conflict (key) do update set
            failures = case when login_throttle.window_started_at < now() - make_interval(secs => ${windowMs / 1000})
                            then 1 else login_throttle.failures + 1 end,
            window_started_at = case when login_throttle.window_started_at < now() - make_interval(secs => ${windowMs / 1000})
                            then now() else login_throttle.window_started_at end
          returning failures`);
        const failures = Number(result.rows[0]!.failures);
        if (failures >= thresholdFor(key)) {
          await db
            .update(loginThrottle)
            .set({ lockedUntil: new Date(Date.now() + windowMs), failures: 0, windowStartedAt: new Date() })
            .where(eq(loginThrottle.key, key));
        }
        if (key.startsWith('account:')) accountFailures = failures;
      }
      return accountFailures;
    },

    async recordSuccess(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    delayFor: (failures: number) =>
      failureDelayMs(failures, config.LOGIN_DELAY_BASE_MS, config.LOGIN_DELAY_MAX_MS),
  };
}
export type ThrottleService = ReturnType<typeof createThrottleService>;
