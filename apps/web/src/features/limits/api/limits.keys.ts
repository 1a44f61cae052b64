/** The ceilings in force at an entity: one prefix, so one invalidation refreshes them all. */
export const limitKeys = {
  all: ['limits'] as const,
  entity: (entityId: number) => ['limits', entityId] as const,
};
