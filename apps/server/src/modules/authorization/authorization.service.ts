import { SCOPE_TYPE_LABELS, SCOPE_TYPES, type ScopeType } from '@clearway/contracts/authorization';
import { PERMISSION_KEYS, type PermissionKey } from '@clearway/contracts/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, recordRefusal } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { entityNameOf } from '../entities/entity-sql';
import { authorizationObjects } from './authorization.objects';
import {
  directPermissions,
  groupMembers,
  groupRoles,
  groups,
  permissionScopes,
  roles,
} from './authorization.tables';
import { groupView, listGroups, listRoles, listScopes, roleViewFor } from './authorization-views';
import { withinReach } from './object-placement';
import {
  accessOf,
  holdersOfRole,
  replaceDirect,
  replaceMemberships,
  replacePrincipalRoles,
} from './principal-grants.repo';
import type { PrincipalRef } from './rights.repo';
import {
  effectiveAccess,
  grantsByPrincipal,
  type NamesOf,
  principalsConcerned,
  type RightsChange,
  rightsDiff,
} from './rights-preview';
import { changeRights, type Touched } from './rights-rule';

/** A preview asks `change` to run the change and report its effect, then roll it back. */
export type PreviewSink = { result?: { changes: RightsChange[]; refused: string | null } };
/** `tx`: run inside the caller's transaction (a savepoint), so a refusal undoes the caller's work too. */
type Who = { principal: Principal; entityId?: number | null; preview?: PreviewSink; tx?: DbOrTx };
const ROLLBACK = Symbol('preview rollback');
type Member = PrincipalRef;

const label = (k: string) => k.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
// 23503: a reference to nothing; 23001: ON DELETE RESTRICT (still in use).
const isFkViolation = (err: unknown) => ['23503', '23001'].includes(pgErrorCode(err) ?? '');

/** The fields given (an absent field leaves the column as it is). */
const defined = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const toRole = (r: typeof roles.$inferSelect) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions as PermissionKey[],
  ownerEntityId: r.ownerEntityId,
});

/**
 * Roles, groups, permission scopes and direct permissions. Every change goes through the
 * one grant rule (`changeRights`, rights-rule.ts) and is audited; a refused change is
 * audited as a failure and changes nothing.
 */
