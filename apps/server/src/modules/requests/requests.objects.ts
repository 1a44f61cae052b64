import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { requests } from './requests.tables';

/** Who owns a request: the entity it was made for (see `Endpoint.objects`). */
export const requestObjects = {
  request: ownedBy('bigint', sql`select r.id, r.entity_id from ${requests} r`),
} satisfies Partial<ObjectOwners>;
