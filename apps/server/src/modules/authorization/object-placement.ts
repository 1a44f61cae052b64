import { effectivePermissions, type Grant, isVisible } from '@clearway/contracts/authorization';
import type { ObjectKind } from '@clearway/contracts/objects';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { ObjectOwners } from '../../platform/object-owners';
import type { ObjectPlacement, ObjectPlacer } from '../../platform/principal';
import { ancestorsOfPath } from '../entities/entity-path';
import { entityPathOf, pathWithin } from '../entities/entity-sql';
import { grantRows } from './grants.repo';

type Row = {
  kind: ObjectKind;
  id: string;
  entity_id: number;
  path: string;
  within: boolean;
  grants: { entity_id: number; key: Grant['key']; scope: Grant['scope'] }[];
};

/**
 * Places the objects a call names for the access guard, in one statement whatever their
 * number: each kind's owner query (declared by the module owning the table) filtered by
 * the ids named, each owner's path and whether it lies at or below the acting entity (the
 * entities module's subtree predicate), and the caller's grants, read once. The caller's
 * permissions on each owner then follow from the grants, exactly as the resolver reads them.
 */
export function createObjectPlacer(db: Db, owners: ObjectOwners): ObjectPlacer {
  return async (principal, actingEntityId, refs) => {
    const byKind = new Map<ObjectKind, (number | string)[]>();
    for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
    if (byKind.size === 0) return [];
    const found: SQL[] = [...byKind].map(([kind, ids]) => {
      const o = owners[kind];
      return sql`select ${kind}::text as kind, o.id::text as id, o.entity_id
                   from (${o.owners}) o where o.id = any(${sql.param(ids)}::${sql.raw(o.idType)}[])`;
    });
    const rows = await db.execute<Row>(sql`
      with found as (${sql.join(found, sql` union all `)}),
           acting as (select ${entityPathOf(actingEntityId)} as path),
           grants as (select coalesce(json_agg(g), '[]') as grants
                        from (${grantRows(principal.kind, principal.id)}) g)
      select f.kind, f.id, f.entity_id, p.path, ${pathWithin(sql`p.path`, sql`acting.path`)} as within, grants.grants
        from found f
        cross join lateral (select ${entityPathOf(sql`f.entity_id`)} as path) p
        cross join acting cross join grants`);
    return rows.rows.map((r): ObjectPlacement => {
      const grants = r.grants
        .filter((g) => g.entity_id !== null)
        .map((g): Grant => ({ entityId: Number(g.entity_id), key: g.key, scope: g.scope }));
      const entityId = Number(r.entity_id);
      const ancestors = ancestorsOfPath(r.path);
      const visible = isVisible(grants, entityId, ancestors, principal.homeEntityId);
      return {
        kind: r.kind,
        id: r.id,
        entityId,
        withinActing: r.within === true,
        permissions: visible ? effectivePermissions(grants, entityId, ancestors) : null,
      };
    });
  };
}
