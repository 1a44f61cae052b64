import { API } from '@clearway/contracts/endpoint-table';
import type { TStatementGenerate } from '@clearway/contracts/endpoints/statements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { statementKeys } from './statements.keys';

/** Asks for a statement; the entity's list refreshes. */
export function useGenerateStatement(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TStatementGenerate, 'entityId'>) =>
      api(API.statement.generate, { payload: { ...body, entityId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementKeys.entity(entityId) }),
  });
}

/** Runs a failed end of day again (eod_processing); the history and the last end of day refresh. */
export function useRerunEod(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (businessDate: string) => api(API.eod.run, { payload: { entityId, businessDate } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementKeys.eod }),
  });
}