export function createAuthorizationService(db: Db, namesOf: NamesOf = async () => new Map()) {
  async function existingGroup(tx: DbOrTx, groupId: number) {
    const g = await groupView(tx, groupId);
    if (!g) throw notFound('Group not found');
    return g;
  }

  async function scopeView(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({
        id: permissionScopes.id,
        groupId: groups.id,
        groupName: groups.name,
        entityId: permissionScopes.entityId,
        entityName: entityNameOf(permissionScopes.entityId),
        scopeType: permissionScopes.scopeType,
      })
      .from(permissionScopes)
      .innerJoin(groups, eq(groups.id, permissionScopes.groupId))
      .where(eq(permissionScopes.id, id));
    if (!row) throw notFound('Permission scope not found');
    return row;
  }

  async function setMembers(tx: DbOrTx, groupId: number, members: Member[]) {
    await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
    if (members.length) {
      await tx
        .insert(groupMembers)
        .values(members.map((m) => ({ groupId, principalKind: m.kind, principalId: m.id })))
        .onConflictDoNothing();
    }
  }

  /**
   * Every rights change: one transaction, the grant rule around the work, the audit row
   * with it. A refusal is audited on its own (the change itself rolled back).
   */
  async function change<T>(
    who: Who,
    audit: { action: string; target: string; details?: Record<string, unknown> },
    touched: Partial<Touched>,
    work: (tx: Tx, touched: Touched) => Promise<T>,
  ) {
    const scope: Touched = { groupIds: [], roleIds: [], principals: [], ...touched };
    if (who.preview) return previewChange(who.principal, who.preview, scope, work);
    try {
      return await (who.tx ?? db).transaction(async (tx) => {
        const result = await changeRights(tx, who.principal, scope, () => work(tx, scope));
        await recordAudit(tx, who, { ...audit, outcome: 'success' });
        return result;
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 403)
        await recordRefusal(db, who, { ...audit, details: { ...audit.details, refused: err.message } });
      if (isUniqueViolation(err)) throw conflict('A record with that name or binding already exists');
      if (isFkViolation(err))
        throw conflict('That record is in use or refers to something that does not exist');
      throw err;
    }
  }

  /**
   * Runs the change as `change` would — the grant rule around it — inside a transaction
   * that is always rolled back, and reports who gains or loses which key where, or the
   * rule's reason when it would refuse the change.
   */
  async function previewChange<T>(
    principal: Principal,
    sink: PreviewSink,
    scope: Touched,
    work: (tx: Tx, touched: Touched) => Promise<T>,
  ): Promise<T> {
    try {
      await db.transaction(async (tx) => {
        const concerned = await principalsConcerned(tx, scope);
        const before = await grantsByPrincipal(tx, concerned);
        try {
          await tx.transaction((sp) => changeRights(sp, principal, scope, () => work(sp, scope)));
        } catch (err) {
          // A refused change shows only the reason: its effect could name what the caller may not see.
          if (err instanceof AppError && err.status === 403) {
            sink.result = { changes: [], refused: err.message };
            throw ROLLBACK;
          }
          throw err;
        }
        const now = await principalsConcerned(tx, scope);
        const all = [...new Map([...concerned, ...now].map((p) => [`${p.kind}:${p.id}`, p])).values()];
        for (const p of now) if (!before.has(`${p.kind}:${p.id}`)) before.set(`${p.kind}:${p.id}`, []);
        const after = await grantsByPrincipal(tx, all);
        sink.result = { changes: await rightsDiff(tx, all, before, after, namesOf), refused: null };
        throw ROLLBACK;
      });
    } catch (err) {
      if (err !== ROLLBACK) throw err;
    }
    return undefined as T;
  }

  const ownerOf = (who: Who) => who.entityId ?? who.principal.homeEntityId;

  return {
    permissions: () => PERMISSION_KEYS.map((key) => ({ key, label: label(key) })),
    scopeTypes: () => SCOPE_TYPES.map((code) => ({ code, name: SCOPE_TYPE_LABELS[code] })),
    listRoles: (principal: Principal) => listRoles(db, principal),
    listGroups: (principal: Principal) => listGroups(db, principal),
    /** Whether the principal may see (and so name) a group: one `GET groups` lists it. */
    async groupVisibleTo(tx: DbOrTx, principal: Principal, groupId: number): Promise<boolean> {
      return (await listGroups(tx, principal)).some((g) => g.id === groupId);
    },
    /** The groups a principal is a member of (their ids). */
    async groupIdsOf(principal: { kind: string; id: string }): Promise<number[]> {
      const rows = await db
        .select({ id: groupMembers.groupId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.principalKind, principal.kind as never),
            eq(groupMembers.principalId, principal.id),
          ),
        );
      return rows.map((r) => r.id);
    },
    /**
     * Group names by id, for what names groups to a caller acting on `entityId` (a template's
     * grants): only groups within its reach, placed as the guard places a named group
     * (`authorization.objects.ts`), so an answer never names another tenant's group.
     * Unknown and out-of-reach ids are left out.
     */
    async groupNamesWithin(entityId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const placed = authorizationObjects.group;
      const rows = await db.execute<{ id: number; name: string }>(sql`
        select g.id, g.name from ${groups} g
         where g.id = any(${sql.param([...new Set(ids)])}::int[])
           and not exists (select 1 from (${placed.owners}) o
                            where o.id = g.id
                              and not ${withinReach(placed.reach, sql`o.entity_id`, sql`${entityId}::int`)})`);
      return new Map(rows.rows.map((r) => [Number(r.id), r.name]));
    },
    /** Group names by id, for what names groups; unknown ids are left out. */
    async groupNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    listScopes: (principal: Principal) => listScopes(db, principal),

    /** The new role is owned by the entity the caller acts on. */
    createRole: (who: Who, input: { name: string; description: string; permissions: PermissionKey[] }) =>
      change(
        who,
        { action: 'authz.role.create', target: input.name, details: { input } },
        {},
        async (tx, t) => {
          const [row] = await tx
            .insert(roles)
            .values({ ...input, permissions: [...new Set(input.permissions)], ownerEntityId: ownerOf(who) })
            .returning();
          t.roleIds.push(row!.id);
          return { ...toRole(row!), editable: true };
        },
      ),
    updateRole: (
      who: Who,
      input: { roleId: number; name?: string; description?: string; permissions?: PermissionKey[] },
    ) =>
      change(
        who,
        { action: 'authz.role.update', target: String(input.roleId), details: { input } },
        { roleIds: [input.roleId] },
        async (tx) => {
          const { roleId, name, description, permissions } = input;
          // Only the role's own fields: the body also carries the acting entity.
          const patch = defined({ name, description, permissions: permissions && [...new Set(permissions)] });
          const [row] = Object.keys(patch).length
            ? await tx.update(roles).set(patch).where(eq(roles.id, roleId)).returning()
            : await tx.select().from(roles).where(eq(roles.id, roleId));
          if (!row) throw notFound('Role not found');
          return (await roleViewFor(tx, who.principal, roleId))!;
        },
      ),
    deleteRole: (who: Who, roleId: number) =>
      change(
        who,
        { action: 'authz.role.delete', target: String(roleId) },
        { roleIds: [roleId] },
        async (tx) => {
          const gone = await tx.delete(roles).where(eq(roles.id, roleId)).returning({ id: roles.id });
          if (!gone.length) throw notFound('Role not found');
          return { message: 'Role deleted' };
        },
      ),

    /** The new group is owned by the entity the caller acts on; it grants nothing until bound. */
    createGroup: (
      who: Who,
      input: { name: string; description: string; roleIds: number[]; members: Member[] },
    ) =>
      change(
        who,
        { action: 'authz.group.create', target: input.name, details: { input } },
        { attachedRoleIds: input.roleIds },
        async (tx, t) => {
          const [g] = await tx
            .insert(groups)
            .values({ name: input.name, description: input.description, ownerEntityId: ownerOf(who) })
            .returning();
          t.groupIds.push(g!.id);
          if (input.roleIds.length)
            await tx.insert(groupRoles).values(input.roleIds.map((roleId) => ({ groupId: g!.id, roleId })));
          await setMembers(tx, g!.id, input.members);
          return existingGroup(tx, g!.id);
        },
      ),
    updateGroup: (
      who: Who,
      input: { groupId: number; name?: string; description?: string; members?: Member[] },
    ) =>
      change(
        who,
        { action: 'authz.group.update', target: String(input.groupId), details: { input } },
        { groupIds: [input.groupId] },
        async (tx) => {
          const { groupId, members, name, description } = input;
          const patch = defined({ name, description });
          await existingGroup(tx, groupId);
          if (Object.keys(patch).length) await tx.update(groups).set(patch).where(eq(groups.id, groupId));
          if (members) await setMembers(tx, groupId, members);
          return existingGroup(tx, groupId);
        },
      ),
    deleteGroup: (who: Who, groupId: number) =>
      change(
        who,
        { action: 'authz.group.delete', target: String(groupId) },
        { groupIds: [groupId] },
        async (tx) => {
          const gone = await tx.delete(groups).where(eq(groups.id, groupId)).returning({ id: groups.id });
          if (!gone.length) throw notFound('Group not found');
          return { message: 'Group deleted' };
        },
      ),
    /** The role must be one the caller may use (`attachedRoleIds`). */
    appendRole: (who: Who, groupId: number, roleId: number) =>
      change(
        who,
        { action: 'authz.group.role.append', target: String(groupId), details: { roleId } },
        { groupIds: [groupId], attachedRoleIds: [roleId] },
        async (tx) => {
          await existingGroup(tx, groupId);
          await tx.insert(groupRoles).values({ groupId, roleId }).onConflictDoNothing();
          return existingGroup(tx, groupId);
        },
      ),
    setRoles: (who: Who, groupId: number, roleIds: number[]) =>
      change(
        who,
        { action: 'authz.group.role.update', target: String(groupId), details: { roleIds } },
        { groupIds: [groupId], attachedRoleIds: roleIds },
        async (tx) => {
          await existingGroup(tx, groupId);
          await tx.delete(groupRoles).where(eq(groupRoles.groupId, groupId));
          if (roleIds.length)
            await tx.insert(groupRoles).values([...new Set(roleIds)].map((roleId) => ({ groupId, roleId })));
          return existingGroup(tx, groupId);
        },
      ),

    createScope: (who: Who, input: { groupId: number; entityId: number; scopeType: ScopeType }) =>
      change(
        who,
        { action: 'authz.scope.create', target: String(input.entityId), details: { input } },
        { groupIds: [input.groupId] },
        async (tx) => {
          await existingGroup(tx, input.groupId);
          const [row] = await tx
            .insert(permissionScopes)
            .values(input)
            .returning({ id: permissionScopes.id });
          return scopeView(tx, row!.id);
        },
      ),
    /**
     * Binds groups to an entity in the caller's transaction — what a template grants a new
     * entity — through the one grant rule, audited. A refusal throws and, the transaction
     * being the caller's, takes everything the caller did in it back with it.
     * @throws Forbidden (the grant rule), NotFound (no such group)
     */
    async bindGroupsIn(
      tx: Tx,
      who: Who,
      binds: { groupId: number; entityId: number; scopeType: ScopeType }[],
    ) {
      if (binds.length === 0) return;
      const touched: Touched = {
        groupIds: [...new Set(binds.map((b) => b.groupId))],
        roleIds: [],
        principals: [],
      };
      await changeRights(tx, who.principal, touched, async () => {
        for (const b of binds) {
          await existingGroup(tx, b.groupId);
          await tx.insert(permissionScopes).values(b).onConflictDoNothing();
        }
      });
      await recordAudit(tx, who, {
        action: 'authz.scope.create',
        outcome: 'success',
        target: String(binds[0]!.entityId),
        details: { binds },
      });
    },
    async updateScope(who: Who, input: { id: number; entityId: number; scopeType: ScopeType }) {
      const scope = await scopeView(db, input.id);
      if (scope.entityId !== input.entityId)
        throw badRequest('entityId: not the scope’s entity', { entityId: 'must be the scope’s entity' });
      return change(
        who,
        {
          action: 'authz.scope.update',
          target: String(input.id),
          details: { from: scope.scopeType, to: input.scopeType },
        },
        { groupIds: [scope.groupId] },
        async (tx) => {
          await tx
            .update(permissionScopes)
            .set({ scopeType: input.scopeType })
            .where(and(eq(permissionScopes.id, input.id), eq(permissionScopes.entityId, input.entityId)));
          return scopeView(tx, input.id);
        },
      );
    },
    async deleteScope(who: Who, input: { id: number; entityId: number }) {
      const scope = await scopeView(db, input.id);
      if (scope.entityId !== input.entityId) throw notFound('Permission scope not found');
      return change(
        who,
        { action: 'authz.scope.delete', target: String(input.id), details: { scope } },
        { groupIds: [scope.groupId] },
        async (tx) => {
          await tx.delete(permissionScopes).where(eq(permissionScopes.id, input.id));
          return { message: 'Permission scope deleted' };
        },
      );
    },

    createDirect: (
      who: Who,
      input: { principal: Member; entityId: number; permission: PermissionKey; scopeType: ScopeType },
    ) =>
      change(
        who,
        { action: 'authz.direct.create', target: String(input.entityId), details: { input } },
        { principals: [input.principal] },
        async (tx) => {
          const [row] = await tx
            .insert(directPermissions)
            .values({
              principalKind: input.principal.kind,
              principalId: input.principal.id,
              entityId: input.entityId,
              permission: input.permission,
              scopeType: input.scopeType,
            })
            .returning();
          return { ...row!, permission: row!.permission as PermissionKey };
        },
      ),
    async deleteDirect(who: Who, input: { id: number; entityId: number }) {
      const [found] = await db
        .select()
        .from(directPermissions)
        .where(and(eq(directPermissions.id, input.id), eq(directPermissions.entityId, input.entityId)));
      if (!found) throw notFound('Direct permission not found');
      return change(
        who,
        { action: 'authz.direct.delete', target: String(input.id), details: { input } },
        { principals: [{ kind: found.principalKind, id: found.principalId }] },
        async (tx) => {
          const gone = await tx
            .delete(directPermissions)
            .where(eq(directPermissions.id, input.id))
            .returning({ id: directPermissions.id });
          if (!gone.length) throw notFound('Direct permission not found');
          return { message: 'Direct permission revoked' };
        },
      );
    },
    /** Groups, own roles and direct permissions of principals (for the user and API-key lists). */
    accessOf: (refs: Member[], tx: DbOrTx = db) => accessOf(tx, refs),
    /** Users (or keys) holding a role, themselves or through a group. */
    holdersOfRole: (roleId: number, kind: Member['kind']) => holdersOfRole(db, roleId, kind),

    /** A principal's roles on the acting entity, replaced; the roles must be ones the caller may use. */
    setPrincipalRoles: (
      who: Who,
      member: Member,
      entityId: number,
      assigned: { roleId: number; scopeType: ScopeType }[],
    ) =>
      change(
        who,
        { action: `authz.${member.kind}.roles`, target: member.id, details: { entityId, roles: assigned } },
        { principals: [member], attachedRoleIds: assigned.map((r) => r.roleId) },
        (tx) => replacePrincipalRoles(tx, member, entityId, assigned),
      ),
    /** A principal's direct permissions on the acting entity, replaced. */
    setPrincipalDirect: (
      who: Who,
      member: Member,
      entityId: number,
      keys: { key: PermissionKey; scopeType: ScopeType }[],
    ) =>
      change(
        who,
        { action: `authz.${member.kind}.direct`, target: member.id, details: { entityId, keys } },
        { principals: [member] },
        (tx) => replaceDirect(tx, member, entityId, keys),
      ),
    /**
     * A principal's groups among those the caller manages (others it belongs to stay as
     * they are). Joining or leaving a group is a change of that group's rights.
     */
    async setPrincipalGroups(who: Who, member: Member, groupIds: number[]) {
      const manageable = (await listGroups(who.tx ?? db, who.principal)).map((g) => g.id);
      const current =
        (await accessOf(who.tx ?? db, [member])).get(`${member.kind}:${member.id}`)?.groupIds ?? [];
      const leaving = current.filter((g) => manageable.includes(g) && !groupIds.includes(g));
      const joining = groupIds.filter((g) => !current.includes(g));
      return change(
        who,
        { action: `authz.${member.kind}.groups`, target: member.id, details: { groupIds } },
        { principals: [member], groupIds: [...leaving, ...joining] },
        (tx) => replaceMemberships(tx, member, manageable, groupIds),
      );
    },

    /** A principal's effective access, each key with what gives it. */
    async effectiveAccess(who: Who, member: Member) {
      const groupIds = (await accessOf(db, [member])).get(`${member.kind}:${member.id}`)?.groupIds ?? [];
      return effectiveAccess(db, member, groupIds, who.entityId ?? who.principal.homeEntityId);
    },

    /**
     * What a change would do, computed by running it as its own call would and rolling it
     * back: who gains or loses which key where, and whether the grant rule would refuse it.
     */
    async preview(who: Who, run: (who: Who) => Promise<unknown>) {
      const sink: PreviewSink = {};
      await run({ ...who, preview: sink });
      return sink.result ?? { changes: [], refused: null };
    },

    /**
     * System set-up (demo data): a role, a group holding it with these members, bound to an
     * entity. Idempotent by role and group name.
     */
    async seedGroup(
      tx: DbOrTx,
      spec: {
        role: string;
        keys: PermissionKey[];
        group: string;
        entityId: number;
        scope: ScopeType;
        members: Member[];
      },
    ) {
      // Owned where they are bound: the persona's home entity.
      const owner = { ownerEntityId: spec.entityId };
      const [role] = await tx
        .insert(roles)
        .values({ name: spec.role, permissions: spec.keys, description: `${spec.role} (demo)`, ...owner })
        .onConflictDoUpdate({ target: roles.name, set: { permissions: spec.keys, ...owner } })
        .returning();
      const [group] = await tx
        .insert(groups)
        .values({ name: spec.group, description: `${spec.group} (demo)`, ...owner })
        .onConflictDoUpdate({ target: groups.name, set: { description: `${spec.group} (demo)`, ...owner } })
        .returning();
      await tx.insert(groupRoles).values({ groupId: group!.id, roleId: role!.id }).onConflictDoNothing();
      await tx
        .insert(permissionScopes)
        .values({ groupId: group!.id, entityId: spec.entityId, scopeType: spec.scope })
        .onConflictDoNothing();
      if (spec.members.length) {
        await tx
          .insert(groupMembers)
          .values(spec.members.map((m) => ({ groupId: group!.id, principalKind: m.kind, principalId: m.id })))
          .onConflictDoNothing();
      }
    },
    /** For seeding and tests: grant through the same rules-free path the demo data uses. */
    async grantDirect(
      tx: DbOrTx,
      member: Member,
      entityId: number,
      keys: PermissionKey[],
      scopeType: ScopeType,
    ) {
      if (!keys.length) return;
      await tx
        .insert(directPermissions)
        .values(
          keys.map((permission) => ({
            principalKind: member.kind,
            principalId: member.id,
            entityId,
            permission,
            scopeType,
          })),
        )
        .onConflictDoNothing();
    },
  };
}
export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
