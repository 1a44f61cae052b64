import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals.keys';

export const policiesQuery = (entityId: number) =>
  queryOptions({
    queryKey: approvalKeys.policies(entityId),
    queryFn: () => api(API.requests.policies, { payload: { entityId } }),
  });
