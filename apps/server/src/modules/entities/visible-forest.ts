import { effectivePermissions, type Grant } from '@clearway/contracts/authorization';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { ancestorsOfPath } from './entity-path';

/** An entity row as the forest reads it (`frozen`: its own freeze, not one above it). */
export type ForestRow = {
  id: number;
  name: string;
  parentId: number | null;
  path: string;
  attributes: string[];
  active: boolean;
  tradingEnabled: boolean;
  frozen: boolean;
};

type State = { permissions: PermissionKey[]; child: PermissionKey[]; granted: boolean; frozen: boolean };

const union = (a: readonly PermissionKey[], b: readonly PermissionKey[]) =>
  b.length === 0 ? (a as PermissionKey[]) : [...new Set([...a, ...b])].sort();

/**
 * The resolver's rule (`effectivePermissions`, `isVisible`) applied to a whole subtree in one
 * pass, parents before children: an entity's permissions are its parent's child permissions
 * plus what is granted on it for itself, its child permissions its parent's plus what is
 * granted on it for descendants — so an entity without grants of its own shares its parent's
 * lists and costs nothing to work out. An entity whose parent is not among the rows (a
 * subtree's top) is worked out from its ancestors. Visible: a grant on it or above it, or
 * the principal's home. Frozen: its own freeze, its parent's, or (at a top) a frozen path above.
 */
export function walkVisible(
  rows: readonly ForestRow[],
  grants: readonly Grant[],
  homeEntityId: number,
  frozenPaths: readonly string[],
  visit: (
    row: ForestRow,
    permissions: PermissionKey[],
    childPermissions: PermissionKey[],
    frozen: boolean,
  ) => void,
): void {
  const onEntity = new Map<number, Grant[]>();
  for (const g of grants) onEntity.set(g.entityId, [...(onEntity.get(g.entityId) ?? []), g]);
  const states = new Map<number, State>();
  for (const r of rows) {
    const parent = r.parentId === null ? undefined : states.get(r.parentId);
    const own = onEntity.get(r.id);
    let s: State;
    if (parent && !own) {
      // Most entities: nothing of their own, so the parent's state is theirs too (shared).
      s = r.frozen && !parent.frozen ? { ...parent, frozen: true } : parent;
    } else if (parent && own) {
      s = {
        permissions: union(
          parent.child,
          own.filter((g) => g.scope !== 'DESCENDANTS').map((g) => g.key),
        ),
        child: union(
          parent.child,
          own.filter((g) => g.scope !== 'SELF').map((g) => g.key),
        ),
        granted: true,
        frozen: parent.frozen || r.frozen,
      };
    } else {
      const ancestors = ancestorsOfPath(r.path);
      const held = effectivePermissions(grants, r.id, ancestors);
      const above = new Set(ancestors);
      s = {
        permissions: [...held.permissions],
        child: [...held.childPermissions],
        granted: grants.some((g) => g.entityId === r.id || above.has(g.entityId)),
        frozen: r.frozen || frozenPaths.some((p) => r.path.startsWith(p)),
      };
    }
    states.set(r.id, s);
    if (s.granted || r.id === homeEntityId) visit(r, s.permissions, s.child, s.frozen);
  }
}
