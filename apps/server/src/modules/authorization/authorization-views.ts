import { isVisible, type ScopeType } from '@clearway/contracts/authorization';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Principal } from '../../platform/principal';
import { ancestorsOfPath, idsOfPath } from '../entities/entity-path';
import { pathWithinAny } from '../entities/entity-sql';
import { type GroupFacts, type PlacedEntity, pathsOf } from './rights.repo';
import {
  type Administrator,
  administers,
  administratorOf,
  mayManageGroup,
  mayManageRole,
  mayUseRole,
} from './rights-rule';

/*
 * What an administrator sees of rights, read set-based: a fixed number of statements
 * whatever the number of groups, roles or scopes (no query per row).
 *  - groups: those created within the entities it administers, or bound only there;
 *  - roles: those it may use — defined at or above the entities it administers (a
 *    platform role is shared with every tenant, read-only to them) or within them, or held
 *    by a group bound there — each flagged `editable` when the grant rule would let it
 *    change the role;
 *  - permission scopes: those on entities it can see.
 */

type Bindings = (PlacedEntity & { scope: ScopeType })[];
type Member = { kind: 'user' | 'apiKey'; id: string };

/** Paths of the entities where the caller was granted authorization_management. */
const administeredRoots = (tx: DbOrTx, me: Administrator) =>
  pathsOf(
    tx,
    me.grants.filter((g) => g.key === 'authorization_management').map((g) => g.entityId),
  );

const placed = (id: number | null, path: string | null): PlacedEntity | null =>
  id === null ? null : { entityId: Number(id), path: path! };

type GroupRow = {
  id: number;
  name: string;
  description: string;
  owner_id: number | null;
  owner_path: string | null;
  bindings: Bindings;
  role_ids: number[];
  members: Member[];
};

/** Groups with their owner, bindings, roles and members, in one statement. */
async function loadGroups(tx: DbOrTx, where: SQL) {
  const rows = await tx.execute<GroupRow>(sql`
    select g.id, g.name, g.description, g.owner_entity_id as owner_id, o.path as owner_path,
           coalesce((select json_agg(json_build_object('entityId', ps.entity_id, 'path', e.path, 'scope', ps.scope_type))
                       from permission_scopes ps join entities e on e.id = ps.entity_id
                      where ps.group_id = g.id), '[]') as bindings,
           array(select gr.role_id from group_roles gr where gr.group_id = g.id order by gr.role_id) as role_ids,
           coalesce((select json_agg(json_build_object('kind', gm.principal_kind, 'id', gm.principal_id)
                                     order by gm.principal_kind, gm.principal_id)
                       from group_members gm where gm.group_id = g.id), '[]') as members
      from groups g left join entities o on o.id = g.owner_entity_id
     where ${where}
     order by g.name`);
  return rows.rows.map((r) => ({
    facts: { id: Number(r.id), owner: placed(r.owner_id, r.owner_path), bindings: r.bindings } as GroupFacts,
    view: {
      id: Number(r.id),
      name: r.name,
      description: r.description,
      ownerEntityId: r.owner_id === null ? null : Number(r.owner_id),
      roleIds: r.role_ids.map(Number),
      members: r.members,
    },
  }));
}

/**
 * Seen by the caller: a group it may administer (the grant rule's own test) — created
 * within its tree or bound somewhere, and bound only where it administers. What it sees
 * it may also name (an approval policy's approvers), so a platform group, another
 * tenant's, or its own bound into another tenant stays out.
 */
const seesGroup = (me: Administrator, g: GroupFacts) => mayManageGroup(me, g);

export type GroupView = Awaited<ReturnType<typeof loadGroups>>[number]['view'];

/** One group as the API returns it (after a change). */
export async function groupView(tx: DbOrTx, groupId: number): Promise<GroupView | undefined> {
  return (await loadGroups(tx, sql`g.id = ${groupId}`))[0]?.view;
}

export async function listGroups(tx: DbOrTx, principal: Principal): Promise<GroupView[]> {
  const me = await administratorOf(tx, principal);
  const roots = await administeredRoots(tx, me);
  if (!roots.length) return [];
  const candidates = await loadGroups(
    tx,
    sql`(g.owner_entity_id is null or ${pathWithinAny(sql`o.path`, roots)}
         or exists (select 1 from permission_scopes ps join entities e on e.id = ps.entity_id
                     where ps.group_id = g.id and ${pathWithinAny(sql`e.path`, roots)}))`,
  );
  return candidates.filter((g) => seesGroup(me, g.facts)).map((g) => g.view);
}

