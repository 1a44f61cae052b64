import { type Column, type SQL, sql } from 'drizzle-orm';
import { entities } from './entities.tables';

// SQL fragments other modules compose into their own queries, so that what an entity's
// place in the tree means is written once, here, by the module that owns the paths.

/**
 * THE subtree predicate: `path` (a materialized path, `/1/7/42/`) is `rootPath` or lies
 * below it. Written as a range — every path below starts with the root's and goes on with
 * digits and slashes, all of which sort before '~' — so the text_pattern_ops index on
 * entities.path serves it even when the root's path is only known while the query runs
 * (a LIKE pattern built at run time gets no index).
 */
export function pathWithin(path: Column | SQL, rootPath: Column | SQL | string): SQL {
  const root = typeof rootPath === 'string' ? sql`${rootPath}::text` : rootPath;
  return sql`(${path} ~>=~ ${root} and ${path} ~<~ (${root} || '~'))`;
}

/** `path` lies at or below any of these paths (false for none). */
export function pathWithinAny(path: Column | SQL, rootPaths: readonly string[]): SQL {
  if (rootPaths.length === 0) return sql`false`;
  return sql`(${sql.join(
    rootPaths.map((p) => pathWithin(path, p)),
    sql` or `,
  )})`;
}

/** An entity's materialized path (a lookup on the primary key). */
export const entityPath = (entityId: Column | SQL | number): SQL<string> =>
  sql<string>`(select pathed.path from ${entities} pathed where pathed.id = ${entityId})`;

/** The entities at or below entity `rootId`, as a subquery of their ids. */
export const subtreeIds = (rootId: number | Column | SQL): SQL =>
  sql`(select below.id from ${entities} below join ${entities} top on ${pathWithin(sql`below.path`, sql`top.path`)}
        where top.id = ${rootId})`;

/** `entityId` is entity `rootId` or one below it. */
export const entityWithin = (entityId: Column | SQL, rootId: number | Column | SQL): SQL =>
  sql`${entityId} in ${subtreeIds(rootId)}`;

/**
 * Entity `entityId` is `rootId` or lies below it, read through both paths (two primary-key
 * lookups): for a check of one row at a time, where `entityWithin` suits a list.
 */
export const entityAtOrBelow = (
  entityId: Column | SQL | number,
  rootId: Column | SQL | number,
): SQL<boolean> => sql<boolean>`coalesce(${pathWithin(entityPath(entityId), entityPath(rootId))}, false)`;

/** `entityId` is strictly below entity `rootId`. */
export const entityBelow = (entityId: Column | SQL, rootId: number): SQL =>
  sql`(${entityWithin(entityId, rootId)} and ${entityId} <> ${rootId})`;

/** `entityId` is a direct child of entity `parentId`. */
export const entityChildOf = (entityId: Column | SQL, parentId: number): SQL =>
  sql`${entityId} in (select child.id from ${entities} child where child.parent_id = ${parentId})`;

/** The direct child of entity `parentId` that entity `entityId` is, or lies below (null: none). */
export const childOnPath = (entityId: Column | SQL, parentId: number): SQL<number> =>
  sql<number>`(select child.id from ${entities} child
                where child.parent_id = ${parentId} and ${pathWithin(entityPath(entityId), sql`child.path`)})`;

/** An entity's name (a lookup on the primary key). */
export const entityNameOf = (entityId: Column | SQL): SQL<string> =>
  sql<string>`(select named.name from ${entities} named where named.id = ${entityId})`;

/**
 * The frozen entity that holds `entityId` — itself or the nearest frozen entity above it —
 * as `id:name` (null: none). Frozen entities are few, so this reads the partial index of
 * frozen paths only.
 */
export const frozenHolderOf = (entityId: Column | SQL | number): SQL<string | null> =>
  sql<string | null>`(select frozen.id || ':' || frozen.name from ${entities} frozen
    where frozen.frozen_at is not null and ${pathWithin(entityPath(entityId), sql`frozen.path`)}
    order by length(frozen.path) desc limit 1)`;

/** An entity's base currency: its own, else USD (a lookup on the primary key). */
export const entityBaseCurrencyOf = (entityId: Column | SQL): SQL<string> =>
  sql<string>`(select coalesce(based.currency_code, 'USD') from ${entities} based where based.id = ${entityId})`;
