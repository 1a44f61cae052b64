import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { users } from './users.tables';

/** Who owns a user: the user's home entity. */
export const userObjects = {
  user: ownedBy('uuid', sql`select u.id, u.home_entity_id as entity_id from ${users} u`),
} satisfies Partial<ObjectOwners>;
