import type { ObjectKind } from '@clearway/contracts/objects';
import type { SQL } from 'drizzle-orm';

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

/** Every kind's owner query: the server composes the modules' declarations into this. */
export type ObjectOwners = Record<ObjectKind, OwnerQuery>;
