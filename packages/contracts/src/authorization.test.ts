import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectivePermissions, type Grant, isVisible, SCOPE_TYPES } from './authorization';
import { PERMISSION_KEYS } from './permissions';

/** A random tree: node i's parent is a random earlier node (node 0 is the root). */
const tree = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 })))
  .map(([n, picks]) => {
    const parent = new Map<number, number | null>([[0, null]]);
    for (let i = 1; i < n; i++) parent.set(i, picks[i - 1]! % i);
    return parent;
  });

function ancestorsOf(parent: Map<number, number | null>, id: number): number[] {
  const out: number[] = [];
  for (let p = parent.get(id) ?? null; p !== null; p = parent.get(p) ?? null) out.unshift(p);
  return out;
}

const scenario = tree.chain((parent) =>
  fc.record({
    parent: fc.constant(parent),
    grants: fc.array(
      fc.record({
        entityId: fc.integer({ min: 0, max: parent.size - 1 }),
        key: fc.constantFrom(...PERMISSION_KEYS),
        scope: fc.constantFrom(...SCOPE_TYPES),
      }) as fc.Arbitrary<Grant>,
      { maxLength: 12 },
    ),
  }),
);

describe('permission resolver (property tests on random trees and grants)', () => {
  it('never gives an entity a key that no grant on it or an ancestor gave', () => {
    fc.assert(
      fc.property(scenario, ({ parent, grants }) => {
        for (const id of parent.keys()) {
          const anc = ancestorsOf(parent, id);
          const { permissions, childPermissions } = effectivePermissions(grants, id, anc);
          const reachable = new Set(
            grants.filter((g) => g.entityId === id || anc.includes(g.entityId)).map((g) => g.key),
          );
          for (const k of [...permissions, ...childPermissions]) expect(reachable.has(k)).toBe(true);
        }
      }),
    );
  });

  it('removing a grant removes exactly the keys only it gave', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ parent, grants }, pick) => {
        fc.pre(grants.length > 0);
        const removed = grants[pick % grants.length]!;
        const rest = grants.filter((g) => g !== removed);
        for (const id of parent.keys()) {
          const anc = ancestorsOf(parent, id);
          const before = effectivePermissions(grants, id, anc);
          const after = effectivePermissions(rest, id, anc);
          const lost = before.permissions.filter((k) => !after.permissions.includes(k));
          expect(lost.every((k) => k === removed.key)).toBe(true);
          expect(after.permissions.every((k) => before.permissions.includes(k))).toBe(true);
          // Recomputing from the remaining grants is all a revocation needs.
          expect(after).toEqual(effectivePermissions(rest, id, anc));
        }
      }),
    );
  });

  it('makes visible exactly the union of the granted subtrees (plus home)', () => {
    fc.assert(
      fc.property(scenario, ({ parent, grants }) => {
        const home = -1;
        const inSubtree = (id: number, root: number) => id === root || ancestorsOf(parent, id).includes(root);
        for (const id of parent.keys()) {
          const expected = grants.some((g) => inSubtree(id, g.entityId));
          expect(isVisible(grants, id, ancestorsOf(parent, id), home)).toBe(expected);
        }
      }),
    );
  });

  it('gives descendants a key granted for descendants, and the granted entity only its child set', () => {
    const grants: Grant[] = [{ entityId: 1, key: 'approve_whitelist', scope: 'DESCENDANTS' }];
    expect(effectivePermissions(grants, 1, [0])).toEqual({
      permissions: [],
      childPermissions: ['approve_whitelist'],
    });
    expect(effectivePermissions(grants, 2, [0, 1])).toEqual({
      permissions: ['approve_whitelist'],
      childPermissions: ['approve_whitelist'],
    });
    expect(effectivePermissions(grants, 0, [])).toEqual({ permissions: [], childPermissions: [] });
  });

  it('gives only the entity a SELF grant', () => {
    const grants: Grant[] = [{ entityId: 1, key: 'account_view', scope: 'SELF' }];
    expect(effectivePermissions(grants, 1, [0]).permissions).toEqual(['account_view']);
    expect(effectivePermissions(grants, 2, [0, 1]).permissions).toEqual([]);
  });
});
