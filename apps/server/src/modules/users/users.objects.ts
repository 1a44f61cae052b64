import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { users, userTemplates } from './users.tables';

/** Who owns a user: the user's home entity; a user template: the home entity it gives. */
export const userObjects = {
  user: ownedBy('uuid', sql`select u.id, u.home_entity_id as entity_id from ${users} u`),
  userTemplate: ownedBy('int', sql`select t.id, t.home_entity_id as entity_id from ${userTemplates} t`),
} satisfies Partial<ObjectOwners>;
