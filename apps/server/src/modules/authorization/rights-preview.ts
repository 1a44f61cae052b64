import { effectivePermissions, type Grant, SCOPE_TYPE_LABELS } from '@clearway/contracts/authorization';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { ancestorsOfPath } from '../entities/entity-path';
import { grantsOf } from './grants.repo';
import { membersOf } from './principal-grants.repo';
import { groupsHolding, type PrincipalRef, principalsHolding, rightsOf } from './rights.repo';
import type { Touched } from './rights-rule';

/** Names of principals, supplied by the modules that own users and API keys. */
export type NamesOf = (refs: PrincipalRef[], tx: DbOrTx) => Promise<Map<string, string>>;

export type RightsChange = {
  principal: PrincipalRef & { name: string };
  entityId: number;
  entityName: string;
  key: PermissionKey;
  child: boolean;
  change: 'gain' | 'lose';
};

const refKey = (p: PrincipalRef) => `${p.kind}:${p.id}`;

/** Everyone whose rights a change can move: members of the groups concerned, holders of the roles, the principals named. */
export async function principalsConcerned(tx: DbOrTx, touched: Touched): Promise<PrincipalRef[]> {
  const groups = [...touched.groupIds, ...(await groupsHolding(tx, touched.roleIds))];
  const all = [
    ...touched.principals,
    ...(await membersOf(tx, groups)),
    ...(await principalsHolding(tx, touched.roleIds)),
  ];
  return [...new Map(all.map((p) => [refKey(p), p])).values()];
}

export async function grantsByPrincipal(tx: DbOrTx, refs: PrincipalRef[]): Promise<Map<string, Grant[]>> {
  const out = new Map<string, Grant[]>();
  // One after the other: a transaction's client runs one query at a time.
  for (const r of refs) out.set(refKey(r), await grantsOf(tx, r));
  return out;
}

async function placesOf(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { path: string; name: string }>();
  const rows = await tx.execute<{ id: number; path: string; name: string }>(
    sql`select id, path, name from entities where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.rows.map((r) => [Number(r.id), { path: r.path, name: r.name }]));
}

/**
 * What moved between two readings of the same principals' grants, resolved with the
 * resolver's own rule (`effectivePermissions`) on every entity a grant names: a key a
 * principal gains or loses there, for the entity itself or for its children.
 */
export async function rightsDiff(
  tx: DbOrTx,
  refs: PrincipalRef[],
  before: Map<string, Grant[]>,
  after: Map<string, Grant[]>,
  namesOf: NamesOf,
): Promise<RightsChange[]> {
  const ids = new Set<number>();
  for (const m of [before, after]) for (const gs of m.values()) for (const g of gs) ids.add(g.entityId);
  const places = await placesOf(tx, [...ids]);
  const names = await namesOf(refs, tx);
  const out: RightsChange[] = [];
  for (const r of refs) {
    const was = before.get(refKey(r)) ?? [];
    const is = after.get(refKey(r)) ?? [];
    for (const [entityId, place] of places) {
      const ancestors = ancestorsOfPath(place.path);
      const a = effectivePermissions(was, entityId, ancestors);
      const b = effectivePermissions(is, entityId, ancestors);
      const principal = { ...r, name: names.get(refKey(r)) ?? r.id };
      const push = (key: PermissionKey, child: boolean, change: 'gain' | 'lose') =>
        out.push({ principal, entityId, entityName: place.name, key, child, change });
      for (const k of b.permissions) if (!a.permissions.includes(k)) push(k, false, 'gain');
      for (const k of a.permissions) if (!b.permissions.includes(k)) push(k, false, 'lose');
      for (const k of b.childPermissions) if (!a.childPermissions.includes(k)) push(k, true, 'gain');
      for (const k of a.childPermissions) if (!b.childPermissions.includes(k)) push(k, true, 'lose');
    }
  }
  return out.sort(
    (x, y) =>
      x.principal.name.localeCompare(y.principal.name) ||
      x.entityName.localeCompare(y.entityName) ||
      x.key.localeCompare(y.key),
  );
}

/**
 * One principal's effective access on the entities its grants name (and the one asked
 * about), each key with what gives it: a group, the principal's own role, or a direct grant.
 */
export async function effectiveAccess(tx: DbOrTx, p: PrincipalRef, groupIds: number[], alsoOn: number) {
  const rights = (await rightsOf(tx, groupIds, [p])).filter((r) => r.holder === refKey(p));
  const places = await placesOf(tx, [...new Set([...rights.map((r) => r.entityId), alsoOn])]);
  const labels = await sourceLabels(
    tx,
    rights.map((r) => r.source),
  );
  const out = [];
  for (const [entityId, place] of places) {
    const ancestors = new Set(ancestorsOfPath(place.path));
    const byKey = new Map<
      string,
      { key: PermissionKey; child: boolean; sources: { via: 'group' | 'role' | 'direct'; label: string }[] }
    >();
    for (const r of rights) {
      const here = r.entityId === entityId;
      const above = ancestors.has(r.entityId);
      const self = (here && r.scope !== 'DESCENDANTS') || (above && r.scope !== 'SELF');
      const child = (here || above) && r.scope !== 'SELF';
      const via = r.source.startsWith('group:') ? 'group' : r.source.startsWith('role:') ? 'role' : 'direct';
      const where = `at ${places.get(r.entityId)?.name ?? r.entityId}, ${SCOPE_TYPE_LABELS[r.scope].toLowerCase()}`;
      const label = `${labels.get(r.source) ?? 'Direct permission'} ${where}`;
      for (const [flag, isChild] of [
        [self, false],
        [child, true],
      ] as const) {
        if (!flag) continue;
        const id = `${r.key}|${isChild}`;
        const entry = byKey.get(id) ?? { key: r.key, child: isChild, sources: [] };
        if (!entry.sources.some((s) => s.label === label)) entry.sources.push({ via, label });
        byKey.set(id, entry);
      }
    }
    out.push({
      entityId,
      entityName: place.name,
      permissions: [...byKey.values()].sort(
        (a, b) => a.key.localeCompare(b.key) || Number(a.child) - Number(b.child),
      ),
    });
  }
  return out.sort((a, b) => a.entityName.localeCompare(b.entityName));
}

async function sourceLabels(tx: DbOrTx, sources: string[]) {
  const ids = (prefix: string) => [
    ...new Set(sources.filter((s) => s.startsWith(prefix)).map((s) => Number(s.slice(prefix.length)))),
  ];
  const out = new Map<string, string>();
  const groups = ids('group:');
  const roles = ids('role:');
  if (groups.length)
    for (const g of (
      await tx.execute<{ id: number; name: string }>(
        sql`select id, name from groups where id = any(${sql.param(groups)}::int[])`,
      )
    ).rows)
      out.set(`group:${g.id}`, `Group ${g.name}`);
  if (roles.length)
    for (const r of (
      await tx.execute<{ id: number; name: string }>(
        sql`select id, name from roles where id = any(${sql.param(roles)}::int[])`,
      )
    ).rows)
      out.set(`role:${r.id}`, `Role ${r.name}`);
  return out;
}
