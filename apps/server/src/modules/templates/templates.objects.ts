import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { entityTemplates } from './templates.tables';

/** A template belongs to the entity it was made on (see `Endpoint.objects`). */
export const templateObjects = {
  template: ownedBy('int', sql`select t.id, t.owner_entity_id as entity_id from ${entityTemplates} t`),
} satisfies Partial<ObjectOwners>;
