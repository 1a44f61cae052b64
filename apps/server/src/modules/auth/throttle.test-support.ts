import { sql } from 'drizzle-orm';
import type { TestContext } from '../../test/test-app';

/**
 * Resolves once the server has counted `n` guesses against `key` in its window — counted,
 * not necessarily answered: a guess is counted before its secret is checked.
 */
export async function untilCounted(t: TestContext, key: string, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await t.database.db.execute<{ failures: number }>(
      sql`select failures from login_throttle where key = ${key}`,
    );
    if (Number(rows.rows[0]?.failures ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`${key} was not counted ${n} times within 10 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
