import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allPages, EXPORT_PAGE } from '../../../lib/paging';
import { apiKeyKeys, auditKeys, rightsKeys, userKeys } from './users.keys';

type UserFilters = Omit<BodyOf<typeof API.userManagement.list>, 'entityId'>;

/** One page of the entity subtree's users; SSO links only when the caller may manage users. */
export const usersQuery = (entityId: number, filters: UserFilters) =>
  queryOptions({
    queryKey: userKeys.list(entityId, filters),
    queryFn: () => api(API.userManagement.list, { payload: { entityId, ...filters } }),
    placeholderData: keepPreviousData,
  });

export const userTemplatesQuery = (entityId: number) =>
  queryOptions({
    queryKey: userKeys.templates(entityId),
    queryFn: () => api(API.userManagement.templates, { payload: { entityId } }),
  });

export const effectiveAccessQuery = (entityId: number, principal: { kind: 'user' | 'apiKey'; id: string }) =>
  queryOptions({
    queryKey: userKeys.access(entityId, principal.id),
    queryFn: () => api(API.userManagement.effectiveAccess, { payload: { entityId, principal } }),
  });

export const apiKeysQuery = (entityId: number) =>
  queryOptions({
    queryKey: apiKeyKeys.entity(entityId),
    queryFn: () => api(API.userManagement.apiKeysList, { payload: { entityId: String(entityId) } }),
  });

export const rolesQuery = (entityId: number) =>
  queryOptions({
    queryKey: rightsKeys.roles(entityId),
    queryFn: () => api(API.authorization.roles, { payload: { entityId } } as never),
  });

export const groupsQuery = (entityId: number) =>
  queryOptions({
    queryKey: rightsKeys.groups(entityId),
    queryFn: () => api(API.authorization.groups, { payload: { entityId } } as never),
  });

export const auditQuery = (entityId: number, filters: Omit<BodyOf<typeof API.audit.list>, 'entityId'>) =>
  queryOptions({
    queryKey: auditKeys.list(entityId, filters),
    queryFn: () => api(API.audit.list, { payload: { entityId, ...filters } }),
    placeholderData: keepPreviousData,
  });

/** Every audit row the filters match (the CSV export), read page by page. */
export const auditExport = (entityId: number, filters: Omit<BodyOf<typeof API.audit.list>, 'entityId'>) =>
  allPages(
    (limit, offset) => api(API.audit.list, { payload: { entityId, ...filters, limit, offset } }),
    EXPORT_PAGE,
  );

/** Users to pick (group members). */
export const userPickQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...userKeys.all, entityId, 'pick'] as const,
    queryFn: () => api(API.userManagement.listAll, { payload: { entityId } }),
  });

export const scopesQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...rightsKeys.all, entityId, 'scopes'] as const,
    queryFn: () => api(API.authorization.permissionScopes, { payload: { entityId } } as never),
  });

/** Section 6: scope types load only with canViewUserPermissionScopeTypes (the caller checks). */
export const scopeTypesQuery = queryOptions({
  queryKey: rightsKeys.scopeTypes,
  queryFn: () => api(API.authorization.permissionScopeTypes),
});

export const tradingUserQuery = (entityId: number, userId: string) =>
  queryOptions({
    queryKey: [...userKeys.all, entityId, 'trading', userId] as const,
    queryFn: () => api(API.userManagement.celerDetails, { payload: { entityId, userId } }),
  });
