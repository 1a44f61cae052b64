import { effectivePermissions, type Grant, type ScopeType } from '@clearway/contracts/authorization';
import { type EntityPermissions, type PermissionKey, satisfies } from '@clearway/contracts/permissions';
import type { DbOrTx } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { ancestorsOfPath } from '../entities/entity-path';
import { grantsOf } from './grants.repo';
import {
  type GroupFacts,
  groupFacts,
  groupsHolding,
  type PlacedEntity,
  type PrincipalRef,
  pathsOf,
  platformRoot,
  principalsHolding,
  type Right,
  type RoleFacts,
  rightsOf,
  roleFacts,
  serializeRightsChanges,
} from './rights.repo';

/**
 * What a rights change may touch. A change names the groups, roles and principals it
 * alters; one that creates a group or role adds the new id while it runs (it had no rights
 * before). Future paths (API keys' groups and direct permissions, user roles, templates
 * that grant) name theirs the same way.
 */
export type Touched = {
  groupIds: number[];
  roleIds: number[];
  principals: PrincipalRef[];
  /** Roles the change hands to a group (or principal): each must be one the caller may use. */
  attachedRoleIds?: number[];
};

const AUTHZ: PermissionKey = 'authorization_management';

/** The acting administrator as the rule sees it: its grants before the change, and the root. */
export type Administrator = {
  grants: Grant[];
  root: PlacedEntity | null;
  memo: Map<number, EntityPermissions>;
};

function heldOn(me: Administrator, on: PlacedEntity): EntityPermissions {
  let held = me.memo.get(on.entityId);
  if (!held) {
    held = effectivePermissions(me.grants, on.entityId, ancestorsOfPath(on.path));
    me.memo.set(on.entityId, held);
  }
  return held;
}

/**
 * The caller holds the keys where a grant of this scope applies: on the entity itself
 * (its permissions) and/or for its descendants (its child permissions) — the resolver's
 * own reading of a grant.
 */
export function holdsWhere(me: Administrator, on: PlacedEntity, keys: PermissionKey[], scope: ScopeType) {
  const held = heldOn(me, on);
  const need = { keys, mode: 'all' as const };
  return (
    (scope === 'DESCENDANTS' || satisfies(held, need)) &&
    (scope === 'SELF' || satisfies(held, { ...need, scope: 'child' }))
  );
}

/** The caller administers rights there (authorization_management where the scope reaches). */
export const administers = (me: Administrator, on: PlacedEntity | null, scope: ScopeType = 'SELF') =>
  on !== null && holdsWhere(me, on, [AUTHZ], scope);

/** A group or role owned by nobody is the platform's: owned at the root. */
const ownerOf = (me: Administrator, o: { owner: PlacedEntity | null }) => o.owner ?? me.root;

/** Bound only where the caller administers (a group bound nowhere passes). */
export const boundWithin = (me: Administrator, g: GroupFacts) =>
  g.bindings.every((b) => administers(me, b, b.scope));

/** Visible to and changeable by the caller: created within its tree, or bound only there. */
export const mayManageGroup = (me: Administrator, g: GroupFacts) =>
  boundWithin(me, g) && (administers(me, ownerOf(me, g)) || g.bindings.length > 0);

/** A role is changed only by an administrator of its owner: a shared role is read-only below it. */
export const mayManageRole = (me: Administrator, r: RoleFacts) => administers(me, ownerOf(me, r));

/**
 * A role is available where its owner's subtree reaches: defined at or above an entity the
 * caller administers (shared down to it), or within what it administers. Another
 * tenant's roles are not.
 */
export const mayUseRole = (me: Administrator, administeredPaths: string[], r: RoleFacts) => {
  const owner = ownerOf(me, r);
  return (
    owner !== null && (administeredPaths.some((p) => p.startsWith(owner.path)) || administers(me, owner))
  );
};

export async function administratorOf(tx: DbOrTx, principal: Principal): Promise<Administrator> {
  // One after the other: a transaction's client runs one query at a time.
  const grants = await grantsOf(tx, principal);
  const root = await platformRoot(tx);
  return { grants, root, memo: new Map() };
}

const rightId = (r: Right) => `${r.holder}|${r.source}|${r.entityId}|${r.key}|${r.scope}`;

