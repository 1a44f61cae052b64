/** Users, API keys, roles and what they give, per selected entity. */
export const userKeys = {
  all: ['users'] as const,
  list: (entityId: number, filters: object) => ['users', entityId, 'list', filters] as const,
  templates: (entityId: number) => ['users', entityId, 'templates'] as const,
  access: (entityId: number, principalId: string) => ['users', entityId, 'access', principalId] as const,
};
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  entity: (entityId: number) => ['api-keys', entityId] as const,
};
export const rightsKeys = {
  all: ['rights'] as const,
  roles: (entityId: number) => ['rights', entityId, 'roles'] as const,
  groups: (entityId: number) => ['rights', entityId, 'groups'] as const,
  scopeTypes: ['rights', 'scope-types'] as const,
};
export const auditKeys = {
  list: (entityId: number, filters: object) => ['audit', entityId, filters] as const,
};
