import type { Capabilities } from '@clearway/contracts/capabilities';
import { describe, expect, it } from 'vitest';
import type { SelectedEntity } from '../../../lib/selected-entity';
import { asksForSsoData, loadsScopeTypes, loadsUsersModule } from './user-loading-rules';
import { usersQuery } from './users.queries';

const entity = (capabilities: Partial<Capabilities>) =>
  ({
    entityId: 7,
    entityName: 'Aurora Markets',
    attributes: [],
    capabilities: capabilities as Capabilities,
    isBroker: true,
    isClientUser: false,
  }) satisfies SelectedEntity;

describe('section 6: the user-management module’s loading rules', () => {
  it('loads the module only with canViewUsersModule on the current or a child entity', () => {
    expect(loadsUsersModule(entity({ canViewUsersModule: true }))).toBe(true);
    expect(loadsUsersModule(entity({ canViewUsersModule: false, canManageUser: true }))).toBe(false);
    expect(loadsUsersModule(null)).toBe(false);
  });

  it('asks the user list for SSO data only with canManageUser', () => {
    expect(asksForSsoData(entity({ canViewUsersModule: true, canManageUser: true }))).toBe(true);
    expect(asksForSsoData(entity({ canViewUsersModule: true, canManageUser: false }))).toBe(false);
    // The list call carries the rule: without canManageUser the body asks for no SSO data.
    const key = usersQuery(7, { withSso: asksForSsoData(entity({ canViewUsersModule: true })) }).queryKey;
    expect(key).toEqual(['users', 7, 'list', { withSso: false }]);
  });

  it('loads permission-scope types only with canViewUserPermissionScopeTypes', () => {
    expect(loadsScopeTypes(entity({ canViewUserPermissionScopeTypes: true }))).toBe(true);
    expect(
      loadsScopeTypes(entity({ canViewUserPermissionScopeTypes: false, canViewUserPermissionScopes: true })),
    ).toBe(false);
  });
});
