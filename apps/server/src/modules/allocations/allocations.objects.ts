import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { allocationGroups } from './allocations.tables';

/** A group belongs to its manager (see `Endpoint.objects`). */
export const allocationObjects = {
  allocationGroup: ownedBy('int', sql`select g.id, g.entity_id from ${allocationGroups} g`),
} satisfies Partial<ObjectOwners>;
