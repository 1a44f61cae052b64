import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { recordRefusal } from '../../platform/audit';
import { createBatcher } from '../../platform/batcher';
import type { Config } from '../../platform/config';
import { hashToken, randomToken, safeEqual } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { isConnectionLoss } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { Secrets } from '../../platform/secrets';
import { userIdentityOf } from '../users/user-identity';
import type { UserRow, UsersService } from '../users/users.service';
import { withinAllowList } from './allow-list';
import { apiKeys } from './auth.tables';
import { userPrincipal } from './user-principal';

const ISSUER = 'clearway';
const AUDIENCE = 'clearway-api';
export const API_KEY_PREFIX = 'cw';

/**
 * Credentials for programmatic clients: short-lived bearer JWTs (HS256, server secret)
 * and API keys (shown once, kept as a hash). A bearer token dies with its user's password
 * or status: it carries the password's change time and is checked against it.
 */
export function createTokensService(db: Db, config: Config, secrets: Secrets, users: UsersService) {
  const passwordStamp = (u: UserRow) =>
    createHash('sha256')
      .update(`${u.id}:${u.passwordChangedAt.toISOString()}`)
      .digest('base64url')
      .slice(0, 16);
  // Asked on every API-key call: parsed and planned once per connection, and the calls of
  // the same moment share one round trip (read when asked: a revoked key fails at once).
  // A key is live while not revoked, not expired, and its owner (the user it was issued
  // for) is active: disabling the user stops the key on its next call.
  const owner = userIdentityOf(db, apiKeys.createdBy);
  const liveKeysByPrefix = db
    .select({ key: apiKeys, ownerStatus: owner.status })
    .from(apiKeys)
    .leftJoinLateral(owner, sql`true`)
    .where(
      and(
        sql`${apiKeys.prefix} = any(${sql.placeholder('prefixes')}::text[])`,
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      ),
    )
    .prepare('live_api_keys_by_prefix');
  const liveKeyByPrefix = createBatcher(
    async (prefixes: string[]) => {
      const rows = (await liveKeysByPrefix.execute({ prefixes }))
        .filter((r) => r.key.createdBy === null || r.ownerStatus === 'active')
        .map((r) => r.key);
      return prefixes.map((prefix) => ({ ok: true as const, value: rows.find((r) => r.prefix === prefix) }));
    },
    { name: 'api_key_lookup' },
  );

  // Written at most once a minute per key and address: a read stays (nearly) a read.
  async function touchKey(id: string, ip: string) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(), lastUsedIp: ip })
      .where(
        and(
          eq(apiKeys.id, id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute' or ${apiKeys.lastUsedIp} is distinct from ${ip})`,
        ),
      );
  }

  async function humanOf(principal: { kind: string; id: string }): Promise<string | null> {
    if (principal.kind === 'user') return principal.id;
    const [row] = await db
      .select({ createdBy: apiKeys.createdBy })
      .from(apiKeys)
      .where(eq(apiKeys.id, principal.id));
    return row?.createdBy ?? null;
  }

  return {
    async issueBearer(user: UserRow) {
      const token = await new SignJWT({ pwd: passwordStamp(user) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomToken(12))
        .setExpirationTime(`${config.BEARER_TOKEN_TTL_SECONDS}s`)
        .sign(secrets.tokenSecret);
      return { accessToken: token, tokenType: 'Bearer' as const, expiresIn: config.BEARER_TOKEN_TTL_SECONDS };
    },

    async principalFromBearer(token: string): Promise<Principal | null> {
      try {
        const { payload } = await jwtVerify(token, secrets.tokenSecret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          clockTolerance: config.SESSION_CLOCK_TOLERANCE_SECONDS,
        });
        const user = payload.sub ? await users.findById(payload.sub) : null;
        if (user?.status !== 'active' || payload.pwd !== passwordStamp(user)) return null;
        return userPrincipal(user, 'bearer');
      } catch (err) {
        // A token that does not verify is no principal; a database that cannot be reached is a 503.
        if (isConnectionLoss(err)) throw err;
        return null;
      }
    },

    /** Creates an API key; the returned key is shown once and never stored. */
    async createApiKey(
      input: {
        name: string;
        homeEntityId: number;
        createdBy?: string;
        expiresAt?: Date | null;
        allowedCidrs?: string[];
      },
      tx: DbOrTx = db,
    ) {
      const prefix = randomToken(6).replace(/[-_]/g, 'x');
      const secret = randomToken(24);
      const [row] = await tx
        .insert(apiKeys)
        .values({
          name: input.name,
          prefix,
          secretHash: hashToken(secret),
          homeEntityId: input.homeEntityId,
          createdBy: input.createdBy ?? null,
          expiresAt: input.expiresAt ?? null,
          allowedCidrs: input.allowedCidrs ?? [],
        })
        .returning({ id: apiKeys.id });
      return { id: row!.id, key: `${API_KEY_PREFIX}_${prefix}_${secret}` };
    },

    /** The user behind a principal: itself, or the user who created an API key. */
    humanOf,

    /**
     * Ends every bearer token the user holds now (a 2FA reset): each carries the stamp of the
     * user's credential time, which moves on here, so none verifies again.
     */
    endBearerTokens: (userId: string, tx: DbOrTx = db) =>
      users.update(userId, { passwordChangedAt: new Date() }, tx),

    /**
     * Every principal of the person behind `principal`: the user and each API key that user
     * created (just the principal itself when no user stands behind it). Lists that leave out
     * "your own" requests compare against these, as maker-checker does.
     */
    async identitiesOf(principal: { kind: string; id: string }): Promise<{ kind: string; id: string }[]> {
      const human = await humanOf(principal);
      if (human === null) return [{ kind: principal.kind, id: principal.id }];
      const keys = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.createdBy, human));
      return [{ kind: 'user', id: human }, ...keys.map((k) => ({ kind: 'apiKey', id: k.id }))];
    },

    /**
     * The key's principal; null (401) for an unknown, revoked or expired key or one whose
     * owner is disabled. A live key used from outside its IP allow-list is refused (403)
     * and the refusal audited. Records when and from where the key was last used.
     * @throws Forbidden
     */
    async principalFromApiKey(key: string, ip: string): Promise<Principal | null> {
      const parsed = new RegExp(`^${API_KEY_PREFIX}_([A-Za-z0-9]+)_(.+)$`).exec(key);
      if (!parsed) return null;
      const [, prefix, secret] = parsed as unknown as [string, string, string];
      const row = await liveKeyByPrefix(prefix);
      if (!row || !safeEqual(row.secretHash, hashToken(secret))) return null;
      const principal: Principal = {
        kind: 'apiKey',
        id: row.id,
        name: row.name,
        homeEntityId: row.homeEntityId,
        via: 'apiKey',
        twoFactorPending: false,
      };
      if (!withinAllowList(ip, row.allowedCidrs)) {
        await recordRefusal(
          db,
          { principal, meta: { ip } },
          {
            action: 'auth.apiKey.refused',
            target: row.prefix,
            details: { reason: 'outside the IP allow-list', ip, allowedCidrs: row.allowedCidrs },
          },
        );
        throw forbidden('This API key may not be used from this address');
      }
      await touchKey(row.id, ip);
      return principal;
    },
  };
}
export type TokensService = ReturnType<typeof createTokensService>;
