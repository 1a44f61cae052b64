import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { templateKeys } from './templates.keys';

/** The templates owned at the entity or below it. */
export const templatesQuery = (entityId: number) =>
  queryOptions({
    queryKey: templateKeys.entity(entityId),
    queryFn: () => api(API.template.list, { payload: { entityId: String(entityId) } }),
    enabled: entityId > 0,
  });

/** The groups a template may bind (those the user administers). */
export const grantableGroupsQuery = queryOptions({
  queryKey: templateKeys.groups,
  queryFn: () => api(API.authorization.groups),
});
