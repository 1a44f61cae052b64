import { effectivePermissions, type Grant, isVisible } from '@clearway/contracts/authorization';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { PermissionResolver, Principal } from '../../platform/principal';
import { entities } from '../entities/entities.tables';
import { ancestorsOfPath } from '../entities/entity-path';
import { grantsOf } from './grants.repo';

/**
 * The permission resolver the access guard uses. It reads the grants on every request, so
 * a changed grant applies to the very next call.
 */
export function createResolver(db: Db) {
  const resolve: PermissionResolver = async (principal, entityId) => {
    const [entity] = await db.select({ path: entities.path }).from(entities).where(eq(entities.id, entityId));
    if (!entity) return null;
    const grants = await grantsOf(db, principal);
    const ancestors = ancestorsOfPath(entity.path);
    if (!isVisible(grants, entityId, ancestors, principal.homeEntityId)) return null;
    return effectivePermissions(grants, entityId, ancestors);
  };

  /** Permissions for many entities at once, from one read of the grants. */
  function permissionsFor(grants: Grant[], entity: { id: number; path: string }): EntityPermissions {
    return effectivePermissions(grants, entity.id, ancestorsOfPath(entity.path));
  }

  return { resolve, grantsOf: (p: Principal) => grantsOf(db, p), permissionsFor };
}
export type Resolver = ReturnType<typeof createResolver>;
