import type { ScopeType } from '@clearway/contracts/authorization';
import type { TApiKeyView } from '@clearway/contracts/endpoints/api-keys.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { AuthorizationService } from '../authorization/authorization.service';
import { assertMayActOnCredentials } from '../authorization/credential-rule';
import type { PrincipalRef } from '../authorization/rights.repo';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { userIdentityOf } from '../users/user-identity';
import { assertKeyBounds, endOfDay, type KeyMaker } from './api-keys.bounds';
import { apiKeys } from './auth.tables';
import type { TokensService } from './tokens.service';

type Who = { principal: Principal; entityId: number };

const dayOf = (d: Date | null) => d?.toISOString().slice(0, 10);

/**
 * API keys as administrators manage them: issued on the acting entity with no rights of
 * their own (rights come only through groups, roles and direct permissions, each through
 * the grant rule), an expiry (at most `maxDays` ahead) and an optional IP allow-list,
 * revocable at once. A key made or changed by a key stays within that key's expiry and
 * allow-list; another person's key is changed or revoked only under the credential rule.
 * Every change is audited.
 */
export function createApiKeysService(deps: {
  db: Db;
  tokens: TokensService;
  authorization: AuthorizationService;
  /** API_KEY_MAX_DAYS: the longest a key may live. */
  maxDays: number;
}) {
  const { db, tokens, authorization, maxDays } = deps;

  /** The acting key's own bounds, when a key acts (null: a user acts). */
  async function makerOf(who: Who, tx: DbOrTx): Promise<KeyMaker> {
    if (who.principal.kind !== 'apiKey') return null;
    const [row] = await tx
      .select({ expiresAt: apiKeys.expiresAt, allowedCidrs: apiKeys.allowedCidrs })
      .from(apiKeys)
      .where(eq(apiKeys.id, who.principal.id));
    // The guard authenticated this key a moment ago; gone since, it bounds to nothing.
    return row ?? { expiresAt: new Date(0), allowedCidrs: [] };
  }

  /**
   * Another person's key (its owner is not the person behind the caller) is a credential of
   * theirs: changed or revoked only by whoever could grant every right the key and its owner
   * hold. Locks the key's row, so the check and the change see the same key.
   * @throws NotFound, Forbidden
   */
  async function claimKey(tx: Tx, who: Who, apiKeyId: string, act: string) {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, apiKeyId)).for('update');
    if (!key) throw notFound('API key not found');
    const person = await tokens.humanOf(who.principal);
    if (key.createdBy === null || key.createdBy !== person) {
      const targets: PrincipalRef[] = [{ kind: 'apiKey', id: key.id }];
      if (key.createdBy) targets.push({ kind: 'user', id: key.createdBy });
      await assertMayActOnCredentials(tx, who.principal, targets, act);
    }
    return key;
  }

  async function views(where: SQL, actingEntityId: number, tx: DbOrTx = db): Promise<TApiKeyView[]> {
    const owner = userIdentityOf(tx, apiKeys.createdBy);
    const rows = await tx
      .select({ key: apiKeys, ownerName: owner.displayName, entityName: entityNameOf(apiKeys.homeEntityId) })
      .from(apiKeys)
      .leftJoinLateral(owner, sql`true`)
      .where(where)
      .orderBy(desc(apiKeys.createdAt));
    const access = await authorization.accessOf(
      rows.map((r) => ({ kind: 'apiKey' as const, id: r.key.id })),
      tx,
    );
    return rows.map(({ key: k, ownerName, entityName }) => {
      const a = access.get(`apiKey:${k.id}`);
      return {
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        homeEntityId: k.homeEntityId,
        homeEntityName: entityName,
        ownerId: k.createdBy,
        ownerName: ownerName ?? null,
        createdAt: k.createdAt.toISOString(),
        expiresAt: k.expiresAt?.toISOString() ?? null,
        allowedCidrs: k.allowedCidrs,
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        lastUsedIp: k.lastUsedIp,
        revokedAt: k.revokedAt?.toISOString() ?? null,
        groupIds: a?.groupIds ?? [],
        roles: (a?.roles ?? [])
          .filter((r) => r.entityId === actingEntityId)
          .map((r) => ({ roleId: r.roleId, scopeType: r.scopeType })),
        directPermissions: (a?.direct ?? [])
          .filter((d) => d.entityId === actingEntityId)
          .map((d) => ({ key: d.key, scopeType: d.scopeType })),
      };
    });
  }

  async function one(who: Who, id: string, tx: DbOrTx = db) {
    const [view] = await views(eq(apiKeys.id, id), who.entityId, tx);
    if (!view) throw notFound('API key not found');
    return view;
  }

  const audit = (tx: Tx, who: Who, action: string, target: string, details: Record<string, unknown> = {}) =>
    recordAudit(tx, who, { action, outcome: 'success', target, details });

  return {
    /** The keys issued on the acting entity and the entities below it. */
    list: (who: Who) => views(entityWithin(apiKeys.homeEntityId, who.entityId), who.entityId),

    /**
     * The secret is in the answer only; the key starts with no rights.
     * @throws BadRequest (no expiry, beyond API_KEY_MAX_DAYS), Forbidden (beyond the making key)
     */
    async create(who: Who, input: { name: string; expiresOn: string; allowedCidrs: string[] }) {
      return db.transaction(async (tx) => {
        assertKeyBounds(input, await makerOf(who, tx), maxDays);
        const owner = await tokens.humanOf(who.principal);
        // A key no person owns would be a person of its own: four eyes would count it apart
        // from whoever holds the key that made it. Only a person's credentials make keys.
        if (!owner) throw forbidden('An API key that no user owns cannot create API keys');
        const { id, key } = await tokens.createApiKey(
          {
            name: input.name,
            homeEntityId: who.entityId,
            ...(owner ? { createdBy: owner } : {}),
            expiresAt: endOfDay(input.expiresOn),
            allowedCidrs: input.allowedCidrs.map((c) => c.trim()),
          },
          tx,
        );
        await audit(tx, who, 'apiKey.create', id, {
          name: input.name,
          expiresOn: input.expiresOn,
          allowedCidrs: input.allowedCidrs,
        });
        return { key, apiKey: await one(who, id, tx) };
      });
    },

    /**
     * A changed expiry or allow-list obeys the bounds of a new key (judged on the key as it
     * would be); another person's key only under the credential rule.
     * @throws NotFound, BadRequest, Forbidden
     */
    async update(
      who: Who,
      input: { apiKeyId: string; name?: string; expiresOn?: string; allowedCidrs?: string[] },
    ) {
      return db.transaction(async (tx) => {
        const key = await claimKey(tx, who, input.apiKeyId, 'change this API key');
        if (input.expiresOn !== undefined || input.allowedCidrs !== undefined)
          assertKeyBounds(
            {
              expiresOn: input.expiresOn ?? dayOf(key.expiresAt),
              allowedCidrs: input.allowedCidrs ?? key.allowedCidrs,
            },
            await makerOf(who, tx),
            maxDays,
          );
        const patch: Partial<typeof apiKeys.$inferInsert> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.expiresOn !== undefined) patch.expiresAt = endOfDay(input.expiresOn);
        if (input.allowedCidrs !== undefined) patch.allowedCidrs = input.allowedCidrs.map((c) => c.trim());
        if (Object.keys(patch).length)
          await tx.update(apiKeys).set(patch).where(eq(apiKeys.id, input.apiKeyId));
        await audit(tx, who, 'apiKey.update', input.apiKeyId, { ...input });
        return one(who, input.apiKeyId, tx);
      });
    },

    /**
     * Revoked keys fail on their next call (the key lookup reads the row every time).
     * Another person's key only under the credential rule.
     * @throws NotFound, Forbidden
     */
    async revoke(who: Who, apiKeyId: string) {
      return db.transaction(async (tx) => {
        await claimKey(tx, who, apiKeyId, 'revoke this API key');
        await tx
          .update(apiKeys)
          .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
          .where(eq(apiKeys.id, apiKeyId));
        await audit(tx, who, 'apiKey.revoke', apiKeyId);
        return one(who, apiKeyId, tx);
      });
    },

    async setGroups(who: Who, apiKeyId: string, groupIds: number[]) {
      await one(who, apiKeyId);
      await authorization.setPrincipalGroups(who, { kind: 'apiKey', id: apiKeyId }, groupIds);
      return one(who, apiKeyId);
    },
    async setRoles(who: Who, apiKeyId: string, roles: { roleId: number; scopeType: ScopeType }[]) {
      await one(who, apiKeyId);
      await authorization.setPrincipalRoles(who, { kind: 'apiKey', id: apiKeyId }, who.entityId, roles);
      return one(who, apiKeyId);
    },
    async setDirect(who: Who, apiKeyId: string, keys: { key: PermissionKey; scopeType: ScopeType }[]) {
      await one(who, apiKeyId);
      await authorization.setPrincipalDirect(who, { kind: 'apiKey', id: apiKeyId }, who.entityId, keys);
      return one(who, apiKeyId);
    },

    /** A key named in a request must be issued at or below the acting entity (else 404). */
    async assertWithin(entityId: number, id: string) {
      const [row] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), entityWithin(apiKeys.homeEntityId, entityId)));
      if (!row) throw notFound('API key not found');
    },

    /** Names of keys, for previews and audit lists. */
    async namesOf(ids: string[], tx: DbOrTx = db) {
      if (!ids.length) return new Map<string, string>();
      const rows = await tx
        .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
        .from(apiKeys)
        .where(sql`${apiKeys.id} = any(${sql.param(ids)}::uuid[])`);
      return new Map(rows.map((r) => [r.id, `${r.name} (key ${r.prefix})`]));
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
