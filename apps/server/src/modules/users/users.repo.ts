import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { passwordHistory, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function recentPasswordHashes(db: DbOrTx, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(limit);
  return rows.map((r) => r.hash);
}

export async function addPasswordHistory(db: DbOrTx, userId: string, hash: string) {
  await db.insert(passwordHistory).values({ userId, passwordHash: hash });
}

export async function findUserByEntraObjectId(db: DbOrTx, oid: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.msEntraObjectId, oid));
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(2);
  // An e-mail shared by two users identifies neither.
  return rows.length === 1 ? rows[0]! : null;
}

/** Accepts a TOTP step only when it is newer than the last accepted one: each code works once. */
export async function acceptTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      sql`${users.id} = ${userId} and (${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`,
    )
    .returning({ id: users.id });
  return updated.length === 1;
}
