import type { Require2fa } from '@clearway/contracts/enums';
import type { Config } from '../../platform/config';
import { hashToken, randomToken } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import {
  deleteSession,
  deleteUserSessions,
  insertSession,
  liveSessionFinder,
  type SessionRow,
  updateSession,
} from './sessions.repo';

export type LiveSession = NonNullable<Awaited<ReturnType<ReturnType<typeof liveSessionFinder>>>>;
export type IssuedSession = { token: string; csrfToken: string; expiresAt: Date; require2fa: Require2fa };

// Writing last-seen on every request would make each read a write; a minute is plenty
// for an idle time-out counted in minutes.
const TOUCH_EVERY_MS = 60_000;

const isPending = (r: Require2fa) => r === 'setup' || r === 'verify';

/**
 * Server-side sessions. The cookie carries a random token; the database holds only its
 * hash. A session ends at its absolute expiry, after the idle time-out, or — while the
 * second factor is pending — after the two-factor expiry.
 */
export function createSessionsService(db: Db, config: Config) {
  const lifetimeMs = config.SESSION_LIFETIME_SECONDS * 1000;
  const findLiveSession = liveSessionFinder(db);

  function deadline(require2fa: Require2fa, from: Date): Date {
    const ms = isPending(require2fa) ? config.TWO_FACTOR_EXPIRY_SECONDS * 1000 : lifetimeMs;
    return new Date(from.getTime() + ms);
  }

  return {
    async create(
      userId: string,
      require2fa: Require2fa,
      meta: { via: string; ip?: string; userAgent?: string },
      tx: DbOrTx = db,
    ): Promise<IssuedSession> {
      const token = randomToken();
      const csrfToken = randomToken();
      const now = new Date();
      const expiresAt = deadline(require2fa, now);
      await insertSession(tx, {
        id: hashToken(token),
        userId,
        csrfToken,
        require2fa,
        via: meta.via,
        expiresAt,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent ?? null,
      });
      return { token, csrfToken, expiresAt, require2fa };
    },

    /** The live session for a cookie token, touching its last-seen time now and then. */
    async find(token: string): Promise<LiveSession | null> {
      const now = new Date();
      const found = await findLiveSession(hashToken(token), now);
      if (!found) return null;
      const idleMs = config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
      const seen = found.session.lastSeenAt.getTime();
      if (now.getTime() - seen > idleMs) {
        await deleteSession(db, found.session.id);
        return null;
      }
      if (now.getTime() - seen > TOUCH_EVERY_MS)
        await updateSession(db, found.session.id, { lastSeenAt: now });
      return found;
    },

    /**
     * Replaces the session's token (and CSRF token) — at every change of privilege, so a
     * token seen before the change is worthless after it.
     */
    async rotate(session: SessionRow, require2fa: Require2fa, tx: DbOrTx = db): Promise<IssuedSession> {
      const token = randomToken();
      const csrfToken = randomToken();
      const now = new Date();
      const expiresAt = deadline(require2fa, new Date(session.createdAt));
      const fresh =
        isPending(session.require2fa) && !isPending(require2fa) ? deadline(require2fa, now) : expiresAt;
      await updateSession(tx, session.id, {
        id: hashToken(token),
        csrfToken,
        require2fa,
        expiresAt: fresh,
        lastSeenAt: now,
      });
      return { token, csrfToken, expiresAt: fresh, require2fa };
    },

    end: (sessionId: string, tx: DbOrTx = db) => deleteSession(tx, sessionId),
    endAllForUser: (userId: string, exceptSessionId?: string, tx: DbOrTx = db) =>
      deleteUserSessions(tx, userId, exceptSessionId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
