import type { TEntityFilters } from '@clearway/contracts/endpoints/entity.schemas';

/**
 * Every entity read sits under `all`, so one invalidation after a change (create, edit,
 * move, freeze) refreshes the forest, the lists and the pages at once.
 */
export const entityKeys = {
  all: ['entity'] as const,
  forest: ['entity', 'forest'] as const,
  view: (entityId: number) => ['entity', 'view', entityId] as const,
  list: (entityId: number, filters: TEntityFilters & { limit: number; offset: number }) =>
    ['entity', 'list', entityId, filters] as const,
  accounts: (entityId: number) => ['entity', 'accounts', entityId] as const,
  related: (entityId: number, direction: 'down' | 'up') =>
    ['entity', 'related', entityId, direction] as const,
  parents: ['entity', 'parents'] as const,
  reference: (name: string) => ['entity-reference', name] as const,
};
