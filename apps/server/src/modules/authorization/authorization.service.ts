import { SCOPE_TYPE_LABELS, SCOPE_TYPES, type ScopeType } from '@clearway/contracts/authorization';
import { PERMISSION_KEYS, type PermissionKey, satisfies } from '@clearway/contracts/permissions';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { entities } from '../entities/entities.tables';
import {
  directPermissions,
  groupMembers,
  groupRoles,
  groups,
  permissionScopes,
  roles,
} from './authorization.tables';
import type { Resolver } from './resolver.service';

type Who = { principal: Principal; entityId?: number | null };
type Member = { kind: 'user' | 'apiKey'; id: string };

const label = (k: string) => k.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

import { pgErrorCode } from '../../platform/pg-errors';

const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
// 23503: a reference to nothing; 23001: ON DELETE RESTRICT (still in use).
const isFkViolation = (err: unknown) => ['23503', '23001'].includes(pgErrorCode(err) ?? '');

/**
 * Roles, groups, permission scopes and direct permissions. Every change is audited, and a
 * caller can only hand out keys it holds itself where the grant applies (no escalation).
 */
export function createAuthorizationService(db: Db, resolver: Resolver) {
  async function groupView(tx: DbOrTx, groupId: number) {
    const [g] = await tx.select().from(groups).where(eq(groups.id, groupId));
    if (!g) throw notFound('Group not found');
    // One after the other: `tx` may be a transaction's single connection.
    const roleRows = await tx
      .select({ roleId: groupRoles.roleId })
      .from(groupRoles)
      .where(eq(groupRoles.groupId, groupId));
    const memberRows = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      roleIds: roleRows.map((r) => r.roleId).sort((a, b) => a - b),
      members: memberRows.map((m) => ({ kind: m.principalKind, id: m.principalId })),
    };
  }

  /** @throws Forbidden when the caller does not hold every key where the grant applies */
  async function assertCanGrant(
    principal: Principal,
    entityId: number,
    keys: readonly string[],
    scope: ScopeType,
  ) {
    const held = await resolver.resolve(principal, entityId);
    if (!held) throw notFound('Entity not found');
    const need = { keys: keys as PermissionKey[], mode: 'all' as const };
    const ok =
      (scope === 'DESCENDANTS' || satisfies(held, need)) &&
      (scope === 'SELF' || satisfies(held, { ...need, scope: 'child' }));
    if (!ok) throw forbidden('You cannot grant permissions you do not hold on that entity');
  }

  async function keysOfGroup(tx: DbOrTx, groupId: number): Promise<string[]> {
    const rows = await tx
      .select({ permissions: roles.permissions })
      .from(groupRoles)
      .innerJoin(roles, eq(roles.id, groupRoles.roleId))
      .where(eq(groupRoles.groupId, groupId));
    return [...new Set(rows.flatMap((r) => r.permissions))];
  }

  async function scopeView(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({
        id: permissionScopes.id,
        groupId: groups.id,
        groupName: groups.name,
        entityId: entities.id,
        entityName: entities.name,
        scopeType: permissionScopes.scopeType,
      })
      .from(permissionScopes)
      .innerJoin(groups, eq(groups.id, permissionScopes.groupId))
      .innerJoin(entities, eq(entities.id, permissionScopes.entityId))
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

  async function change<T>(
    who: Who,
    action: string,
    target: string,
    details: Record<string, unknown>,
    work: (tx: DbOrTx) => Promise<T>,
  ) {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        await recordAudit(tx, who, { action, outcome: 'success', target, details });
        return result;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('A record with that name or binding already exists');
      if (isFkViolation(err))
        throw conflict('That record is in use or refers to something that does not exist');
      throw err;
    }
  }

  return {
    permissions: () => PERMISSION_KEYS.map((key) => ({ key, label: label(key) })),
    scopeTypes: () => SCOPE_TYPES.map((code) => ({ code, name: SCOPE_TYPE_LABELS[code] })),
    listRoles: async () =>
      (await db.select().from(roles).orderBy(asc(roles.name))).map((r) => ({
        ...r,
        permissions: r.permissions as PermissionKey[],
      })),
    async listGroups() {
      const all = await db.select({ id: groups.id }).from(groups).orderBy(asc(groups.name));
      return Promise.all(all.map((g) => groupView(db, g.id)));
    },
    /** Scopes on entities the caller can see. */
    async listScopes(principal: Principal) {
      const all = await db
        .select({ id: permissionScopes.id, entityId: permissionScopes.entityId })
        .from(permissionScopes);
      const out = [];
      for (const s of all)
        if (await resolver.resolve(principal, s.entityId)) out.push(await scopeView(db, s.id));
      return out;
    },

    createRole: (who: Who, input: { name: string; description: string; permissions: PermissionKey[] }) =>
      change(who, 'authz.role.create', input.name, { input }, async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ ...input, permissions: [...new Set(input.permissions)] })
          .returning();
        return { ...row!, permissions: row!.permissions as PermissionKey[] };
      }),
    updateRole: (
      who: Who,
      input: { roleId: number; name?: string; description?: string; permissions?: PermissionKey[] },
    ) =>
      change(who, 'authz.role.update', String(input.roleId), { input }, async (tx) => {
        const { roleId, ...patch } = input;
        const [row] = await tx.update(roles).set(patch).where(eq(roles.id, roleId)).returning();
        if (!row) throw notFound('Role not found');
        return { ...row, permissions: row.permissions as PermissionKey[] };
      }),
    deleteRole: (who: Who, roleId: number) =>
      change(who, 'authz.role.delete', String(roleId), {}, async (tx) => {
        const gone = await tx.delete(roles).where(eq(roles.id, roleId)).returning({ id: roles.id });
        if (!gone.length) throw notFound('Role not found');
        return { message: 'Role deleted' };
      }),

    createGroup: (
      who: Who,
      input: { name: string; description: string; roleIds: number[]; members: Member[] },
    ) =>
      change(who, 'authz.group.create', input.name, { input }, async (tx) => {
        const [g] = await tx
          .insert(groups)
          .values({ name: input.name, description: input.description })
          .returning();
        if (input.roleIds.length)
          await tx.insert(groupRoles).values(input.roleIds.map((roleId) => ({ groupId: g!.id, roleId })));
        await setMembers(tx, g!.id, input.members);
        return groupView(tx, g!.id);
      }),
    updateGroup: (
      who: Who,
      input: { groupId: number; name?: string; description?: string; members?: Member[] },
    ) =>
      change(who, 'authz.group.update', String(input.groupId), { input }, async (tx) => {
        const { groupId, members, ...patch } = input;
        await groupView(tx, groupId);
        if (Object.keys(patch).length) await tx.update(groups).set(patch).where(eq(groups.id, groupId));
        if (members) await setMembers(tx, groupId, members);
        return groupView(tx, groupId);
      }),
    deleteGroup: (who: Who, groupId: number) =>
      change(who, 'authz.group.delete', String(groupId), {}, async (tx) => {
        const gone = await tx.delete(groups).where(eq(groups.id, groupId)).returning({ id: groups.id });
        if (!gone.length) throw notFound('Group not found');
        return { message: 'Group deleted' };
      }),
    appendRole: (who: Who, groupId: number, roleId: number) =>
      change(who, 'authz.group.role.append', String(groupId), { roleId }, async (tx) => {
        await groupView(tx, groupId);
        await tx.insert(groupRoles).values({ groupId, roleId }).onConflictDoNothing();
        return groupView(tx, groupId);
      }),
    setRoles: (who: Who, groupId: number, roleIds: number[]) =>
      change(who, 'authz.group.role.update', String(groupId), { roleIds }, async (tx) => {
        await groupView(tx, groupId);
        await tx.delete(groupRoles).where(eq(groupRoles.groupId, groupId));
        if (roleIds.length)
          await tx.insert(groupRoles).values(roleIds.map((roleId) => ({ groupId, roleId })));
        return groupView(tx, groupId);
      }),

    async createScope(who: Who, input: { groupId: number; entityId: number; scopeType: ScopeType }) {
      await assertCanGrant(
        who.principal,
        input.entityId,
        await keysOfGroup(db, input.groupId),
        input.scopeType,
      );
      return change(who, 'authz.scope.create', String(input.entityId), { input }, async (tx) => {
        const [row] = await tx.insert(permissionScopes).values(input).returning({ id: permissionScopes.id });
        return scopeView(tx, row!.id);
      });
    },
    async updateScope(who: Who, input: { id: number; entityId: number; scopeType: ScopeType }) {
      const scope = await scopeView(db, input.id);
      if (scope.entityId !== input.entityId)
        throw badRequest('entityId: not the scope’s entity', { entityId: 'must be the scope’s entity' });
      await assertCanGrant(
        who.principal,
        input.entityId,
        await keysOfGroup(db, scope.groupId),
        input.scopeType,
      );
      return change(
        who,
        'authz.scope.update',
        String(input.id),
        { from: scope.scopeType, to: input.scopeType },
        async (tx) => {
          await tx
            .update(permissionScopes)
            .set({ scopeType: input.scopeType })
            .where(eq(permissionScopes.id, input.id));
          return scopeView(tx, input.id);
        },
      );
    },
    async deleteScope(who: Who, input: { id: number; entityId: number }) {
      const scope = await scopeView(db, input.id);
      if (scope.entityId !== input.entityId) throw notFound('Permission scope not found');
      return change(who, 'authz.scope.delete', String(input.id), { scope }, async (tx) => {
        await tx.delete(permissionScopes).where(eq(permissionScopes.id, input.id));
        return { message: 'Permission scope deleted' };
      });
    },

    async createDirect(
      who: Who,
      input: { principal: Member; entityId: number; permission: PermissionKey; scopeType: ScopeType },
    ) {
      await assertCanGrant(who.principal, input.entityId, [input.permission], input.scopeType);
      return change(who, 'authz.direct.create', String(input.entityId), { input }, async (tx) => {
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
      });
    },
    async deleteDirect(who: Who, input: { id: number; entityId: number }) {
      return change(who, 'authz.direct.delete', String(input.id), { input }, async (tx) => {
        const gone = await tx
          .delete(directPermissions)
          .where(and(eq(directPermissions.id, input.id), eq(directPermissions.entityId, input.entityId)))
          .returning({ id: directPermissions.id });
        if (!gone.length) throw notFound('Direct permission not found');
        return { message: 'Direct permission revoked' };
      });
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
      const [role] = await tx
        .insert(roles)
        .values({ name: spec.role, permissions: spec.keys, description: `${spec.role} (demo)` })
        .onConflictDoUpdate({ target: roles.name, set: { permissions: spec.keys } })
        .returning();
      const [group] = await tx
        .insert(groups)
        .values({ name: spec.group, description: `${spec.group} (demo)` })
        .onConflictDoUpdate({ target: groups.name, set: { description: `${spec.group} (demo)` } })
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
