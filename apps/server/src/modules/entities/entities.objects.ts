import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { entities } from './entities.tables';

/**
 * An entity acted on from above it belongs to its parent: the guard holds the row's keys
 * there (`entityFromAbove`), so a root, which has none above it, is acted on by no one.
 */
export const entityObjects = {
  entityFromAbove: ownedBy(
    'int',
    sql`select e.id, e.parent_id as entity_id from ${entities} e where e.parent_id is not null`,
  ),
} satisfies Partial<ObjectOwners>;
