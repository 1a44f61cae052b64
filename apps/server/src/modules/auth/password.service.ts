import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { hashToken, randomToken } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import { checkPassword, PASSWORD_POLICY } from '../users/password-policy';
import type { UsersService } from '../users/users.service';
import { passwordResetTokens } from './auth.tables';
import type { RequestMeta } from './login.service';
import type { SessionsService } from './sessions.service';
import { guessKeys, type ThrottleService } from './throttle.service';

export const FORGOT_PASSWORD_ANSWER = 'If an account matches, we have sent a link to reset its password.';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
/** The one answer to a password change that fails on a secret, whichever secret it was. */
export const CHANGE_PASSWORD_REFUSED = `The current password is not correct, or the new password is one of the last ${PASSWORD_POLICY.historySize} passwords`;
const REPEATED_PASSWORD = `Password must differ from the last ${PASSWORD_POLICY.historySize} passwords`;

const refused = () => badRequest(CHANGE_PASSWORD_REFUSED, { currentPassword: CHANGE_PASSWORD_REFUSED });

/** Runs `work`; true when it completed, false when it was refused with a 400. */
async function completesUnlessRefused(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 400) return false;
    throw err;
  }
}

/** Forgotten, reset and changed passwords. None of them signs anyone in. */
export function createPasswordService(deps: {
  db: Db;
  config: Config;
  users: UsersService;
  sessions: SessionsService;
  mailer: Mailer;
  throttle: ThrottleService;
}) {
  const { db, config, users, sessions, mailer, throttle } = deps;
  const baseUrl = () => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

  return {
    /** Always the same answer, whether or not the account exists. */
    async forgot(login: string, ip?: string): Promise<string> {
      const user = await users.findByLogin(login);
      if (user && user.status === 'active') {
        const token = randomToken();
        await db.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + config.PASSWORD_RESET_TTL_MINUTES * 60_000),
        });
        await mailer.send({
          to: user.email,
          subject: `${config.PRODUCT_NAME}: reset your password`,
          body: [
            `Hello ${user.displayName},`,
            '',
            `Use this link within ${config.PASSWORD_RESET_TTL_MINUTES} minutes to set a new password:`,
            `${baseUrl()}/reset-password?token=${token}`,
            '',
            'If you did not ask for this, ignore this e-mail; your password stays as it is.',
          ].join('\n'),
        });
      }
      await recordAudit(
        db,
        { principal: null },
        {
          action: 'auth.password.forgot',
          outcome: user ? 'success' : 'failure',
          target: login,
          details: { ip },
        },
      );
      return FORGOT_PASSWORD_ANSWER;
    },

    /**
     * Invites a user an administrator created: a one-time set-password link valid for
     * `INVITE_TTL_HOURS` (earlier unused links stop working), written in the caller's
     * transaction. Returns the sending of the e-mail (the outbox by default), for the caller
     * to run once that transaction has committed: a refused change e-mails nobody.
     */
    async invite(
      user: { id: string; email: string; displayName: string; username: string },
      tx: DbOrTx = db,
    ): Promise<() => Promise<void>> {
      const token = randomToken();
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + config.INVITE_TTL_HOURS * 3_600_000),
      });
      return () =>
        mailer.send({
          to: user.email,
          subject: `${config.PRODUCT_NAME}: your account is ready`,
          body: [
            `Hello ${user.displayName},`,
            '',
            `An administrator created the ${config.PRODUCT_NAME} user ${user.username} for you.`,
            `Use this link within ${config.INVITE_TTL_HOURS} hours to set your password:`,
            `${baseUrl()}/reset-password?token=${token}`,
          ].join('\n'),
        });
    },

    /** @throws BadRequest (invalid/expired/used link, password policy) */
    async reset(token: string, password: string): Promise<void> {
      const userId = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
        const user = await users.findById(claimed.userId, tx);
        if (user?.status !== 'active') throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
        await users.setPassword(user, password, tx);
        await sessions.endAllForUser(user.id, undefined, tx);
        await recordAudit(
          tx,
          { principal: null },
          { action: 'auth.password.reset', outcome: 'success', target: user.username },
        );
        return user.id;
      });
      return void userId;
    },

    /**
     * Changes the caller's own password. What needs no secret is answered first, whatever
     * the current password is: the policy's rules and a new password equal to the one given
     * as current. Then the guess is counted like a sign-in (same delay, same locks), and
     * whatever depends on a secret — the current password, the history of old ones — fails
     * with one answer, so only a change that succeeds tells the current password was right.
     * @throws BadRequest (policy; CHANGE_PASSWORD_REFUSED), RateLimited (locked)
     */
    async change(principal: Principal, current: string, next: string, meta: RequestMeta = {}): Promise<void> {
      const user = await users.findById(principal.id);
      // Not a user (an API key): there is no password to change.
      if (!user) throw refused();
      const broken = checkPassword(next, user.username) ?? (next === current ? REPEATED_PASSWORD : null);
      if (broken) throw badRequest(broken, { password: broken });

      const attempt = await throttle.admit(guessKeys(user.username, meta.ip));
      const currentRight = await users.verifyPassword(user, current);
      // A lock later guesses reached meanwhile refuses this one too, right or wrong alike.
      const locked = await throttle.lockReachedSince(attempt);
      const changed =
        currentRight &&
        !locked &&
        (await completesUnlessRefused(() =>
          db.transaction(async (tx) => {
            // Refuses a new password among the recent ones: a rule on secrets, so answered as one.
            await users.setPassword(user, next, tx);
            await sessions.endAllForUser(user.id, principal.sessionId, tx);
            await recordAudit(
              tx,
              { principal, meta },
              { action: 'auth.password.change', outcome: 'success', target: user.username },
            );
          }),
        ));
      if (changed) return throttle.succeed(attempt);

      await recordAudit(
        db,
        { principal, meta },
        {
          action: 'auth.password.change',
          outcome: 'failure',
          target: user.username,
          details: { reason: locked ? 'locked' : currentRight ? 'password history' : 'current password' },
        },
      );
      await throttle.pauseAfterFailure(attempt);
      throw locked ?? refused();
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
