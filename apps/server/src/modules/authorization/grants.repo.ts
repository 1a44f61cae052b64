import type { Grant } from '@clearway/contracts/authorization';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Principal } from '../../platform/principal';

/** Every grant a principal holds: roles through its groups' scopes, plus direct permissions. */
export async function grantsOf(db: DbOrTx, principal: Pick<Principal, 'kind' | 'id'>): Promise<Grant[]> {
  const rows = await db.execute<{ entity_id: number; key: string; scope: Grant['scope'] }>(sql`
    select ps.entity_id, unnest(r.permissions) as key, ps.scope_type as scope
      from group_members gm
      join permission_scopes ps on ps.group_id = gm.group_id
      join group_roles gr on gr.group_id = gm.group_id
      join roles r on r.id = gr.role_id
     where gm.principal_kind = ${principal.kind} and gm.principal_id = ${principal.id}
    union
    select dp.entity_id, dp.permission, dp.scope_type
      from direct_permissions dp
     where dp.principal_kind = ${principal.kind} and dp.principal_id = ${principal.id}`);
  return rows.rows.map((r) => ({
    entityId: Number(r.entity_id),
    key: r.key as Grant['key'],
    scope: r.scope,
  }));
}
