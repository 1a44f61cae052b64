import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { statements } from './statements.tables';

/** Who owns the statements module's objects a call may name (see `Endpoint.objects`). */
export const statementObjects = {
  // A statement belongs to the entity it was made for (an account's statement: the account's owner).
  statement: ownedBy('bigint', sql`select s.id, s.entity_id from ${statements} s`),
} satisfies Partial<ObjectOwners>;
