import type { ZAccountList } from '@clearway/contracts/endpoints/money.schemas';
import type { z } from 'zod';

export type AccountListOptions = Required<Omit<z.input<typeof ZAccountList>, 'entityId'>>;

/**
 * Every account list of an entity sits under `entity(id)`, so one invalidation refreshes
 * them all (the Accounts page, the pickers, the related entities' accounts).
 */
export const accountKeys = {
  all: ['accounts'] as const,
  entity: (entityId: number) => ['accounts', entityId] as const,
  list: (entityId: number, options: AccountListOptions) =>
    [...accountKeys.entity(entityId), options] as const,
  /** The open accounts: the entity key itself (kept so, for the invalidations above). */
  open: (entityId: number) => accountKeys.entity(entityId),
  related: (entityId: number) => [...accountKeys.entity(entityId), 'related'] as const,
  types: ['account-types'] as const,
};

/** Balances of an entity and what derives from them (base-currency total, clients, entities below). */
export const balanceKeys = {
  all: ['balances'] as const,
  entity: (entityId: number) => ['balances', entityId] as const,
  base: (entityId: number) => [...balanceKeys.entity(entityId), 'base'] as const,
  towardClients: (entityId: number) => [...balanceKeys.entity(entityId), 'toward-clients'] as const,
  children: (entityId: number) => [...balanceKeys.entity(entityId), 'children'] as const,
};
