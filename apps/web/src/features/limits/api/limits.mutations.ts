import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { limitKeys } from './limits.keys';

export type LimitChange = BodyOf<typeof API.limits.update>;

/**
 * Asks for a change of an entity's ceiling: a LIMIT request another person approves. The
 * ceilings read again (unchanged until then); the approvals inbox shows the request.
 */
export function useRequestLimit(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitChange) => api(API.limits.update, { payload: { ...body, entityId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: limitKeys.entity(entityId) }),
  });
}
