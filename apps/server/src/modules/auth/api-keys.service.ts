import type { ScopeType } from '@clearway/contracts/authorization';
import type { TApiKeyView } from '@clearway/contracts/endpoints/api-keys.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { AuthorizationService } from '../authorization/authorization.service';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { userIdentityOf } from '../users/user-identity';
import { apiKeys } from './auth.tables';
import type { TokensService } from './tokens.service';

type Who = { principal: Principal; entityId: number };

/** The end of the given day (UTC): a key "valid until 2027-01-31" works through that day. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

/**
 * API keys as administrators manage them: issued on the acting entity with no rights of
 * their own (rights come only through groups, roles and direct permissions, each through
 * the grant rule), an optional expiry and IP allow-list, revocable at once. Every change
 * is audited.
 */
export function createApiKeysService(deps: {
  db: Db;
  tokens: TokensService;
  authorization: AuthorizationService;
}) {
  const { db, tokens, authorization } = deps;

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

  const audit = (
    tx: DbOrTx,
    who: Who,
    action: string,
    target: string,
    details: Record<string, unknown> = {},
  ) => recordAudit(tx, who, { action, outcome: 'success', target, details });

  return {
    /** The keys issued on the acting entity and the entities below it. */
    list: (who: Who) => views(entityWithin(apiKeys.homeEntityId, who.entityId), who.entityId),

    /** The secret is in the answer only; the key starts with no rights. */
    async create(who: Who, input: { name: string; expiresOn?: string; allowedCidrs: string[] }) {
      return db.transaction(async (tx) => {
        const owner = await tokens.humanOf(who.principal);
        const { id, key } = await tokens.createApiKey(
          {
            name: input.name,
            homeEntityId: who.entityId,
            ...(owner ? { createdBy: owner } : {}),
            expiresAt: input.expiresOn ? endOfDay(input.expiresOn) : null,
            allowedCidrs: input.allowedCidrs.map((c) => c.trim()),
          },
          tx,
        );
        await audit(tx, who, 'apiKey.create', id, {
          name: input.name,
          expiresOn: input.expiresOn ?? null,
          allowedCidrs: input.allowedCidrs,
        });
        return { key, apiKey: await one(who, id, tx) };
      });
    },

    async update(
      who: Who,
      input: { apiKeyId: string; name?: string; expiresOn?: string | null; allowedCidrs?: string[] },
    ) {
      return db.transaction(async (tx) => {
        const patch: Partial<typeof apiKeys.$inferInsert> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.expiresOn !== undefined)
          patch.expiresAt = input.expiresOn ? endOfDay(input.expiresOn) : null;
        if (input.allowedCidrs !== undefined) patch.allowedCidrs = input.allowedCidrs.map((c) => c.trim());
        if (Object.keys(patch).length)
          await tx.update(apiKeys).set(patch).where(eq(apiKeys.id, input.apiKeyId));
        await audit(tx, who, 'apiKey.update', input.apiKeyId, { ...input });
        return one(who, input.apiKeyId, tx);
      });
    },

    /** Revoked keys fail on their next call (the key lookup reads the row every time). */
    async revoke(who: Who, apiKeyId: string) {
      return db.transaction(async (tx) => {
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
