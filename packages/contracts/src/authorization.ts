import type { EntityPermissions, PermissionKey } from './permissions';

/**
 * Scope types of a permission scope or direct permission: the entity itself, its
 * descendants, or both.
 */
export const SCOPE_TYPES = ['SELF', 'DESCENDANTS', 'SELF_AND_DESCENDANTS'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];

export const SCOPE_TYPE_LABELS: Record<ScopeType, string> = {
  SELF: 'The entity itself',
  DESCENDANTS: 'Its descendants',
  SELF_AND_DESCENDANTS: 'The entity and its descendants',
};

/** One grant: keys on an entity, for itself and/or its descendants. */
export type Grant = { entityId: number; key: PermissionKey; scope: ScopeType };

const coversSelf = (s: ScopeType) => s !== 'DESCENDANTS';
const coversDescendants = (s: ScopeType) => s !== 'SELF';

/**
 * The resolver (issue 4): for an entity E with ancestors A (root first, E excluded),
 * E.permissions = keys granted for E itself ∪ keys granted for descendants on any a ∈ A;
 * E.childPermissions = keys granted for descendants on E or any a ∈ A.
 */
export function effectivePermissions(
  grants: readonly Grant[],
  entityId: number,
  ancestors: readonly number[],
): EntityPermissions {
  const above = new Set(ancestors);
  const own = new Set<PermissionKey>();
  const child = new Set<PermissionKey>();
  for (const g of grants) {
    const onSelf = g.entityId === entityId;
    const onAncestor = above.has(g.entityId);
    if ((onSelf && coversSelf(g.scope)) || (onAncestor && coversDescendants(g.scope))) own.add(g.key);
    if ((onSelf || onAncestor) && coversDescendants(g.scope)) child.add(g.key);
  }
  return { permissions: [...own].sort(), childPermissions: [...child].sort() };
}

/** Visible: E lies in the subtree of some grant's entity (or is the principal's home). */
export function isVisible(
  grants: readonly Grant[],
  entityId: number,
  ancestors: readonly number[],
  homeEntityId: number,
) {
  if (entityId === homeEntityId) return true;
  const above = new Set(ancestors);
  return grants.some((g) => g.entityId === entityId || above.has(g.entityId));
}
