/** The rate sheet an entity sees, and each pair's changes under it. */
export const rateKeys = {
  entity: (entityId: number) => ['rates', entityId] as const,
  history: (entityId: number, pair: { base: string; quote: string }) =>
    [...rateKeys.entity(entityId), 'history', pair.base, pair.quote] as const,
};
