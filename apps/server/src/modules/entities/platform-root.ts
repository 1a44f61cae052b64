import { asc, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entities } from './entities.tables';

/**
 * The platform root: the first entity without a parent (what every tenant shares hangs
 * there, the ledger's platform accounts too); null before one exists.
 */
export async function findPlatformRoot(db: DbOrTx): Promise<number | null> {
  const [root] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(isNull(entities.parentId))
    .orderBy(asc(entities.id))
    .limit(1);
  return root?.id ?? null;
}
