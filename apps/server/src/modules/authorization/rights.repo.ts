import type { ScopeType } from '@clearway/contracts/authorization';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

export type PrincipalRef = { kind: 'user' | 'apiKey'; id: string };
/** An entity with its materialized path, so its ancestors need no further read. */
export type PlacedEntity = { entityId: number; path: string };

/**
 * One right as the resolver reads it (`grants.repo.ts`: members × the group's scopes × its
 * roles' keys, plus direct permissions), kept with who holds it and through what. A group
 * is a holder too: what its roles give where it is bound is a grant waiting for members.
 */
export type Right = PlacedEntity & {
  holder: string;
  source: string;
  key: PermissionKey;
  scope: ScopeType;
};

export type GroupFacts = {
  id: number;
  owner: PlacedEntity | null;
  bindings: (PlacedEntity & { scope: ScopeType })[];
};
export type RoleFacts = { id: number; owner: PlacedEntity | null };

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** Every right the named groups give (to themselves and each member), and the principals' own roles and direct ones. */
export async function rightsOf(
  tx: DbOrTx,
  groupIds: readonly number[],
  principals: readonly PrincipalRef[],
): Promise<Right[]> {
  if (!groupIds.length && !principals.length) return [];
  const rows = await tx.execute<{
    holder: string;
    source: string;
    entity_id: number;
    path: string;
    key: PermissionKey;
    scope: ScopeType;
  }>(sql`
    with caps as (
      select ps.group_id, ps.entity_id, k.key, ps.scope_type as scope
        from permission_scopes ps
        join group_roles gr on gr.group_id = ps.group_id
        join roles r on r.id = gr.role_id
        cross join unnest(r.permissions) as k(key)
       where ps.group_id = any(${ints(groupIds)})
    ), held as (
      select 'group:' || c.group_id as holder, 'group:' || c.group_id as source, c.entity_id, c.key, c.scope
        from caps c
      union
      select gm.principal_kind || ':' || gm.principal_id, 'group:' || c.group_id, c.entity_id, c.key, c.scope
        from caps c join group_members gm on gm.group_id = c.group_id
      union
      select pr.principal_kind || ':' || pr.principal_id, 'role:' || pr.role_id, pr.entity_id, k.key, pr.scope_type
        from principal_roles pr
        join roles r on r.id = pr.role_id
        cross join unnest(r.permissions) as k(key)
        join unnest(${sql.param(principals.map((p) => p.kind))}::principal_kind[],
                    ${sql.param(principals.map((p) => p.id))}::text[]) as p(kind, id)
          on pr.principal_kind = p.kind and pr.principal_id = p.id
      union
      select dp.principal_kind || ':' || dp.principal_id, 'direct', dp.entity_id, dp.permission, dp.scope_type
        from direct_permissions dp
        join unnest(${sql.param(principals.map((p) => p.kind))}::principal_kind[],
                    ${sql.param(principals.map((p) => p.id))}::text[]) as p(kind, id)
          on dp.principal_kind = p.kind and dp.principal_id = p.id
    )
    select h.holder, h.source, h.entity_id, e.path, h.key, h.scope
      from held h join entities e on e.id = h.entity_id`);
  return rows.rows.map((r) => ({
    holder: r.holder,
    source: r.source,
    entityId: Number(r.entity_id),
    path: r.path,
    key: r.key,
    scope: r.scope,
  }));
}

/** The principals holding any of these roles themselves (not through a group). */
export async function principalsHolding(tx: DbOrTx, roleIds: readonly number[]): Promise<PrincipalRef[]> {
  if (!roleIds.length) return [];
  const rows = await tx.execute<{ kind: 'user' | 'apiKey'; id: string }>(
    sql`select distinct principal_kind as kind, principal_id as id from principal_roles where role_id = any(${ints(roleIds)})`,
  );
  return rows.rows;
}

/** Each group's owner and where it is bound. */
export async function groupFacts(tx: DbOrTx, groupIds: readonly number[]): Promise<GroupFacts[]> {
  if (!groupIds.length) return [];
  const rows = await tx.execute<{
    id: number;
    owner_id: number | null;
    owner_path: string | null;
    entity_id: number | null;
    path: string | null;
    scope: ScopeType | null;
  }>(sql`
    select g.id, g.owner_entity_id as owner_id, o.path as owner_path, ps.entity_id, e.path, ps.scope_type as scope
      from groups g
      left join entities o on o.id = g.owner_entity_id
      left join permission_scopes ps on ps.group_id = g.id
      left join entities e on e.id = ps.entity_id
     where g.id = any(${ints(groupIds)})`);
  const byId = new Map<number, GroupFacts>();
  for (const r of rows.rows) {
    const id = Number(r.id);
    let g = byId.get(id);
    if (!g) {
      g = {
        id,
        owner: r.owner_id === null ? null : { entityId: Number(r.owner_id), path: r.owner_path! },
        bindings: [],
      };
      byId.set(id, g);
    }
    if (r.entity_id !== null)
      g.bindings.push({ entityId: Number(r.entity_id), path: r.path!, scope: r.scope! });
  }
  return [...byId.values()];
}

export async function roleFacts(tx: DbOrTx, roleIds: readonly number[]): Promise<RoleFacts[]> {
  if (!roleIds.length) return [];
  const rows = await tx.execute<{ id: number; owner_id: number | null; owner_path: string | null }>(sql`
    select r.id, r.owner_entity_id as owner_id, o.path as owner_path
      from roles r left join entities o on o.id = r.owner_entity_id
     where r.id = any(${ints(roleIds)})`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    owner: r.owner_id === null ? null : { entityId: Number(r.owner_id), path: r.owner_path! },
  }));
}

/** The groups holding any of these roles: a role's keys reach whoever those groups reach. */
export async function groupsHolding(tx: DbOrTx, roleIds: readonly number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await tx.execute<{ group_id: number }>(
    sql`select distinct group_id from group_roles where role_id = any(${ints(roleIds)})`,
  );
  return rows.rows.map((r) => Number(r.group_id));
}

export async function pathsOf(tx: DbOrTx, entityIds: readonly number[]): Promise<string[]> {
  if (!entityIds.length) return [];
  const rows = await tx.execute<{ path: string }>(
    sql`select path from entities where id = any(${ints([...new Set(entityIds)])})`,
  );
  return rows.rows.map((r) => r.path);
}

/** The platform root (the first entity without a parent), with its path. */
export async function platformRoot(tx: DbOrTx): Promise<PlacedEntity | null> {
  const rows = await tx.execute<{ id: number; path: string }>(
    sql`select id, path from entities where parent_id is null order by id limit 1`,
  );
  const r = rows.rows[0];
  return r ? { entityId: Number(r.id), path: r.path } : null;
}

/**
 * Rights changes wait for one another, so the rights a change is judged on are the rights
 * it commits over — and the caller's own grants cannot shift under the check.
 */
export async function serializeRightsChanges(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clearway.rights'))`);
}
