import { type SQL, sql } from 'drizzle-orm';
import { createBatcher, type Outcome } from '../../platform/batcher';
import { type Db, queryPrepared } from '../../platform/db';
import { canonicalId, fitsIdType, type ObjectOwners, type OwnerQuery } from '../../platform/object-owners';
import type {
  ObjectPlacement,
  ObjectPlacer,
  OwnedObjectKind,
  OwnedObjectRef,
} from '../../platform/principal';
import { entityAtOrBelow } from '../entities/entity-sql';

type Question = { actingEntityId: number; refs: OwnedObjectRef[] };

/** Whether an owner at `owner` lies within the kind's reach of the acting entity (`ObjectReach`). */
export const withinReach = (reach: OwnerQuery['reach'], owner: SQL, acting: SQL): SQL =>
  reach === 'line'
    ? sql`(${entityAtOrBelow(owner, acting)} or ${entityAtOrBelow(acting, owner)})`
    : entityAtOrBelow(owner, acting);
type Row = { q: number; kind: OwnedObjectKind; id: string; entity_id: number; within: boolean };

/**
 * Places the objects calls name for the access guard: each kind's owner query (declared by
 * the module owning the table) joined to the ids named, and whether each owner lies at or
 * below the acting entity (the entities module's subtree predicate). Calls placed at the
 * same moment share one statement — prepared once per set of kinds — and one round trip,
 * as the guard's other reads do; read when asked, so a moved object is seen at once.
 */
export function createObjectPlacer(db: Db, owners: ObjectOwners): ObjectPlacer {
  const place = createBatcher(
    async (questions: Question[]): Promise<Outcome<ObjectPlacement[]>[]> => {
      // An id that cannot be of its kind's type names nothing: it gets no placement.
      const asked = questions.flatMap((q, n) =>
        q.refs
          .map((r) => ({ kind: r.kind, id: canonicalId(r.id), q: n, acting: q.actingEntityId }))
          .filter((r) => fitsIdType(owners[r.kind].idType, r.id)),
      );
      const kinds = [...new Set(asked.map((a) => a.kind))].sort();
      const perKind: SQL[] = kinds.map((kind) => {
        const these = asked.filter((a) => a.kind === kind);
        const o = owners[kind];
        return sql`select x.q, ${kind}::text as kind, o.id::text as id, o.entity_id,
                          ${withinReach(o.reach, sql`o.entity_id`, sql`x.acting`)} as within
                     from unnest(${sql.param(these.map((a) => a.id))}::${sql.raw(o.idType)}[],
                                 ${sql.param(these.map((a) => a.q))}::int[],
                                 ${sql.param(these.map((a) => a.acting))}::int[]) as x(id, q, acting)
                     join (${o.owners}) o on o.id = x.id`;
      });
      const rows =
        kinds.length === 0
          ? []
          : await queryPrepared<Row>(
              db,
              `object_placement:${kinds.join(',')}`,
              sql.join(perKind, sql` union all `),
            );
      return questions.map((_, n) => ({
        ok: true,
        value: rows
          .filter((r) => r.q === n)
          .map((r) => ({
            kind: r.kind,
            id: r.id,
            entityId: Number(r.entity_id),
            withinActing: r.within === true,
          })),
      }));
    },
    { name: 'object_placement', maxInFlight: 2 },
  );
  return (actingEntityId, refs) =>
    refs.length === 0 ? Promise.resolve([]) : place({ actingEntityId, refs });
}
