/** Every allocation read of an entity sits under `entity(id)`: one invalidation refreshes them. */
export const allocationKeys = {
  all: ['allocations'] as const,
  entity: (entityId: number) => ['allocations', entityId] as const,
  groups: (entityId: number) => [...allocationKeys.entity(entityId), 'groups'] as const,
  /** What the forms pick from: the accounts below the manager, its live block trades. */
  accounts: (entityId: number) => [...allocationKeys.entity(entityId), 'accounts'] as const,
  blocks: (entityId: number) => [...allocationKeys.entity(entityId), 'blocks'] as const,
};
