import { z } from 'zod';
import { endpoint, type HttpMethod, row } from '../endpoint';
import {
  ZAppendGroupRole,
  ZCreateDirect,
  ZCreateGroup,
  ZCreateRole,
  ZCreateScope,
  ZDeleteDirect,
  ZDeleteGroup,
  ZDeleteRole,
  ZDeleteScope,
  ZDirectPermission,
  ZGroup,
  ZOk,
  ZPermissionInfo,
  ZRole,
  ZScope,
  ZScopeTypes,
  ZSetGroupRoles,
  ZUpdateGroup,
  ZUpdateRole,
  ZUpdateScope,
} from './authorization.schemas';
import { P } from './permission-sets';

/** An authorization-management call: authorization_management on the acting entity. */
const authz = <M extends HttpMethod, B extends z.ZodType | undefined, R extends z.ZodType>(
  method: M,
  path: string,
  summary: string,
  body: B,
  response: R,
) =>
  endpoint({
    method,
    path,
    access: 'authenticated',
    permissions: P.authorization,
    tag: 'authorization',
    summary,
    ...(body ? { body: body as Exclude<B, undefined> } : {}),
    response,
  }) as {
    method: M;
    path: string;
    access: 'authenticated';
    permissions: typeof P.authorization;
    tag: string;
    summary: string;
    body: B;
    response: R;
  };

const um = (path: string) => `/user-management/${path}` as const;

export const userManagementEndpoints = {
  list: row('POST', '/user-management/', 'users', 'Users (the user list)', { permissions: P.userList }),
  create: row('POST', um('create'), 'users', 'Create a user', { permissions: P.authorization }),
  createPortalUser: row('POST', um('create/portal-user'), 'users', 'Create a portal user', {
    permissions: P.authorization,
  }),
  createViaTemplate: row('POST', um('create-via-template'), 'users', 'Create a user from a template', {
    permissions: P.authorization,
  }),
  celerResetPassword: row(
    'POST',
    um('celer-user/reset-password'),
    'users',
    'Reset a trading-platform password (userName, id)',
    { permissions: P.userSupport },
  ),
  celerDetails: row('POST', um('celer-user/details'), 'users', 'Trading-platform user details', {
    permissions: P.userList,
  }),
  assign: row('POST', um('assign'), 'users', 'Assign a user to an entity', { permissions: P.authorization }),
  listAll: row('POST', um('list'), 'users', 'Users (paged list)', { permissions: P.userList }),
  update: row('PUT', um('update'), 'users', 'Update a user', { permissions: P.authorization }),
  twoFactorUpdate: row('PUT', um('2fa/update'), 'users', 'Support: change a user’s 2FA', {
    permissions: P.userSupport,
  }),
  rolesUpdate: row('PUT', um('roles/update'), 'users', 'Update a user’s roles', {
    permissions: P.authorization,
  }),
  celerUpdate: row('PUT', um('celer-user/update'), 'users', 'Update a trading-platform user', {
    permissions: P.authorization,
  }),
  apiKeysList: row('GET', um('api-keys/list'), 'api-keys', 'API keys', { permissions: P.authorization }),
  apiKeysCreate: row('POST', um('api-keys/create'), 'api-keys', 'Create an API key (shown once)', {
    permissions: P.authorization,
  }),
  apiKeysGroups: row('PUT', um('api-keys/groups'), 'api-keys', 'Set an API key’s groups', {
    permissions: P.authorization,
  }),
  apiKeysRoles: row('PUT', um('api-keys/roles'), 'api-keys', 'Set an API key’s roles', {
    permissions: P.authorization,
  }),
  apiKeysDirectPermissions: row(
    'PUT',
    um('api-keys/direct-permissions'),
    'api-keys',
    'Set an API key’s direct permissions',
    { permissions: P.authorization },
  ),
} as const;

export const authorizationEndpoints = {
  groups: authz('GET', '/groups', 'Groups with roles and members', undefined, z.array(ZGroup)),
  roles: authz('GET', '/roles', 'Roles', undefined, z.array(ZRole)),
  permissions: authz('GET', '/permissions', 'The permission catalogue', undefined, ZPermissionInfo),
  permissionScopes: authz(
    'GET',
    '/permission-scopes',
    'Permission scopes the caller may see',
    undefined,
    z.array(ZScope),
  ),
  permissionScopeTypes: authz(
    'GET',
    '/permission-scopes/types',
    'Permission scope types',
    undefined,
    ZScopeTypes,
  ),
  ssoList: row('GET', '/sso/list', 'authorization', 'SSO links', { permissions: P.sso }),
  groupsCreate: authz('POST', '/groups/create', 'Create a group', ZCreateGroup, ZGroup),
  groupsRoleAppend: authz('POST', '/groups/role/append', 'Add a role to a group', ZAppendGroupRole, ZGroup),
  rolesCreate: authz('POST', '/roles/create', 'Create a role', ZCreateRole, ZRole),
  scopesCreate: authz('POST', '/permission-scopes/create', 'Bind a group to an entity', ZCreateScope, ZScope),
  scopesDelete: authz('POST', '/permission-scopes/delete', 'Delete a permission scope', ZDeleteScope, ZOk),
  directCreate: authz(
    'POST',
    '/direct-permissions/create',
    'Grant a direct permission',
    ZCreateDirect,
    ZDirectPermission,
  ),
  ssoCreate: row('POST', '/sso/create', 'authorization', 'Create an SSO link', { permissions: P.sso }),
  groupsUpdate: authz(
    'PUT',
    '/groups/update',
    'Update a group (name, description, members)',
    ZUpdateGroup,
    ZGroup,
  ),
  groupsRoleUpdate: authz('PUT', '/groups/role/update', 'Set a group’s roles', ZSetGroupRoles, ZGroup),
  rolesUpdate: authz('PUT', '/roles/update', 'Update a role', ZUpdateRole, ZRole),
  scopesUpdate: authz('PUT', '/permission-scopes/update', 'Change a scope’s type', ZUpdateScope, ZScope),
  groupsDelete: authz('DELETE', '/groups/delete', 'Delete a group', ZDeleteGroup, ZOk),
  rolesDelete: authz(
    'DELETE',
    '/roles/delete',
    'Delete a role (refused while a group uses it)',
    ZDeleteRole,
    ZOk,
  ),
  directDelete: authz(
    'DELETE',
    '/direct-permissions/delete',
    'Revoke a direct permission',
    ZDeleteDirect,
    ZOk,
  ),
  ssoDelete: row('DELETE', '/sso/delete', 'authorization', 'Delete an SSO link', { permissions: P.sso }),
} as const;
