import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { userIdentityOf } from '../users/user-identity';
import { sessions } from './auth.tables';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

/**
 * A live session of an active user, with the user's identity. Asked on every cookie call,
 * so it is a prepared statement: parsed and planned once per connection.
 */
export function liveSessionFinder(db: Db) {
  const user = userIdentityOf(db, sessions.userId);
  const query = db
    .select({
      session: sessions,
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      homeEntityId: user.homeEntityId,
      status: user.status,
    })
    .from(sessions)
    .innerJoinLateral(user, sql`true`)
    .where(
      and(eq(sessions.id, sql.placeholder('id')), sql`${sessions.expiresAt} > ${sql.placeholder('now')}`),
    )
    .prepare('live_session');
  return async (id: string, now: Date) => {
    const [row] = await query.execute({ id, now });
    return row && row.status === 'active' ? row : null;
  };
}

export async function updateSession(db: DbOrTx, id: string, patch: Partial<typeof sessions.$inferInsert>) {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  const rows = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteUserSessions(db: DbOrTx, userId: string, exceptId?: string) {
  const cond = exceptId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
    : eq(sessions.userId, userId);
  const rows = await db.delete(sessions).where(cond).returning({ id: sessions.id });
  return rows.length;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
