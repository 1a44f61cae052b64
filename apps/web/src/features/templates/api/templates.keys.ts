/** Every template read of an entity sits under `entity(id)`: one invalidation refreshes them. */
export const templateKeys = {
  all: ['templates'] as const,
  entity: (entityId: number) => ['templates', entityId] as const,
  groups: ['templates', 'groups'] as const,
};
