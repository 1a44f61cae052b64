import { sql } from 'drizzle-orm';
import { type ObjectOwners, ownedBy } from '../../platform/object-owners';
import { groups, permissionScopes, roles } from './authorization.tables';

/** Owned by nobody is the platform's: the root (the first top-level entity). */
const platformRoot = sql`(select root.id from entities root where root.parent_id is null order by root.id limit 1)`;

/**
 * Where the rights objects sit (see `Endpoint.objects`), as the grant rule reads them
 * (`mayManageGroup`, `mayUseRole`):
 *  - a group bound somewhere sits where it is bound (each binding an owner: all must be
 *    within reach); one bound nowhere sits with its owner. A group bound into another
 *    tenant is that tenant's, whoever made it.
 *  - a role sits with its owner.
 * Both are shared down the tree (`line`): one defined above the acting entity is available
 * there, and the grant rule decides whether the caller may use it.
 */
export const authorizationObjects = {
  group: ownedBy(
    'int',
    sql`select g.id, coalesce(ps.entity_id, g.owner_entity_id, ${platformRoot}) as entity_id
          from ${groups} g left join ${permissionScopes} ps on ps.group_id = g.id`,
    'line',
  ),
  role: ownedBy(
    'int',
    sql`select r.id, coalesce(r.owner_entity_id, ${platformRoot}) as entity_id from ${roles} r`,
    'line',
  ),
} satisfies Partial<ObjectOwners>;