type RoleRow = {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  owner_id: number | null;
  owner_path: string | null;
  holders: { id: number; ownerId: number | null; ownerPath: string | null; bindings: Bindings }[];
};

/** Roles with their owner and the groups holding them (owner and bindings), in one statement. */
async function loadRoles(tx: DbOrTx, where: SQL) {
  const rows = await tx.execute<RoleRow>(sql`
    select r.id, r.name, r.description, r.permissions, r.owner_entity_id as owner_id, o.path as owner_path,
           coalesce((select json_agg(json_build_object(
                              'id', g.id, 'ownerId', g.owner_entity_id, 'ownerPath', go.path,
                              'bindings', coalesce((select json_agg(json_build_object('entityId', ps.entity_id, 'path', e.path, 'scope', ps.scope_type))
                                                      from permission_scopes ps join entities e on e.id = ps.entity_id
                                                     where ps.group_id = g.id), '[]')))
                       from group_roles gr join groups g on g.id = gr.group_id
                       left join entities go on go.id = g.owner_entity_id
                      where gr.role_id = r.id), '[]') as holders
      from roles r left join entities o on o.id = r.owner_entity_id
     where ${where}
     order by r.name`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    permissions: r.permissions as PermissionKey[],
    owner: placed(r.owner_id, r.owner_path),
    holders: r.holders.map(
      (h): GroupFacts => ({ id: Number(h.id), owner: placed(h.ownerId, h.ownerPath), bindings: h.bindings }),
    ),
  }));
}

type LoadedRole = Awaited<ReturnType<typeof loadRoles>>[number];

/** The API's role: editable when the grant rule would let this caller change it. */
function roleView(me: Administrator, r: LoadedRole) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    ownerEntityId: r.owner?.entityId ?? null,
    editable: mayManageRole(me, r) && r.holders.every((g) => mayManageGroup(me, g)),
  };
}
export type RoleView = ReturnType<typeof roleView>;

export async function roleViewFor(tx: DbOrTx, principal: Principal, roleId: number) {
  const me = await administratorOf(tx, principal);
  const [r] = await loadRoles(tx, sql`r.id = ${roleId}`);
  return r ? roleView(me, r) : undefined;
}

export async function listRoles(tx: DbOrTx, principal: Principal): Promise<RoleView[]> {
  const me = await administratorOf(tx, principal);
  const roots = await administeredRoots(tx, me);
  if (!roots.length) return [];
  // Defined at or above an administered entity: shared down to it.
  const above = new Set(roots.flatMap(idsOfPath));
  const candidates = await loadRoles(
    tx,
    sql`(r.owner_entity_id is null or r.owner_entity_id = any(${sql.param([...above])}::int[])
         or ${pathWithinAny(sql`o.path`, roots)}
         or exists (select 1 from group_roles gr join permission_scopes ps on ps.group_id = gr.group_id
                      join entities e on e.id = ps.entity_id
                     where gr.role_id = r.id and ${pathWithinAny(sql`e.path`, roots)}))`,
  );
  return candidates
    .filter(
      (r) =>
        mayUseRole(me, roots, r) ||
        r.holders.some((g) => g.bindings.some((b) => administers(me, b, b.scope))),
    )
    .map((r) => roleView(me, r));
}

/** Scopes on entities the caller can see. */
export async function listScopes(tx: DbOrTx, principal: Principal) {
  const me = await administratorOf(tx, principal);
  const ids = [...new Set([...me.grants.map((g) => g.entityId), principal.homeEntityId])];
  const paths = (
    await tx.execute<{ path: string }>(
      sql`select path from entities where id = any(${sql.param(ids)}::int[])`,
    )
  ).rows.map((r) => r.path);
  if (!paths.length) return [];
  const rows = await tx.execute<{
    id: number;
    group_id: number;
    group_name: string;
    entity_id: number;
    entity_name: string;
    path: string;
    scope_type: ScopeType;
  }>(sql`
    select ps.id, ps.group_id, g.name as group_name, ps.entity_id, e.name as entity_name, e.path, ps.scope_type
      from permission_scopes ps
      join groups g on g.id = ps.group_id
      join entities e on e.id = ps.entity_id
     where ${pathWithinAny(sql`e.path`, paths)}
     order by ps.id`);
  return rows.rows
    .filter((r) => isVisible(me.grants, Number(r.entity_id), ancestorsOfPath(r.path), principal.homeEntityId))
    .map((r) => ({
      id: Number(r.id),
      groupId: Number(r.group_id),
      groupName: r.group_name,
      entityId: Number(r.entity_id),
      entityName: r.entity_name,
      scopeType: r.scope_type,
    }));
}
