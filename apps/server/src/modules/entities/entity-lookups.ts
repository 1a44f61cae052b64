import { asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entities } from './entities.tables';

/*
 * What other modules may read of entities inside their own statements and transactions:
 * modules below the entities service (the permission resolver it is built on) and queries
 * that name an entity beside their own rows. Everything else goes through the service.
 */

/** The entity's materialized path (`/1/7/42/`), or null when there is no such entity. */
export async function entityPathOf(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ path: entities.path }).from(entities).where(eq(entities.id, id));
  return row?.path ?? null;
}

/**
 * The platform root: the first entity without a parent (what every tenant shares hangs
 * there, the ledger's platform accounts too); null before one exists.
 */
export async function rootEntityId(db: DbOrTx): Promise<number | null> {
  const [root] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(isNull(entities.parentId))
    .orderBy(asc(entities.id))
    .limit(1);
  return root?.id ?? null;
}
