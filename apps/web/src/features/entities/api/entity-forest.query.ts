import { API } from '@clearway/contracts/endpoint-table';
import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runtimeConfig } from '../../../lib/runtime-config';
import { entityKeys } from './entities.keys';

/** The visible entity forest; refreshed on the configured interval (section 7). */
export const entityForestQuery = queryOptions({
  queryKey: entityKeys.forest,
  queryFn: () => api(API.entity.forest) as Promise<TEntityNode[]>,
  refetchInterval: runtimeConfig.entityListRefreshMs,
  staleTime: 30_000,
  // The shell shows its own toast with the status code (section 8).
  meta: { silent: true },
});

export type FlatEntity = TEntityNode & { depth: number; parent: TEntityNode | null };

/** The forest in display order, each node with its depth and parent. */
export function flattenForest(forest: readonly TEntityNode[]): FlatEntity[] {
  const out: FlatEntity[] = [];
  const walk = (nodes: readonly TEntityNode[], depth: number, parent: TEntityNode | null) => {
    for (const n of nodes) {
      out.push({ ...n, depth, parent });
      walk(n.children, depth + 1, n);
    }
  };
  walk(forest, 0, null);
  return out;
}
