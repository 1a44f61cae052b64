import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals.keys';

export const policiesQuery = (entityId: number) =>
  queryOptions({
    queryKey: approvalKeys.policies(entityId),
    queryFn: () => api(API.requests.policies, { payload: { entityId } }),
  });

/** The groups a policy may name as its approvers (those the user may see). */
export const approverGroupsQuery = queryOptions({
  queryKey: approvalKeys.groups,
  queryFn: () => api(API.authorization.groups),
});
