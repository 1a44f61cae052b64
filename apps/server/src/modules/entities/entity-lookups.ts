import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { entities } from './entities.tables';
import { frozenHolderOf } from './entity-sql';

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

/** A freeze holding an entity: the frozen entity (itself or the nearest above it). */
export type FreezeHolder = { id: number; name: string };

/** Reads `frozenHolderOf`'s `id:name` (null: not frozen). */
export function parseFreezeHolder(raw: string | null | undefined): FreezeHolder | null {
  if (!raw) return null;
  const at = raw.indexOf(':');
  return { id: Number(raw.slice(0, at)), name: raw.slice(at + 1) };
}

/**
 * The refusal every new request, trade or booking on a frozen subtree gets — one wording,
 * whichever path refused it (the request engine, the booking path).
 */
export const frozenMessage = (holder: FreezeHolder) =>
  `${holder.name} is frozen: no new requests, trades or bookings until the freeze is lifted`;

/** The freeze holding an entity (its own or the nearest above it), read in the caller's transaction. */
export async function freezeHolding(db: DbOrTx, entityId: number): Promise<FreezeHolder | null> {
  const res = await db.execute<{ holder: string | null }>(sql`select ${frozenHolderOf(entityId)} as holder`);
  return parseFreezeHolder(res.rows[0]?.holder);
}
