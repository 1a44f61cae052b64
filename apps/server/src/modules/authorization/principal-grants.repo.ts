import type { ScopeType } from '@clearway/contracts/authorization';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { directPermissions, groupMembers, principalRoles } from './authorization.tables';
import type { PrincipalRef } from './rights.repo';

/** What one principal holds besides its groups' roles: its roles and direct keys, per entity. */
export type PrincipalAccess = {
  groupIds: number[];
  roles: { roleId: number; roleName: string; entityId: number; scopeType: ScopeType }[];
  direct: { id: number; key: PermissionKey; entityId: number; entityName: string; scopeType: ScopeType }[];
  /** Roles held through groups: the group names it, bound wherever the group is. */
  groupRoles: { roleId: number; roleName: string; groupName: string }[];
};

const refKey = (p: PrincipalRef) => `${p.kind}:${p.id}`;

/** Groups, own roles, direct permissions and groups' roles of many principals, in four statements. */
export async function accessOf(
  tx: DbOrTx,
  refs: readonly PrincipalRef[],
): Promise<Map<string, PrincipalAccess>> {
  const out = new Map<string, PrincipalAccess>(
    refs.map((r) => [refKey(r), { groupIds: [], roles: [], direct: [], groupRoles: [] }]),
  );
  if (!refs.length) return out;
  const kinds = sql.param(refs.map((r) => r.kind));
  const ids = sql.param(refs.map((r) => r.id));
  const wanted = sql`unnest(${kinds}::principal_kind[], ${ids}::text[]) as w(kind, id)`;
  const members = await tx.execute<{ kind: string; id: string; group_id: number }>(
    sql`select gm.principal_kind as kind, gm.principal_id as id, gm.group_id from group_members gm
          join ${wanted} on gm.principal_kind = w.kind and gm.principal_id = w.id order by gm.group_id`,
  );
  for (const m of members.rows) out.get(`${m.kind}:${m.id}`)?.groupIds.push(Number(m.group_id));
  const roles = await tx.execute<{
    kind: string;
    id: string;
    role_id: number;
    name: string;
    entity_id: number;
    scope_type: ScopeType;
  }>(
    sql`select pr.principal_kind as kind, pr.principal_id as id, pr.role_id, r.name, pr.entity_id, pr.scope_type
          from principal_roles pr join roles r on r.id = pr.role_id
          join ${wanted} on pr.principal_kind = w.kind and pr.principal_id = w.id order by r.name`,
  );
  for (const r of roles.rows)
    out.get(`${r.kind}:${r.id}`)?.roles.push({
      roleId: Number(r.role_id),
      roleName: r.name,
      entityId: Number(r.entity_id),
      scopeType: r.scope_type,
    });
  const direct = await tx.execute<{
    kind: string;
    id: string;
    grant_id: number;
    permission: PermissionKey;
    entity_id: number;
    entity_name: string;
    scope_type: ScopeType;
  }>(
    sql`select dp.principal_kind as kind, dp.principal_id as id, dp.id as grant_id, dp.permission,
               dp.entity_id, e.name as entity_name, dp.scope_type
          from direct_permissions dp join entities e on e.id = dp.entity_id
          join ${wanted} on dp.principal_kind = w.kind and dp.principal_id = w.id order by dp.permission, dp.id`,
  );
  for (const d of direct.rows)
    out.get(`${d.kind}:${d.id}`)?.direct.push({
      id: Number(d.grant_id),
      key: d.permission,
      entityId: Number(d.entity_id),
      entityName: d.entity_name,
      scopeType: d.scope_type,
    });
  const viaGroups = await tx.execute<{
    kind: string;
    id: string;
    role_id: number;
    role: string;
    grp: string;
  }>(
    sql`select distinct gm.principal_kind as kind, gm.principal_id as id, r.id as role_id, r.name as role, g.name as grp
          from group_members gm join groups g on g.id = gm.group_id
          join group_roles gr on gr.group_id = g.id join roles r on r.id = gr.role_id
          join ${wanted} on gm.principal_kind = w.kind and gm.principal_id = w.id order by r.name, g.name`,
  );
  for (const r of viaGroups.rows)
    out
      .get(`${r.kind}:${r.id}`)
      ?.groupRoles.push({ roleId: Number(r.role_id), roleName: r.role, groupName: r.grp });
  return out;
}

/** Replaces the principal's roles on one entity. */
export async function replacePrincipalRoles(
  tx: DbOrTx,
  p: PrincipalRef,
  entityId: number,
  roles: { roleId: number; scopeType: ScopeType }[],
) {
  await tx
    .delete(principalRoles)
    .where(
      and(
        eq(principalRoles.principalKind, p.kind),
        eq(principalRoles.principalId, p.id),
        eq(principalRoles.entityId, entityId),
      ),
    );
  if (roles.length)
    await tx
      .insert(principalRoles)
      .values(roles.map((r) => ({ principalKind: p.kind, principalId: p.id, entityId, ...r })))
      .onConflictDoNothing();
}

/** Replaces the principal's direct permissions on one entity. */
export async function replaceDirect(
  tx: DbOrTx,
  p: PrincipalRef,
  entityId: number,
  keys: { key: PermissionKey; scopeType: ScopeType }[],
) {
  await tx
    .delete(directPermissions)
    .where(
      and(
        eq(directPermissions.principalKind, p.kind),
        eq(directPermissions.principalId, p.id),
        eq(directPermissions.entityId, entityId),
      ),
    );
  if (keys.length)
    await tx
      .insert(directPermissions)
      .values(
        keys.map((k) => ({
          principalKind: p.kind,
          principalId: p.id,
          entityId,
          permission: k.key,
          scopeType: k.scopeType,
        })),
      )
      .onConflictDoNothing();
}

/** Sets the principal's membership among `manageable` groups to `groupIds`; other groups stay. */
export async function replaceMemberships(
  tx: DbOrTx,
  p: PrincipalRef,
  manageable: number[],
  groupIds: number[],
) {
  if (manageable.length)
    await tx
      .delete(groupMembers)
      .where(
        and(
          eq(groupMembers.principalKind, p.kind),
          eq(groupMembers.principalId, p.id),
          inArray(groupMembers.groupId, manageable),
        ),
      );
  if (groupIds.length)
    await tx
      .insert(groupMembers)
      .values(groupIds.map((groupId) => ({ groupId, principalKind: p.kind, principalId: p.id })))
      .onConflictDoNothing();
}

/** The principals in any of these groups. */
export async function membersOf(tx: DbOrTx, groupIds: readonly number[]): Promise<PrincipalRef[]> {
  if (!groupIds.length) return [];
  const rows = await tx.execute<PrincipalRef>(
    sql`select distinct principal_kind as kind, principal_id as id from group_members where group_id = any(${sql.param([...groupIds])}::int[])`,
  );
  return rows.rows;
}

/** Principals (of a kind) holding a role, themselves or through a group. */
export async function holdersOfRole(
  tx: DbOrTx,
  roleId: number,
  kind: PrincipalRef['kind'],
): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select principal_id as id from principal_roles where role_id = ${roleId} and principal_kind = ${kind}
    union
    select gm.principal_id from group_members gm join group_roles gr on gr.group_id = gm.group_id
     where gr.role_id = ${roleId} and gm.principal_kind = ${kind}`);
  return rows.rows.map((r) => r.id);
}
