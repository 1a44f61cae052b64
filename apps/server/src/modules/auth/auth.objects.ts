import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { apiKeys } from './auth.tables';

/** Who owns an API key: the entity it was issued on. */
export const authObjects = {
  apiKey: ownedBy('uuid', sql`select k.id, k.home_entity_id as entity_id from ${apiKeys} k`),
} satisfies Partial<ObjectOwners>;
