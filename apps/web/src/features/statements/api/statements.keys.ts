import type { ZStatementList } from '@clearway/contracts/endpoints/statements.schemas';
import type { z } from 'zod';

export type StatementFilter = Omit<z.input<typeof ZStatementList>, 'entityId'>;

/** Every read of an entity's statements sits under `entity(id)`; the end of day under `eod`. */
export const statementKeys = {
  all: ['statements'] as const,
  entity: (entityId: number) => ['statements', entityId] as const,
  list: (entityId: number, filter: StatementFilter) =>
    [...statementKeys.entity(entityId), 'list', filter] as const,
  status: (entityId: number, statementId: number) =>
    [...statementKeys.entity(entityId), 'status', statementId] as const,
  eod: ['end-of-day'] as const,
  lastEod: (entityId: number) => [...statementKeys.eod, 'last', entityId] as const,
  eodRuns: (entityId: number) => [...statementKeys.eod, 'runs', entityId] as const,
};
