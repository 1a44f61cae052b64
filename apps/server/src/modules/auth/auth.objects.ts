import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { apiKeys } from './auth.tables';

/** An API key belongs to its home entity (see `Endpoint.objects`). */
export const authObjects = {
  apiKey: ownedBy('uuid', sql`select k.id, k.home_entity_id as entity_id from ${apiKeys} k`),
} satisfies Partial<ObjectOwners>;
