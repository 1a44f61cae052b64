import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The platform root: the first entity without a parent. */
export async function rootEntityId(db: DbOrTx): Promise<number | null> {
  const [root] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(isNull(entities.parentId))
    .orderBy(asc(entities.id))
    .limit(1);
  return root?.id ?? null;
}

/**
 * The name of the entity `id` names, as a column of another module's query: a correlated
 * subquery, so that query stays one statement while this table stays this module's.
 */
export const entityNameOf = (id: AnyPgColumn) =>
  sql<string>`(select ${entities.name} from ${entities} where ${entities.id} = ${id})`;
