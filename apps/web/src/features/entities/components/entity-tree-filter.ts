import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';

/** What the tree can filter by from its own nodes (the list view applies every section 3 filter). */
export type TreeFilter = {
  status?: 'Active' | 'Inactive' | null;
  tradingEnabled?: 'Enabled' | 'Disabled' | null;
  attributes: readonly string[];
  search: string;
};

export type TreeRow = { node: TEntityNode; depth: number; match: boolean; hasChildren: boolean };

export const isFiltering = (f: TreeFilter) =>
  Boolean(f.status || f.tradingEnabled || f.attributes.length || f.search.trim());

export function matches(n: TEntityNode, f: TreeFilter): boolean {
  if (f.status && n.active !== (f.status === 'Active')) return false;
  if (f.tradingEnabled && n.tradingEnabled !== (f.tradingEnabled === 'Enabled')) return false;
  if (f.attributes.length && !f.attributes.some((a) => n.attributes.includes(a))) return false;
  const q = f.search.trim().toLowerCase();
  if (q && !n.entityName.toLowerCase().includes(q) && String(n.entityId) !== q) return false;
  return true;
}

/**
 * The entities that stay in the tree under a filter: each that matches, with the entities
 * above it (shown as the way to it). One pass over the forest, children before parents.
 */
export function keptIds(forest: readonly TEntityNode[], f: TreeFilter): Set<number> {
  const kept = new Set<number>();
  const visit = (n: TEntityNode): boolean => {
    let any = matches(n, f);
    for (const c of n.children) if (visit(c)) any = true;
    if (any) kept.add(n.entityId);
    return any;
  };
  for (const n of forest) visit(n);
  return kept;
}

/**
 * The rows drawn: the forest in order, each child under an expanded parent; under a filter,
 * only the kept entities, every kept one's parent counted as expanded unless collapsed.
 */
export function visibleRows(
  forest: readonly TEntityNode[],
  f: TreeFilter,
  expanded: (id: number) => boolean,
): TreeRow[] {
  const filtering = isFiltering(f);
  const kept = filtering ? keptIds(forest, f) : null;
  const out: TreeRow[] = [];
  // An explicit stack: a deep tree must not overflow the call stack.
  const stack: { node: TEntityNode; depth: number }[] = [...forest]
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (kept && !kept.has(node.entityId)) continue;
    const children = kept ? node.children.filter((c) => kept.has(c.entityId)) : node.children;
    out.push({ node, depth, match: !filtering || matches(node, f), hasChildren: children.length > 0 });
    if (children.length && expanded(node.entityId))
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return out;
}
