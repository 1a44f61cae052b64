import type { ZCashEntryList } from '@clearway/contracts/endpoints/money.schemas';
import type { z } from 'zod';

export type CashEntryFilter = Omit<z.input<typeof ZCashEntryList>, 'entityId'>;

/** Every page of an entity's history sits under `entity(id)`. */
export const cashEntryKeys = {
  all: ['cash-entries'] as const,
  entity: (entityId: number) => ['cash-entries', entityId] as const,
  list: (entityId: number, filter: CashEntryFilter) => [...cashEntryKeys.entity(entityId), filter] as const,
};
