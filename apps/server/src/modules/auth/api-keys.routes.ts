import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn, serve } from '../../platform/routes';
import type { ApiKeysService } from './api-keys.service';
import type { SsoLinksService } from './sso-links.service';

/** `/user-management/api-keys/…` and `/sso/…`. */
export function apiKeyRoutes(
  app: FastifyInstance,
  keys: ApiKeysService,
  sso: SsoLinksService,
  /** The credential rule for a user (issue 38): a linked identity signs in as that user. */
  mayActOnCredentialsOf: (who: ReturnType<typeof actingOn>, userId: string, act: string) => Promise<void>,
) {
  const U = API.userManagement;
  const A = API.authorization;
  serve(app, U.apiKeysList, (c) => keys.list(actingOn(c)));
  serve(app, U.apiKeysCreate, (c) => keys.create(actingOn(c), c.body));
  serve(app, U.apiKeysUpdate, (c) => keys.update(actingOn(c), c.body));
  serve(app, U.apiKeysRevoke, (c) => keys.revoke(actingOn(c), c.body.apiKeyId));
  serve(app, U.apiKeysGroups, (c) => keys.setGroups(actingOn(c), c.body.apiKeyId, c.body.groupIds));
  serve(app, U.apiKeysRoles, (c) => keys.setRoles(actingOn(c), c.body.apiKeyId, c.body.roles));
  serve(app, U.apiKeysDirectPermissions, (c) =>
    keys.setDirect(actingOn(c), c.body.apiKeyId, c.body.permissions),
  );
  serve(app, A.ssoList, (c) => sso.list(actingOn(c)));
  serve(app, A.ssoCreate, async (c) => {
    await mayActOnCredentialsOf(actingOn(c), c.body.userId, 'link a sign-in identity to this user');
    return sso.create(actingOn(c), c.body);
  });
  serve(app, A.ssoDelete, (c) => sso.remove(actingOn(c), c.body.id));
}
