import type { SQL } from 'drizzle-orm';
import type { OwnedObjectKind } from './principal';

/**
 * How to find who owns objects of one kind: a query of `(id, entity_id)` rows over the
 * owning module's own table — one row per owning entity (a transfer between two accounts
 * has two owners, and both must be within reach) — and the SQL type of its ids. The guard
 * filters it by the ids a call names, so it should be a plain select the planner can push
 * that filter into (the primary key). Declared by the module that owns the table, one line
 * per kind: `wallet: ownedBy('int', sql\`select id, entity_id from ${wallets}\`)`.
 */
export type OwnerQuery = { idType: 'int' | 'bigint' | 'uuid'; owners: SQL };
export const ownedBy = (idType: OwnerQuery['idType'], owners: SQL): OwnerQuery => ({ idType, owners });

/**
 * Every owned kind's owner query: the server composes the modules' declarations into this.
 * An entity named by id has no owner to find: the guard treats it as a second acting entity.
 */
export type ObjectOwners = Record<OwnedObjectKind, OwnerQuery>;
