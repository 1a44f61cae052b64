import { z } from 'zod';
import { recordAudit, recordRefusal } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { enqueue } from '../../platform/jobs/enqueue';
import { defineTask } from '../../platform/jobs/job-task';
import type { Mail, Mailer } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import { checkPassword, PASSWORD_POLICY } from '../users/password-policy';
import type { UserRow, UsersService } from '../users/users.service';
import type { RequestMeta } from './login.service';
import { claimResetLink, issueResetLink } from './reset-links.repo';
import type { SessionsService } from './sessions.service';
import {
  guessKeys,
  RESET_REQUESTS_LIMITED,
  resetRequestKeys,
  type ThrottleService,
} from './throttle.service';

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

/** A `forgot-password` call, as its job receives it: the identifier as submitted. */
const ZResetLinkRequest = z.object({
  login: z.string().max(320),
  ip: z.string().max(100).optional(),
  requestedAt: z.iso.datetime(),
});
type ResetLinkRequest = z.infer<typeof ZResetLinkRequest>;

/** Why a `forgot-password` call mails no link (audited), or null when it does. */
function noLinkReason(user: UserRow | null, requestedAt: string): string | null {
  if (user?.status !== 'active') return 'no active account';
  // A job that ran late must not undo a change made since the call (the link would outlive it).
  if (user.passwordChangedAt > new Date(requestedAt)) return 'password changed since';
  return null;
}

/**
 * Forgotten, reset and changed passwords. None of them signs anyone in. A user has at most
 * one working link (reset or invite): issuing one ends the others, and a change of the
 * password (any path), e-mail or status ends them all (`reset-links.repo.ts`).
 */
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

  const resetMail = (user: UserRow, token: string): Mail => ({
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

  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  /** A reset link, unless the user was mailed FORGOT_PASSWORD_LIMIT already in the window. */
  const linkFor = (tx: Tx, user: UserRow) =>
    issueResetLink(tx, user.id, minutesFromNow(config.PASSWORD_RESET_TTL_MINUTES), {
      max: config.FORGOT_PASSWORD_LIMIT,
      since: minutesFromNow(-config.LOGIN_LOCK_MINUTES),
    });

  /**
   * The work behind a `forgot-password` call, after its answer: a link for an active account
   * the identifier names (its other links end), at most FORGOT_PASSWORD_LIMIT per user in a
   * window whatever identifiers asked, mailed once the link is committed; audited either way.
   */
  async function sendResetLink({ login, ip, requestedAt }: ResetLinkRequest): Promise<void> {
    const user = await users.findByLogin(login.trim());
    const refused = noLinkReason(user, requestedAt);
    const mail = await db.transaction(async (tx) => {
      const token = user && !refused ? await linkFor(tx, user) : null;
      const reason = token ? {} : { reason: refused ?? 'too many links' };
      await recordAudit(
        tx,
        { principal: null, meta: { ip } },
        {
          action: 'auth.password.forgot',
          outcome: token ? 'success' : 'failure',
          target: login,
          details: { ip, ...reason },
        },
      );
      return user && token ? resetMail(user, token) : null;
    });
    // A failure here retries the job: a fresh link (ending this one) and one mail.
    if (mail) await mailer.send(mail);
  }

  const resetLinkTask = defineTask({
    name: 'auth.send-reset-link',
    payload: ZResetLinkRequest,
    maxAttempts: 5,
    run: sendResetLink,
  });

  return {
    /** The background tasks to register with the job queue. */
    tasks: [resetLinkTask],

    /**
     * Always the same answer, in the same time, whether or not the account exists: the call
     * only counts itself against the identifier's and the address's limits and queues the
     * job that looks the account up and mails the link.
     * @throws RateLimited (429, RESET_REQUESTS_LIMITED) past FORGOT_PASSWORD_LIMIT / _IP_LIMIT
     */
    async forgot(login: string, ip?: string): Promise<string> {
      await throttle.admit(resetRequestKeys(login, ip), RESET_REQUESTS_LIMITED);
      await enqueue(db, resetLinkTask, { login, ip, requestedAt: new Date().toISOString() });
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
      const token = await issueResetLink(
        tx,
        user.id,
        new Date(Date.now() + config.INVITE_TTL_HOURS * 3_600_000),
      );
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

    /**
     * Sets the password through a link; the user's other links end with the new password.
     * @throws BadRequest (invalid/expired/used link, password policy)
     */
    async reset(token: string, password: string): Promise<void> {
      const userId = await db.transaction(async (tx) => {
        const claimed = await claimResetLink(tx, token);
        if (!claimed) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
        const user = await users.findById(claimed, tx);
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

      // A refused guess stays on record, like a refused sign-in (nothing changed to commit with).
      await recordRefusal(
        db,
        { principal, meta },
        {
          action: 'auth.password.change',
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
