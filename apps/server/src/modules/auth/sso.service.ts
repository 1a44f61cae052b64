import { and, eq } from 'drizzle-orm';
import { decodeJwt, importJWK, type JWK, jwtVerify } from 'jose';
import { recordRefusal } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { unauthenticated } from '../../platform/errors';
import { isConnectionLoss } from '../../platform/pg-errors';
import type { UserRow, UsersService } from '../users/users.service';
import { ssoLinks, ssoUsedTokens, userSsoLinks } from './auth.tables';

/** Asymmetric algorithms only: a partner signs, we verify with its public key. */
export const SSO_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;
export const INVALID_SSO_TOKEN = 'The single sign-on token is not valid.';

export type NewSsoLink = {
  name: string;
  issuer: string;
  audience: string;
  publicJwk: JWK;
  algorithms: string[];
};

/**
 * Single sign-on with a partner-signed JWT (?ssoToken=…): the issuer picks the SSO link;
 * signature, algorithm allow-list, iss, aud, exp/nbf are checked; the `jti` is used once;
 * the subject must be an existing, active user. Any failure is the same 401.
 */
export function createSsoService(db: Db, config: Config, users: UsersService) {
  async function verify(token: string): Promise<UserRow> {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw unauthenticated(INVALID_SSO_TOKEN);
    }
    const [link] = issuer ? await db.select().from(ssoLinks).where(eq(ssoLinks.issuer, issuer)) : [];
    if (!link?.active) throw unauthenticated(INVALID_SSO_TOKEN);
    const allowed = link.algorithms.filter((a) => (SSO_ALGORITHMS as readonly string[]).includes(a));
    try {
      const key = await importJWK(JSON.parse(link.publicJwk) as JWK, allowed[0]);
      const { payload } = await jwtVerify(token, key, {
        issuer: link.issuer,
        audience: link.audience,
        algorithms: allowed,
        requiredClaims: ['exp', 'jti', 'sub'],
        clockTolerance: config.SESSION_CLOCK_TOLERANCE_SECONDS,
      });
      const fresh = await db
        .insert(ssoUsedTokens)
        .values({ linkId: link.id, jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) })
        .onConflictDoNothing()
        .returning({ jti: ssoUsedTokens.jti });
      if (fresh.length === 0) throw new Error('replayed jti');
      // The subject names a user through an SSO link (issuer + subject) when one exists; else it is the username.
      const [linked] = await db
        .select({ userId: userSsoLinks.userId })
        .from(userSsoLinks)
        .where(and(eq(userSsoLinks.issuer, link.issuer), eq(userSsoLinks.subject, payload.sub!)));
      const user = linked ? await users.findById(linked.userId) : await users.findByUsername(payload.sub!);
      if (user?.status !== 'active') throw new Error('unknown user');
      return user;
    } catch (err) {
      if (isConnectionLoss(err)) throw err;
      await recordRefusal(
        db,
        { principal: null },
        {
          action: 'auth.sso',
          target: link.name,
          details: { reason: (err as Error).message },
        },
      );
      throw unauthenticated(INVALID_SSO_TOKEN);
    }
  }

  return {
    verify,
    async createLink(input: NewSsoLink) {
      const [row] = await db
        .insert(ssoLinks)
        .values({ ...input, publicJwk: JSON.stringify(input.publicJwk) })
        .returning({ id: ssoLinks.id });
      return row!.id;
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
