import type { CeilingKind } from '@clearway/contracts/endpoints/limits.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entityNameOf } from '../entities/entity-sql';
import { ceilings } from './limits.tables';

export type CeilingRow = typeof ceilings.$inferSelect & { entityName: string };

/** The ceilings set by any of these entities (an entity's line, root first), with the setter's name. */
export async function ceilingsSetBy(db: DbOrTx, entityIds: number[]): Promise<CeilingRow[]> {
  const rows = await db
    .select({ c: ceilings, entityName: entityNameOf(ceilings.entityId) })
    .from(ceilings)
    .where(inArray(ceilings.entityId, entityIds));
  return rows.map((r) => ({ ...r.c, entityName: r.entityName }));
}

const one = (entityId: number, kind: CeilingKind, asset: string) =>
  and(eq(ceilings.entityId, entityId), eq(ceilings.kind, kind), eq(ceilings.asset, asset));

/** The entity's own ceiling of this kind and asset, locked for the change that reads it. */
export async function ownCeiling(tx: DbOrTx, entityId: number, kind: CeilingKind, asset: string) {
  const [row] = await tx
    .select()
    .from(ceilings)
    .where(one(entityId, kind, asset))
    .for('update');
  return row ?? null;
}

/** Sets the entity's own ceiling, or (maximum null) removes it. */
export async function writeCeiling(
  tx: DbOrTx,
  c: { entityId: number; kind: CeilingKind; asset: string; maximum: string | null; currency: string },
  requestId: number,
): Promise<void> {
  if (c.maximum === null) {
    await tx.delete(ceilings).where(one(c.entityId, c.kind, c.asset));
    return;
  }
  const values = { ...c, maximum: c.maximum, requestId, setAt: new Date() };
  await tx
    .insert(ceilings)
    .values(values)
    .onConflictDoUpdate({
      target: [ceilings.entityId, ceilings.kind, ceilings.asset],
      set: { maximum: values.maximum, currency: values.currency, requestId, setAt: values.setAt },
    });
}
