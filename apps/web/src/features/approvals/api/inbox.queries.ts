import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type InboxFilter, inboxKeys } from './inbox.keys';

/** A page of the requests waiting for the caller's decision at the entity and below it. */
export const inboxQuery = (entityId: number, filter: InboxFilter) =>
  queryOptions({
    queryKey: inboxKeys.list(entityId, filter),
    queryFn: () => api(API.requests.inbox, { payload: { entityId, ...filter } }),
    placeholderData: keepPreviousData,
  });

/** How many requests wait for the caller's decision (the menu's badge): the inbox's total. */
export const inboxCountQuery = (entityId: number) =>
  queryOptions({
    queryKey: inboxKeys.count(entityId),
    queryFn: async () => (await api(API.requests.inbox, { payload: { entityId, limit: 1 } })).total,
  });

/** One request with its facts, and whether the caller may decide it now (the drawer). */
export const requestQuery = (entityId: number, requestId: number) =>
  queryOptions({
    queryKey: inboxKeys.request(entityId, requestId),
    queryFn: () => api(API.requests.view, { payload: { entityId, requestId } }),
  });
