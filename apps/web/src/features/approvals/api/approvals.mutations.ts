import { API } from '@clearway/contracts/endpoint-table';
import type { RequestType } from '@clearway/contracts/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals.keys';

/** Sets (or, with null, clears) how many approvers `requestType` needs at `entityId`. */
export function useSetApprovalPolicy(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      requestType: RequestType;
      requiredApprovals: number | null;
      approverGroupId?: number | null;
    }) => api(API.requests.setPolicy, { payload: { entityId, ...v } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.policies(entityId) }),
  });
}
