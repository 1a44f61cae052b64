import type {
  ZTransferEstimateRequest,
  ZTransferList,
} from '@clearway/contracts/endpoints/transfers.schemas';
import type { z } from 'zod';

/** What the list of transfers is narrowed to, and which page of it. */
export type TransferFilter = Omit<z.input<typeof ZTransferList>, 'entityId'>;
export type EstimateInput = Omit<z.input<typeof ZTransferEstimateRequest>, 'entityId'>;

/**
 * Every read of an entity's transfers and fee schedules sits under `entity(id)`: a new
 * transfer refreshes the list, a schedule change refreshes the schedules and the estimates.
 */
export const transferKeys = {
  all: ['transfers'] as const,
  entity: (entityId: number) => ['transfers', entityId] as const,
  list: (entityId: number, filter: TransferFilter) =>
    [...transferKeys.entity(entityId), 'list', filter] as const,
  estimate: (entityId: number, input: EstimateInput) =>
    [...transferKeys.entity(entityId), 'estimate', input] as const,
  fees: (entityId: number) => [...transferKeys.entity(entityId), 'fees'] as const,
};
