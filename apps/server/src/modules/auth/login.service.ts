import type { Require2fa } from '@clearway/contracts/enums';
import { INVALID_PASSWORD_MESSAGE, INVALID_TOTP_MESSAGE } from '@clearway/contracts/session';
import { audited, recordRefusal } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import type { Secrets } from '../../platform/secrets';
import type { UserRow, UsersService } from '../users/users.service';
import type { LiveSession, SessionsService } from './sessions.service';
import { type Attempt, guessKeys, type ThrottleService } from './throttle.service';
import { matchingStep, newTotpSecret, setupMaterial } from './two-factor';
import { userPrincipal } from './user-principal';

export type RequestMeta = { ip?: string; userAgent?: string };

const invalid = (message: string) => new AppError('Unauthenticated', 401, message);

/** The two-factor state a fresh sign-in starts in (section 4's require2fa). */
export function initialRequire2fa(user: Pick<UserRow, 'totpEnabled' | 'twoFactorRequired'>): Require2fa {
  if (user.totpEnabled) return 'verify';
  return user.twoFactorRequired ? 'setup' : 'no';
}

/**
 * Sign-in: password, then — when the user has or needs it — the second factor. Every guess
 * is counted towards the account and IP locks before it is checked; failures answer with
 * the spec's generic messages after a growing delay.
 */
export function createLoginService(deps: {
  db: Db;
  config: Config;
  secrets: Secrets;
  users: UsersService;
  sessions: SessionsService;
  throttle: ThrottleService;
}) {
  const { db, config, secrets, users: usersService, sessions, throttle } = deps;

  /**
   * Answers a checked guess. If later guesses reached a lock while it was checked, it is
   * refused as locked, right or wrong alike; a wrong or refused guess stays counted, is
   * audited and answered after the growing delay.
   */
  async function settle(
    attempt: Attempt,
    meta: RequestMeta,
    login: string,
    check: { right: boolean; reason: string; message: string },
  ): Promise<void> {
    const locked = await throttle.lockReachedSince(attempt);
    if (check.right && !locked) return;
    await recordRefusal(
      db,
      { principal: null, meta },
      {
        action: 'auth.login',
        target: login,
        details: { reason: check.right ? 'locked' : check.reason },
      },
    );
    await throttle.pauseAfterFailure(attempt);
    throw locked ?? invalid(check.message);
  }

  /** Accepts a TOTP code once: its step must be newer than the last accepted one. */
  async function acceptCode(user: UserRow, code: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    const step = matchingStep(decryptSecret(user.totpSecret, secrets.totpKey), code);
    if (step === null) return false;
    return usersService.acceptTotpStep(user.id, step);
  }

  /**
   * The guess is counted before the password is checked (see the throttle).
   * @throws Unauthenticated (invalid credentials), RateLimited (locked)
   */
  async function verifyPassword(login: string, password: string, meta: RequestMeta) {
    const attempt = await throttle.admit(guessKeys(login, meta.ip));
    const user = await usersService.verifyCredentials(login, password);
    await settle(attempt, meta, login, {
      right: !!user,
      reason: 'password',
      message: INVALID_PASSWORD_MESSAGE,
    });
    return { user: user!, attempt };
  }

  /** `attempt` is the guess that proved the user, if one did (SSO and Entra need none). */
  async function completeLogin(user: UserRow, attempt: Attempt | undefined, meta: RequestMeta, via: string) {
    await (attempt ? throttle.succeed(attempt) : throttle.reset(user.username));
    await audited(
      db,
      { principal: userPrincipal(user, 'session'), meta },
      {
        action: 'auth.login',
        outcome: 'success',
        target: user.username,
        details: { via },
      },
      (tx) => usersService.update(user.id, { lastLoginAt: new Date() }, tx),
    );
  }

  /** Password sign-in; creates a session whose second factor may still be pending. */
  async function login(name: string, password: string, meta: RequestMeta, via = 'password') {
    const { user, attempt } = await verifyPassword(name, password, meta);
    return startSession(user, meta, via, attempt);
  }

  /** A session for a user whose first factor is proven (password, SSO token or Entra). */
  async function startSession(user: UserRow, meta: RequestMeta, via: string, attempt?: Attempt) {
    const require2fa = initialRequire2fa(user);
    const issued = await sessions.create(user.id, require2fa, { via, ...meta });
    if (require2fa === 'no') await completeLogin(user, attempt, meta, via);
    // A right password is no failure, though the sign-in completes only with the code.
    else if (attempt) await throttle.refund(attempt);
    return { user, issued };
  }

  /** Password and code in one step, for programmatic clients: one guess covers both. */
  async function verifyForToken(name: string, password: string, code: string | undefined, meta: RequestMeta) {
    const { user, attempt } = await verifyPassword(name, password, meta);
    const needsCode = initialRequire2fa(user) !== 'no';
    if (needsCode) {
      const right = !!code && (await acceptCode(user, code));
      await settle(attempt, meta, name, { right, reason: 'totp', message: INVALID_TOTP_MESSAGE });
    }
    await completeLogin(user, attempt, meta, 'bearer');
    return user;
  }

  /** Starts (or restarts) two-factor setup for a session in the `setup` state. */
  async function beginSetup(live: LiveSession) {
    if (live.session.require2fa !== 'setup') throw conflict('Two-factor authentication is already set up');
    const secret = newTotpSecret();
    await audited(
      db,
      { principal: null },
      { action: 'auth.2fa.setup-started', outcome: 'success', target: live.username },
      (tx) =>
        usersService.update(live.session.userId, { totpSecret: encryptSecret(secret, secrets.totpKey) }, tx),
    );
    return setupMaterial(secret, config.PRODUCT_NAME, live.username);
  }

  /** Checks the code for a pending session; on success the session is rotated. */
  async function verifyCode(live: LiveSession, code: string, meta: RequestMeta) {
    const user = (await usersService.findById(live.session.userId))!;
    const attempt = await throttle.admit(guessKeys(user.username, meta.ip));
    const right = await acceptCode(user, code);
    await settle(attempt, meta, user.username, { right, reason: 'totp', message: INVALID_TOTP_MESSAGE });
    if (live.session.require2fa === 'setup') {
      await audited(
        db,
        { principal: userPrincipal(user, 'session'), meta },
        {
          action: 'auth.2fa.enabled',
          outcome: 'success',
          target: user.username,
        },
        (tx) => usersService.update(user.id, { totpEnabled: true }, tx),
      );
    }
    const issued = await sessions.rotate(live.session, 'success');
    await completeLogin(user, attempt, meta, live.session.via);
    return { user, issued };
  }

  return { verifyPassword, login, startSession, verifyForToken, beginSetup, verifyCode };
}
export type LoginService = ReturnType<typeof createLoginService>;
