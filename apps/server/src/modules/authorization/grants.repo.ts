import type { Grant } from '@clearway/contracts/authorization';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryPrepared } from '../../platform/db';
import type { Principal } from '../../platform/principal';

const grantRows = (principal: Pick<Principal, 'kind' | 'id'>) => sql`
    select ps.entity_id, unnest(r.permissions) as key, ps.scope_type as scope
      from group_members gm
      join permission_scopes ps on ps.group_id = gm.group_id
      join group_roles gr on gr.group_id = gm.group_id
      join roles r on r.id = gr.role_id
     where gm.principal_kind = ${principal.kind} and gm.principal_id = ${principal.id}
    union
    select dp.entity_id, dp.permission, dp.scope_type
      from direct_permissions dp
     where dp.principal_kind = ${principal.kind} and dp.principal_id = ${principal.id}`;

type GrantRow = { entity_id: number | null; key: string | null; scope: Grant['scope'] | null };
const toGrants = (rows: GrantRow[]): Grant[] =>
  rows
    .filter((r) => r.entity_id !== null)
    .map((r) => ({ entityId: Number(r.entity_id), key: r.key as Grant['key'], scope: r.scope! }));

/** Every grant a principal holds: roles through its groups' scopes, plus direct permissions. */
export async function grantsOf(db: DbOrTx, principal: Pick<Principal, 'kind' | 'id'>): Promise<Grant[]> {
  return toGrants((await db.execute<GrantRow>(grantRows(principal))).rows);
}

/**
 * The entity's materialized path and the principal's grants in one round trip (the access
 * guard asks for both on every request); null when the entity does not exist.
 */
export async function pathAndGrants(
  db: Db,
  principal: Pick<Principal, 'kind' | 'id'>,
  entityId: number,
): Promise<{ path: string; grants: Grant[] } | null> {
  const rows = await queryPrepared<GrantRow & { path: string }>(
    db,
    'path_and_grants',
    sql`select e.path, g.entity_id, g.key, g.scope
          from entities e left join (${grantRows(principal)}) g on true
         where e.id = ${entityId}`,
  );
  return rows.length ? { path: rows[0]!.path, grants: toGrants(rows) } : null;
}
