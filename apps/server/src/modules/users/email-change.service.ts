import { and, eq, gt, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import { hashToken, randomToken } from '../../platform/crypto';
import type { Db, Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Mail } from '../../platform/mail';
import { emailChanges, users } from './users.tables';

export const INVALID_EMAIL_LINK = 'This e-mail confirmation link is invalid or has expired.';
export const EMAIL_CONFIRMED = 'Your e-mail address was changed. Sign in as before.';

export type EmailLinks = { baseUrl: string; productName: string; ttlHours: number };
type Person = { id: string; email: string; displayName: string; username: string };

/**
 * E-mail changes of a user who has signed in or set a password before (issue 38 item 2):
 * the new address must confirm the change through a mailed, single-use, expiring link
 * (kept as a hash), and the old address is told. Until then the address stays as it was.
 */
export function createEmailChanges(deps: { db: Db; mail: (m: Mail) => Promise<void>; links: EmailLinks }) {
  const { db, mail, links } = deps;

  return {
    /**
     * Stores the change pending (replacing an earlier one, whose link then stops working) in
     * the caller's transaction; returns the sending of both mails, for after the commit.
     */
    async request(tx: Tx, user: Person, newEmail: string): Promise<() => Promise<void>> {
      const token = randomToken();
      const values = {
        userId: user.id,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + links.ttlHours * 3_600_000),
        createdAt: new Date(),
      };
      await tx
        .insert(emailChanges)
        .values(values)
        .onConflictDoUpdate({ target: emailChanges.userId, set: values });
      const product = links.productName;
      return async () => {
        await mail({
          to: newEmail,
          subject: `${product}: confirm your new e-mail address`,
          body: [
            `Hello ${user.displayName},`,
            '',
            `The e-mail address of the ${product} user ${user.username} is to become this one.`,
            `Use this link within ${links.ttlHours} hours to confirm it:`,
            `${links.baseUrl}/confirm-email?token=${token}`,
            '',
            'If you did not expect this, ignore this e-mail; nothing changes.',
          ].join('\n'),
        });
        await mail({
          to: user.email,
          subject: `${product}: a change of your e-mail address was asked for`,
          body: [
            `Hello ${user.displayName},`,
            '',
            `An administrator asked to change the e-mail address of the ${product} user ${user.username}`,
            `to ${newEmail}. It changes only once that address confirms it.`,
            '',
            'If you did not expect this, tell your administrator at once.',
          ].join('\n'),
        });
      };
    },

    /** Drops a pending change (the address was set back, or changed at once). */
    cancel: (tx: Tx, userId: string) => tx.delete(emailChanges).where(eq(emailChanges.userId, userId)),

    /**
     * The new address confirms: the link is used up and the e-mail changes, in one
     * transaction. A used, replaced or expired link, or a disabled user, changes nothing.
     * @throws BadRequest (INVALID_EMAIL_LINK)
     */
    async confirm(token: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, new Date())))
          .returning();
        if (!claimed) throw badRequest(INVALID_EMAIL_LINK, { token: INVALID_EMAIL_LINK });
        const [user] = await tx
          .update(users)
          .set({ email: claimed.newEmail })
          .where(and(eq(users.id, claimed.userId), eq(users.status, 'active')))
          .returning({ username: users.username });
        if (!user) throw badRequest(INVALID_EMAIL_LINK, { token: INVALID_EMAIL_LINK });
        await recordAudit(
          tx,
          { principal: null },
          {
            action: 'user.email.confirm',
            outcome: 'success',
            target: user.username,
            details: { userId: claimed.userId, email: claimed.newEmail },
          },
        );
        return EMAIL_CONFIRMED;
      });
    },

    /** The pending address of the user in a row of `users` (null: none, or its link expired). */
    pendingOf: () =>
      sql<
        string | null
      >`(select ${emailChanges.newEmail} from ${emailChanges} where ${emailChanges.userId} = ${users.id} and ${emailChanges.expiresAt} > now())`,
  };
}
export type EmailChanges = ReturnType<typeof createEmailChanges>;
