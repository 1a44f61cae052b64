import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/routes';
import type { AuthorizationService } from './authorization.service';

/**
 * `assertUserWithin` / `assertKeyWithin`: a user or API key a preview names must belong to
 * the acting entity's subtree (404 otherwise), as the guard places a declared id.
 */
export function authorizationRoutes(
  app: FastifyInstance,
  s: AuthorizationService,
  assertUserWithin: (entityId: number, userId: string) => Promise<void>,
  assertKeyWithin: (entityId: number, apiKeyId: string) => Promise<void>,
) {
  const A = API.authorization;
  const who = (c: { principal: unknown; entityId: number | null }) => ({
    principal: c.principal as NonNullable<Parameters<AuthorizationService['createRole']>[0]['principal']>,
    entityId: c.entityId,
  });
  serve(app, A.permissions, async () => s.permissions());
  serve(app, A.permissionScopeTypes, async () => s.scopeTypes());
  serve(app, A.roles, (c) => s.listRoles(who(c).principal));
  serve(app, A.groups, (c) => s.listGroups(who(c).principal));
  serve(app, A.permissionScopes, (c) => s.listScopes(who(c).principal));
  serve(app, A.rolesCreate, (c) => s.createRole(who(c), c.body));
  serve(app, A.rolesUpdate, (c) => s.updateRole(who(c), c.body));
  serve(app, A.rolesDelete, (c) => s.deleteRole(who(c), c.body.roleId));
  serve(app, A.groupsCreate, (c) => s.createGroup(who(c), c.body));
  serve(app, A.groupsUpdate, (c) => s.updateGroup(who(c), c.body));
  serve(app, A.groupsDelete, (c) => s.deleteGroup(who(c), c.body.groupId));
  serve(app, A.groupsRoleAppend, (c) => s.appendRole(who(c), c.body.groupId, c.body.roleId));
  serve(app, A.groupsRoleUpdate, (c) => s.setRoles(who(c), c.body.groupId, c.body.roleIds));
  serve(app, A.scopesCreate, (c) => s.createScope(who(c), c.body));
  serve(app, A.scopesUpdate, (c) => s.updateScope(who(c), c.body));
  serve(app, A.scopesDelete, (c) => s.deleteScope(who(c), c.body));
  serve(app, A.directCreate, (c) => s.createDirect(who(c), c.body));
  serve(app, A.directDelete, (c) => s.deleteDirect(who(c), c.body));
  serve(app, A.rightsPreview, async (c) => {
    const ch = c.body.change;
    if (ch.kind === 'user-management/assign' || ch.kind === 'user-management/roles/update')
      await assertUserWithin(c.entityId!, ch.body.userId);
    if (ch.kind.startsWith('api-keys/') && 'apiKeyId' in ch.body)
      await assertKeyWithin(c.entityId!, ch.body.apiKeyId);
    return s.preview(who(c), (w) => {
      switch (ch.kind) {
        case 'roles/update':
          return s.updateRole(w, ch.body);
        case 'groups/update':
          return s.updateGroup(w, {
            groupId: ch.body.groupId,
            members: [
              ...ch.body.userIds.map((id) => ({ kind: 'user' as const, id })),
              ...ch.body.apiKeyIds.map((id) => ({ kind: 'apiKey' as const, id })),
            ],
          });
        case 'groups/create': {
          const { userIds, apiKeyIds, ...group } = ch.body;
          return s.createGroup(w, {
            ...group,
            members: [
              ...userIds.map((id) => ({ kind: 'user' as const, id })),
              ...apiKeyIds.map((id) => ({ kind: 'apiKey' as const, id })),
            ],
          });
        }
        case 'groups/role/update':
          return s.setRoles(w, ch.body.groupId, ch.body.roleIds);
        case 'groups/delete':
          return s.deleteGroup(w, ch.body.groupId);
        case 'permission-scopes/create':
          return s.createScope(w, ch.body);
        case 'permission-scopes/update':
          return s.updateScope(w, ch.body);
        case 'permission-scopes/delete':
          return s.deleteScope(w, ch.body);
        case 'direct-permissions/create': {
          const { principalKind: kind, principalId: id, ...grant } = ch.body;
          return s.createDirect(w, { ...grant, principal: { kind, id } });
        }
        case 'direct-permissions/delete':
          return s.deleteDirect(w, ch.body);
        case 'user-management/assign':
          return s.setPrincipalGroups(w, { kind: 'user', id: ch.body.userId }, ch.body.groupIds);
        case 'user-management/roles/update':
          return s.setPrincipalRoles(
            w,
            { kind: 'user', id: ch.body.userId },
            c.entityId!,
            ch.body.roleIds.map((roleId) => ({ roleId, scopeType: ch.body.scopeType })),
          );
        case 'api-keys/groups':
          return s.setPrincipalGroups(w, { kind: 'apiKey', id: ch.body.apiKeyId }, ch.body.groupIds);
        case 'api-keys/roles':
          return s.setPrincipalRoles(
            w,
            { kind: 'apiKey', id: ch.body.apiKeyId },
            c.entityId!,
            ch.body.roleIds.map((roleId) => ({ roleId, scopeType: ch.body.scopeType })),
          );
        case 'api-keys/direct-permissions':
          return s.setPrincipalDirect(
            w,
            { kind: 'apiKey', id: ch.body.apiKeyId },
            c.entityId!,
            ch.body.permissions,
          );
      }
    });
  });
}
