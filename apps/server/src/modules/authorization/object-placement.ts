import type { ObjectKind } from '@clearway/contracts/objects';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { ObjectOwners } from '../../platform/object-owners';
import type { ObjectPlacement, ObjectPlacer } from '../../platform/principal';
import { entityAtOrBelow } from '../entities/entity-sql';

/**
 * Places the objects a call names for the access guard, in one statement whatever their
 * number: each kind's owner query (declared by the module owning the table) filtered by
 * the ids named, and whether each owner lies at or below the acting entity (the entities
 * module's subtree predicate).
 */
export function createObjectPlacer(db: Db, owners: ObjectOwners): ObjectPlacer {
  return async (actingEntityId, refs) => {
    const byKind = new Map<ObjectKind, (number | string)[]>();
    for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
    if (byKind.size === 0) return [];
    const found: SQL[] = [...byKind].map(([kind, ids]) => {
      const o = owners[kind];
      return sql`select ${kind}::text as kind, o.id::text as id, o.entity_id
                   from (${o.owners}) o where o.id = any(${sql.param(ids)}::${sql.raw(o.idType)}[])`;
    });
    const rows = await db.execute<{ kind: ObjectKind; id: string; entity_id: number; within: boolean }>(sql`
      select f.kind, f.id, f.entity_id, ${entityAtOrBelow(sql`f.entity_id`, actingEntityId)} as within
        from (${sql.join(found, sql` union all `)}) f`);
    return rows.rows.map(
      (r): ObjectPlacement => ({
        kind: r.kind,
        id: r.id,
        entityId: Number(r.entity_id),
        withinActing: r.within === true,
      }),
    );
  };
}
