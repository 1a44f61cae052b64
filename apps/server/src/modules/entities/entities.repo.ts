import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { entities, entityAddresses, entityNameMappings, relatedEntities } from './entities.tables';
import { pathWithin, pathWithinAny } from './entity-sql';

export type EntityRow = typeof entities.$inferSelect;
export type NewEntityRow = typeof entities.$inferInsert;

const parent = alias(entities, 'parent');

export async function findEntity(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ entity: entities, parentName: parent.name })
    .from(entities)
    .leftJoin(parent, eq(parent.id, entities.parentId))
    .where(eq(entities.id, id));
  return row ?? null;
}

export async function pathsOf(db: DbOrTx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ path: entities.path }).from(entities).where(inArray(entities.id, ids));
  return rows.map((r) => r.path);
}

/** Every entity in the subtrees rooted at these paths (one indexed prefix scan each). */
export async function entitiesUnder(db: DbOrTx, rootPaths: string[]) {
  if (rootPaths.length === 0) return [];
  const under = pathWithinAny(entities.path, rootPaths);
  return db
    .select({
      id: entities.id,
      name: entities.name,
      parentId: entities.parentId,
      path: entities.path,
      attributes: entities.attributes,
      active: entities.active,
      tradingEnabled: entities.tradingEnabled,
    })
    .from(entities)
    .where(under)
    .orderBy(asc(entities.path));
}
export type EntityListRow = Awaited<ReturnType<typeof entitiesUnder>>[number];

export async function childrenPage(
  db: DbOrTx,
  path: string,
  f: { status?: 'Active' | 'Inactive'; search?: string; limit: number; offset: number },
) {
  const conds = [pathWithin(entities.path, path), sql`${entities.path} <> ${path}`];
  if (f.status) conds.push(eq(entities.active, f.status === 'Active'));
  if (f.search) conds.push(ilike(entities.name, `%${f.search.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...conds);
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: entities.id,
        name: entities.name,
        parentId: entities.parentId,
        attributes: entities.attributes,
        active: entities.active,
      })
      .from(entities)
      .where(where)
      .orderBy(asc(entities.name), asc(entities.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(entities).where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function detailsOf(db: DbOrTx, id: number) {
  const [addresses, nameMappings] = await Promise.all([
    db
      .select()
      .from(entityAddresses)
      .where(eq(entityAddresses.entityId, id))
      .orderBy(asc(entityAddresses.id)),
    db
      .select()
      .from(entityNameMappings)
      .where(eq(entityNameMappings.entityId, id))
      .orderBy(asc(entityNameMappings.id)),
  ]);
  return { addresses, nameMappings };
}

export async function insertEntity(db: DbOrTx, values: NewEntityRow): Promise<EntityRow> {
  const [row] = await db.insert(entities).values(values).returning();
  return row!;
}

export async function updateEntityRow(db: DbOrTx, id: number, values: Partial<NewEntityRow>) {
  await db
    .update(entities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(entities.id, id));
}

export async function replaceDetails(
  db: DbOrTx,
  id: number,
  addresses: Omit<typeof entityAddresses.$inferInsert, 'entityId'>[],
  nameMappings: Omit<typeof entityNameMappings.$inferInsert, 'entityId'>[],
) {
  await db.delete(entityAddresses).where(eq(entityAddresses.entityId, id));
  await db.delete(entityNameMappings).where(eq(entityNameMappings.entityId, id));
  if (addresses.length)
    await db.insert(entityAddresses).values(addresses.map((a) => ({ ...a, entityId: id })));
  if (nameMappings.length)
    await db.insert(entityNameMappings).values(nameMappings.map((m) => ({ ...m, entityId: id })));
}

/** Links from (downstream) or to (upstream) an entity. */
export async function relatedOf(db: DbOrTx, id: number, direction: 'down' | 'up') {
  const [mine, theirs] =
    direction === 'down'
      ? [relatedEntities.entityId, relatedEntities.relatedEntityId]
      : [relatedEntities.relatedEntityId, relatedEntities.entityId];
  return db
    .select({
      entityId: entities.id,
      entityName: entities.name,
      path: entities.path,
      relationshipType: relatedEntities.relationshipType,
    })
    .from(relatedEntities)
    .innerJoin(entities, eq(entities.id, theirs))
    .where(eq(mine, id))
    .orderBy(asc(entities.name));
}

const brief = {
  id: entities.id,
  name: entities.name,
  parentId: entities.parentId,
  attributes: entities.attributes,
  currencyCode: entities.currencyCode,
};

export async function rowsByIds(db: DbOrTx, ids: number[]) {
  const rows = await db.select(brief).from(entities).where(inArray(entities.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
}
