import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/crypto';
import type { DbOrTx, Tx } from '../../platform/db';
import { passwordResetTokens } from './auth.tables';

/**
 * Password links (reset and invite links alike live in `password_reset_tokens`): a user has
 * at most one that works. Issuing one ends the others; so does a change of the user's
 * password, e-mail or status, whatever path makes it (the trigger `users_end_password_links`
 * in migration 0046_password_links_end.sql). Both take the same per-user advisory lock, so a
 * link issued while the password changes either ends with the change or comes after it.
 */
const lockLinksOf = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('password-links'), hashtext(${userId}::text))`);

/**
 * A new one-time link for the user, valid until `expiresAt`; every other open link of the
 * user ends in the same transaction (a savepoint when `handle` is one). With `cap`, no link
 * is issued (null) when the user was already issued `cap.max` links since `cap.since`.
 * Returns the token, which is stored only as its hash.
 */
export async function issueResetLink(handle: DbOrTx, userId: string, expiresAt: Date): Promise<string>;
export async function issueResetLink(
  handle: DbOrTx,
  userId: string,
  expiresAt: Date,
  cap: { max: number; since: Date },
): Promise<string | null>;
export async function issueResetLink(
  handle: DbOrTx,
  userId: string,
  expiresAt: Date,
  cap?: { max: number; since: Date },
): Promise<string | null> {
  return handle.transaction(async (tx) => {
    await lockLinksOf(tx, userId);
    // Counted under the lock: two issuers of the same user cannot both pass the cap.
    if (cap && (await linksIssuedSince(tx, userId, cap.since)) >= cap.max) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    const token = randomToken();
    await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
    return token;
  });
}

/**
 * Uses a link once: the user it was for, or null when it is unknown, used, ended or expired.
 * The user's link lock comes first, as for every writer of links, so no two wait on each other.
 */
export async function claimResetLink(tx: Tx, token: string): Promise<string | null> {
  const tokenHash = hashToken(token);
  const [link] = await tx
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!link) return null;
  await lockLinksOf(tx, link.userId);
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId ?? null;
}

/** How many links the user was issued since `since` (ended ones included). */
async function linksIssuedSince(tx: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}
