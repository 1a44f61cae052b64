import type { SelectedEntity } from '../../../lib/selected-entity';

/*
 * Section 6's loading rules of the user-management module: what the web asks the server
 * for, decided from the selected entity's capability flags before any call is made.
 */

/** The module loads only with canViewUsersModule on the current or a child entity. */
export const loadsUsersModule = (e: SelectedEntity | null): boolean =>
  Boolean(e?.capabilities.canViewUsersModule);

/** The user list asks for SSO data only with canManageUser. */
export const asksForSsoData = (e: SelectedEntity | null): boolean =>
  loadsUsersModule(e) && Boolean(e?.capabilities.canManageUser);

/** Permission-scope types load only with canViewUserPermissionScopeTypes. */
export const loadsScopeTypes = (e: SelectedEntity | null): boolean =>
  Boolean(e?.capabilities.canViewUserPermissionScopeTypes);
