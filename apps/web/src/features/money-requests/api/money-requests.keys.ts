import type { ZRequestList } from '@clearway/contracts/endpoints/money-requests.schemas';
import type { z } from 'zod';

/** What the list of all requests is narrowed to, and which page of it. */
export type MoneyRequestFilter = Omit<z.input<typeof ZRequestList>, 'entityId'>;

/**
 * Every list of an entity's requests sits under `entity(id)`, so a decision refreshes the
 * pending ones, the lists and what a balance's held amount is made of at once.
 */
export const moneyRequestKeys = {
  all: ['money-requests'] as const,
  entity: (entityId: number) => ['money-requests', entityId] as const,
  pending: (entityId: number) => [...moneyRequestKeys.entity(entityId), 'pending'] as const,
  list: (entityId: number, filter: MoneyRequestFilter) =>
    [...moneyRequestKeys.entity(entityId), 'list', filter] as const,
  heldBy: (entityId: number, accountId: number, asset: string) =>
    [...moneyRequestKeys.entity(entityId), 'held-by', accountId, asset] as const,
};
