import { effectivePermissions, type Grant, isVisible } from '@clearway/contracts/authorization';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import type { PermissionResolver, Principal } from '../../platform/principal';
import { entityPathOf, rootEntityId } from '../entities/entity-lookups';
import { ancestorsOfPath } from '../entities/entity-path';
import { grantsOf, pathAndGrantsReader } from './grants.repo';

/**
 * The permission resolver the access guard uses. It reads the grants on every request, so
 * a changed grant applies to the very next call.
 */
export function createResolver(db: Db) {
  const pathAndGrants = pathAndGrantsReader(db);
  const resolve: PermissionResolver = async (principal, entityId) => {
    const found = await pathAndGrants({ principal, entityId });
    if (!found) return null;
    const { grants } = found;
    const ancestors = ancestorsOfPath(found.path);
    if (!isVisible(grants, entityId, ancestors, principal.homeEntityId)) return null;
    return effectivePermissions(grants, entityId, ancestors);
  };

  /** Permissions for many entities at once, from one read of the grants. */
  function permissionsFor(grants: Grant[], entity: { id: number; path: string }): EntityPermissions {
    return effectivePermissions(grants, entity.id, ancestorsOfPath(entity.path));
  }

  /**
   * The principals holding `key` on an entity (for telling approvers about a request). A
   * caller inside a transaction passes it: reading through the pool while holding one of
   * its connections starves the pool once every connection is held that way.
   */
  async function holders(
    entityId: number,
    key: string,
    on: DbOrTx = db,
  ): Promise<{ kind: 'user' | 'apiKey'; id: string }[]> {
    const path = await entityPathOf(on, entityId);
    if (path === null) return [];
    const chain = [...ancestorsOfPath(path), entityId];
    const candidates = await on.execute<{ kind: 'user' | 'apiKey'; id: string }>(sql`
      select principal_kind as kind, principal_id as id from direct_permissions
       where permission = ${key} and entity_id = any(${`{${chain.join(',')}}`}::int[])
      union
      select pr.principal_kind, pr.principal_id from principal_roles pr
        join roles r on r.id = pr.role_id
       where ${key} = any(r.permissions) and pr.entity_id = any(${`{${chain.join(',')}}`}::int[])
      union
      select gm.principal_kind, gm.principal_id from group_members gm
        join permission_scopes ps on ps.group_id = gm.group_id
        join group_roles gr on gr.group_id = gm.group_id
        join roles r on r.id = gr.role_id
       where ${key} = any(r.permissions) and ps.entity_id = any(${`{${chain.join(',')}}`}::int[])`);
    const out = [];
    for (const c of candidates.rows) {
      const grants = await grantsOf(on, c);
      if (
        effectivePermissions(grants, entityId, ancestorsOfPath(path)).permissions.includes(
          key as Grant['key'],
        )
      )
        out.push(c);
    }
    return out;
  }

  /**
   * The platform root: the first entity without a parent (the ledger's platform accounts
   * hang there too). Entities are never deleted or re-parented to the top, so once found it
   * is kept for the life of the process.
   */
  let rootId: number | null = null;
  async function platformRootId(): Promise<number | null> {
    if (rootId !== null) return rootId;
    rootId = await rootEntityId(db);
    return rootId;
  }

  return { resolve, grantsOf: (p: Principal) => grantsOf(db, p), permissionsFor, holders, platformRootId };
}
export type Resolver = ReturnType<typeof createResolver>;
