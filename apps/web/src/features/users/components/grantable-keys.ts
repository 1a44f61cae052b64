import type { ScopeType } from '@clearway/contracts/authorization';
import { PERMISSION_GROUPS, type PermissionKey } from '@clearway/contracts/permissions';

/** What the administrator holds on the selected entity: its own keys and those for the entities below. */
export type HeldKeys = { permissions: readonly string[]; childPermissions: readonly string[] };

const AUTHZ = 'authorization_management';

/**
 * The keys an administrator may grant with a scope — the server's grant rule, read from
 * the administrator's own permissions: each key (and authorization_management) held on
 * the entity for SELF, for the entities below for DESCENDANTS, on both for both. The web
 * offers only these; the server still judges.
 */
export function grantableKeys(held: HeldKeys, scope: ScopeType): PermissionKey[] {
  const holds = (k: string) =>
    (scope === 'DESCENDANTS' || held.permissions.includes(k)) &&
    (scope === 'SELF' || held.childPermissions.includes(k));
  if (!holds(AUTHZ)) return [];
  return PERMISSION_GROUPS.flatMap((g) => g.keys).filter(holds);
}

/** The grantable keys grouped as section 6 lists the catalogue (for a picker). */
export function grantableChoices(held: HeldKeys, scope: ScopeType) {
  const ok = new Set(grantableKeys(held, scope));
  return PERMISSION_GROUPS.map((g) => ({
    group: g.label,
    items: g.keys.filter((k) => ok.has(k)).map((k) => ({ value: k, label: k })),
  })).filter((g) => g.items.length > 0);
}

/** What the caller holds on one entity of the visible forest (nothing when it is not there). */
export function heldOn(entities: readonly ({ entityId: number } & HeldKeys)[], entityId: number): HeldKeys {
  const here = entities.find((e) => e.entityId === entityId);
  return { permissions: here?.permissions ?? [], childPermissions: here?.childPermissions ?? [] };
}
