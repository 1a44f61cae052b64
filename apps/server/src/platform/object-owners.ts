import type { SQL } from 'drizzle-orm';
import type { OwnedObjectKind } from './principal';

/**
 * How far an object's owner may sit from the acting entity for the object to be within the
 * caller's reach:
 *  - `subtree`: at or below the acting entity (an account, a user, an API key);
 *  - `line`: at or below it, or at or above it — what is shared down the tree (a role or
 *    group defined above is available below it, the grant rule then deciding who may use
 *    it). Never a sibling's subtree, so never another tenant's.
 */
export type ObjectReach = 'subtree' | 'line';

/**
 * How to find who owns objects of one kind: a query of `(id, entity_id)` rows over the
 * owning module's own table — one row per owning entity (a transfer between two accounts
 * has two owners, and all must be within reach) — the SQL type of its ids, and the reach.
 * The guard filters it by the ids a call names, so it should be a plain select the planner
 * can push that filter into (the primary key). An object with no row names nothing (404).
 * Declared by the module that owns the table, one line per kind:
 * `wallet: ownedBy('int', sql\`select id, entity_id from ${wallets}\`)`.
 */
export type OwnerQuery = { idType: 'int' | 'bigint' | 'uuid'; owners: SQL; reach: ObjectReach };
export const ownedBy = (
  idType: OwnerQuery['idType'],
  owners: SQL,
  reach: ObjectReach = 'subtree',
): OwnerQuery => ({ idType, owners, reach });

/**
 * Every owned kind's owner query: the server composes the modules' declarations into this.
 * An entity named by id has no owner to find: the guard treats it as a second acting entity.
 */
export type ObjectOwners = Record<OwnedObjectKind, OwnerQuery>;

/**
 * An id as the placement compares it: a number in its shortest digits, a uuid in lower
 * case (Postgres prints it so, and a client may send either case).
 */
export function canonicalId(id: number | string): string {
  const s = String(id).trim();
  return /^\d+$/.test(s) ? BigInt(s).toString() : s.toLowerCase();
}

const ID_SHAPES: Record<OwnerQuery['idType'], (id: string) => boolean> = {
  int: (id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= 2_147_483_647,
  bigint: (id) => /^\d{1,19}$/.test(id) && BigInt(id) >= 1n && BigInt(id) <= 9_223_372_036_854_775_807n,
  uuid: (id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id),
};

/** An id that cannot be of this type names nothing (and never reaches a cast in SQL). */
export const fitsIdType = (idType: OwnerQuery['idType'], canonical: string): boolean =>
  ID_SHAPES[idType](canonical);
