import type { ZEntityFilters } from '@clearway/contracts/endpoints/entity.schemas';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import {
  entities,
  entityAddresses,
  entityNameMappings,
  entityTreeVersion,
  relatedEntities,
} from './entities.tables';
import { pathWithin, pathWithinAny } from './entity-sql';
import type { ForestRow } from './visible-forest';

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

export type EntityListRow = ForestRow;

type RawForestRow = [number, string, number | null, string, string[], boolean, boolean, boolean];

/**
 * The forest's rows under these paths, parents before children, and the tree's version they
 * were read at (one statement, one snapshot). A tree of 100,000 entities comes back as one
 * JSON text of arrays, parsed at once: far cheaper than as many rows, each of whose fields
 * the driver would parse on its own, through the ORM's mapping.
 */
export async function forestRowsAt(
  db: DbOrTx,
  rootPaths: string[],
): Promise<{ version: number; rows: ForestRow[] }> {
  const res = await db.execute<{ version: string; rows: string }>(sql`
    select (select version from ${entityTreeVersion}) as version,
           coalesce(json_agg(json_build_array(id, name, parent_id, path, attributes, active,
                                              trading_enabled, frozen_at is not null) order by path collate "C"), '[]')::text as rows
      from ${entities} where ${pathWithinAny(entities.path, rootPaths)}`);
  const raw = JSON.parse(res.rows[0]!.rows) as RawForestRow[];
  return {
    version: Number(res.rows[0]!.version),
    rows: raw.map(([id, name, parentId, path, attributes, active, tradingEnabled, frozen]) => ({
      id,
      name,
      parentId,
      path,
      attributes,
      active,
      tradingEnabled,
      frozen,
    })),
  };
}

/** The tree's current version (see `entityTreeVersion`). */
export async function treeVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ v: entityTreeVersion.version }).from(entityTreeVersion);
  return row?.v ?? 0;
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** The section 3 filters as conditions (an empty list filters nothing). */
function filtersOf(f: z.output<typeof ZEntityFilters>): SQL[] {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(entities.active, f.status === 'Active'));
  if (f.tradingEnabled) conds.push(eq(entities.tradingEnabled, f.tradingEnabled === 'Enabled'));
  if (f.attributes?.length) conds.push(sql`${entities.attributes} && ${sql.param(f.attributes)}::text[]`);
  if (f.baseCurrencies?.length) conds.push(inArray(entities.currencyCode, f.baseCurrencies));
  if (f.conversionProfiles?.length) conds.push(inArray(entities.conversionProfileId, f.conversionProfiles));
  if (f.rollProfiles?.length) conds.push(inArray(entities.rollProfileId, f.rollProfiles));
  if (f.addressTypes?.length)
    conds.push(
      sql`exists (select 1 from ${entityAddresses} a where a.entity_id = ${entities.id} and a.address_type = any(${sql.param(f.addressTypes)}::text[]))`,
    );
  if (f.nameSources?.length)
    conds.push(
      sql`exists (select 1 from ${entityNameMappings} m where m.entity_id = ${entities.id} and m.source = any(${sql.param(f.nameSources)}::text[]))`,
    );
  if (f.search) {
    const term = like(f.search);
    conds.push(
      or(
        ilike(entities.name, term),
        sql`${entities.id}::text = ${f.search.trim()}`,
        sql`exists (select 1 from ${entityNameMappings} m where m.entity_id = ${entities.id} and m.name ilike ${term})`,
      )!,
    );
  }
  return conds;
}

/** The entities below `path` that pass the filters, by name, one page, with their number. */
export async function childrenPage(
  db: DbOrTx,
  path: string,
  f: z.output<typeof ZEntityFilters> & { limit: number; offset: number },
) {
  const where = and(pathWithin(entities.path, path), sql`${entities.path} <> ${path}`, ...filtersOf(f));
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: entities.id,
        name: entities.name,
        parentId: entities.parentId,
        parentName: parent.name,
        attributes: entities.attributes,
        active: entities.active,
        currencyCode: entities.currencyCode,
        tradingEnabled: entities.tradingEnabled,
        conversionProfileId: entities.conversionProfileId,
        rollProfileId: entities.rollProfileId,
      })
      .from(entities)
      .leftJoin(parent, eq(parent.id, entities.parentId))
      .where(where)
      .orderBy(asc(entities.name), asc(entities.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(entities).where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The paths of the frozen entities (few: the partial index holds them). */
export async function frozenPaths(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ path: entities.path })
    .from(entities)
    .where(sql`${entities.frozenAt} is not null`);
  return rows.map((r) => r.path);
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