/**
 * Every right that appears must be one the caller holds where it applies, with
 * authorization_management there too; every right that disappears must lie where the
 * caller administers.
 * @throws Forbidden
 */
function assertDiffAllowed(me: Administrator, before: Right[], after: Right[]) {
  const had = new Set(before.map(rightId));
  const has = new Set(after.map(rightId));
  for (const r of after) {
    if (had.has(rightId(r))) continue;
    if (!holdsWhere(me, r, [r.key, AUTHZ], r.scope))
      throw forbidden(`You cannot grant ${r.key} where you do not hold it`);
  }
  for (const r of before) {
    if (!has.has(rightId(r)) && !administers(me, r, r.scope))
      throw forbidden('You cannot take away rights outside the entities you administer');
  }
}

const union = <T>(...lists: T[][]) => [...new Set(lists.flat())];

/**
 * THE grant rule — the one place every path that changes rights goes through. Inside the
 * caller's transaction (serialized with every other rights change) it reads the rights
 * the change can touch, runs it, reads them again, and lets it commit only if
 *  - every touched role is owned where the caller administers (a role shared from above is
 *    read-only), and every touched group — including each group holding a touched role —
 *    was created within the caller's tree or bound there, and is bound (before and after)
 *    only where the caller administers;
 *  - every right that appears — to a member, to a group where it is bound, or directly —
 *    is one the caller holds where it applies (and authorization_management there), and
 *    every right that disappears lies where the caller administers.
 * Throwing rolls the transaction back: a refused change changes nothing.
 * @throws Forbidden
 */
export async function changeRights<T>(
  tx: DbOrTx,
  principal: Principal,
  touched: Touched,
  work: (touched: Touched) => Promise<T>,
): Promise<T> {
  await serializeRightsChanges(tx);
  const me = await administratorOf(tx, principal);
  // Nobody edits themselves into more rights (nor out of them): another administrator must.
  if (touched.principals.some((p) => p.kind === principal.kind && p.id === principal.id))
    throw forbidden('You cannot change your own rights');
  // A changed role reaches the principals holding it directly as well as its groups' members.
  const holdersOfRoles = await principalsHolding(tx, touched.roleIds);
  const principals = [...touched.principals, ...holdersOfRoles];
  for (const r of await roleFacts(tx, touched.roleIds))
    if (!mayManageRole(me, r)) throw forbidden('This role is shared beyond the entities you administer');
  const groupsBefore = await groupFacts(
    tx,
    union(touched.groupIds, await groupsHolding(tx, touched.roleIds)),
  );
  for (const g of groupsBefore)
    if (!mayManageGroup(me, g)) throw forbidden('This group is used outside the entities you administer');
  const before = await rightsOf(
    tx,
    groupsBefore.map((g) => g.id),
    principals,
  );

  const attached = await roleFacts(tx, touched.attachedRoleIds ?? []);
  if (attached.length) {
    const paths = await pathsOf(
      tx,
      me.grants.filter((g) => g.key === AUTHZ).map((g) => g.entityId),
    );
    for (const r of attached)
      if (!mayUseRole(me, paths, r))
        throw forbidden('This role is not available to the entities you administer');
  }

  const knownRoles = new Set(touched.roleIds);
  const result = await work(touched);

  // Roles and groups the change created: owned where the caller acts, which it administers.
  const newRoles = touched.roleIds.filter((id) => !knownRoles.has(id));
  for (const r of await roleFacts(tx, newRoles))
    if (!mayManageRole(me, r)) throw forbidden('You can only create roles where you administer rights');
  const existedBefore = new Set(groupsBefore.map((g) => g.id));
  const groupsAfter = await groupFacts(
    tx,
    union(
      groupsBefore.map((g) => g.id),
      touched.groupIds,
      await groupsHolding(tx, touched.roleIds),
    ),
  );
  for (const g of groupsAfter) {
    const ok = existedBefore.has(g.id) ? boundWithin(me, g) : mayManageGroup(me, g);
    if (!ok) throw forbidden('This group would be used outside the entities you administer');
  }
  const after = await rightsOf(
    tx,
    union(
      groupsBefore.map((g) => g.id),
      groupsAfter.map((g) => g.id),
    ),
    [...principals, ...touched.principals.filter((p) => !principals.includes(p))],
  );
  assertDiffAllowed(me, before, after);
  return result;
}
