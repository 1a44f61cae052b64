import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { hashToken, randomToken } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import type { UsersService } from '../users/users.service';
import { passwordResetTokens } from './auth.tables';
import type { SessionsService } from './sessions.service';

export const FORGOT_PASSWORD_ANSWER = 'If an account matches, we have sent a link to reset its password.';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

/** Forgotten, reset and changed passwords. None of them signs anyone in. */
export function createPasswordService(deps: {
  db: Db;
  config: Config;
  users: UsersService;
  sessions: SessionsService;
  mailer: Mailer;
}) {
  const { db, config, users, sessions, mailer } = deps;
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

    /** @throws BadRequest (wrong current password, policy) */
    async change(principal: Principal, current: string, next: string): Promise<void> {
      const user = await users.findById(principal.id);
      if (!user || !(await users.verifyPassword(user, current))) {
        const msg = 'The current password is not correct';
        throw badRequest(msg, { currentPassword: msg });
      }
      await db.transaction(async (tx) => {
        await users.setPassword(user, next, tx);
        await sessions.endAllForUser(user.id, principal.sessionId, tx);
        await recordAudit(
          tx,
          { principal },
          { action: 'auth.password.change', outcome: 'success', target: user.username },
        );
      });
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
