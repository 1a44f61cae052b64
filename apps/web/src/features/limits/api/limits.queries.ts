import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { limitKeys } from './limits.keys';

/** The ceilings in force at an entity, each with where it comes from. */
export const limitsQuery = (entityId: number) =>
  queryOptions({
    queryKey: limitKeys.entity(entityId),
    queryFn: () => api(API.limits.list, { payload: { entityId } }),
  });
