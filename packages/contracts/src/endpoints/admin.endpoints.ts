import { row } from '../endpoint';
import { P } from './permission-sets';

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
  groups: row('GET', '/groups', 'authorization', 'Groups', { permissions: P.authorization }),
  roles: row('GET', '/roles', 'authorization', 'Roles', { permissions: P.authorization }),
  permissions: row('GET', '/permissions', 'authorization', 'The permission catalogue', {
    permissions: P.authorization,
  }),
  permissionScopes: row('GET', '/permission-scopes', 'authorization', 'Permission scopes', {
    permissions: P.authorization,
  }),
  permissionScopeTypes: row('GET', '/permission-scopes/types', 'authorization', 'Permission scope types', {
    permissions: P.authorization,
  }),
  ssoList: row('GET', '/sso/list', 'authorization', 'SSO links', { permissions: P.sso }),
  groupsCreate: row('POST', '/groups/create', 'authorization', 'Create a group', {
    permissions: P.authorization,
  }),
  groupsRoleAppend: row('POST', '/groups/role/append', 'authorization', 'Add a role to a group', {
    permissions: P.authorization,
  }),
  rolesCreate: row('POST', '/roles/create', 'authorization', 'Create a role', {
    permissions: P.authorization,
  }),
  scopesCreate: row('POST', '/permission-scopes/create', 'authorization', 'Create a permission scope', {
    permissions: P.authorization,
  }),
  scopesDelete: row('POST', '/permission-scopes/delete', 'authorization', 'Delete a permission scope', {
    permissions: P.authorization,
  }),
  directCreate: row('POST', '/direct-permissions/create', 'authorization', 'Grant a direct permission', {
    permissions: P.authorization,
  }),
  ssoCreate: row('POST', '/sso/create', 'authorization', 'Create an SSO link', { permissions: P.sso }),
  groupsUpdate: row('PUT', '/groups/update', 'authorization', 'Update a group', {
    permissions: P.authorization,
  }),
  groupsRoleUpdate: row('PUT', '/groups/role/update', 'authorization', 'Update a group’s roles', {
    permissions: P.authorization,
  }),
  rolesUpdate: row('PUT', '/roles/update', 'authorization', 'Update a role', {
    permissions: P.authorization,
  }),
  scopesUpdate: row('PUT', '/permission-scopes/update', 'authorization', 'Update a permission scope', {
    permissions: P.authorization,
  }),
  groupsDelete: row('DELETE', '/groups/delete', 'authorization', 'Delete a group', {
    permissions: P.authorization,
  }),
  rolesDelete: row('DELETE', '/roles/delete', 'authorization', 'Delete a role', {
    permissions: P.authorization,
  }),
  directDelete: row('DELETE', '/direct-permissions/delete', 'authorization', 'Revoke a direct permission', {
    permissions: P.authorization,
  }),
  ssoDelete: row('DELETE', '/sso/delete', 'authorization', 'Delete an SSO link', { permissions: P.sso }),
} as const;
