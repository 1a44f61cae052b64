import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn, serve } from '../../platform/routes';
import type { AuthorizationService } from '../authorization/authorization.service';
import type { UserAdminService } from './user-admin.service';

/** `/user-management/…`: the users of the acting entity's subtree (API keys: auth's routes). */
export function userAdminRoutes(
  app: FastifyInstance,
  s: UserAdminService,
  deps: {
    authorization: AuthorizationService;
    assertKeyWithin: (entityId: number, id: string) => Promise<void>;
  },
) {
  const U = API.userManagement;
  serve(app, U.list, (c) => s.list(actingOn(c), c.body));
  serve(app, U.listAll, (c) => s.pick(actingOn(c), c.body.search));
  const create = (c: Parameters<Parameters<typeof serve<typeof U.create>>[2]>[0]) =>
    s.create(actingOn(c), {
      username: c.body.username,
      email: c.body.email,
      displayName: c.body.displayName,
      homeEntityId: c.body.homeEntityId,
      twoFactorRequired: c.body.twoFactorRequired,
    });
  serve(app, U.create, create);
  serve(app, U.createPortalUser, create);
  serve(app, U.createViaTemplate, (c) => s.createViaTemplate(actingOn(c), c.body));
  serve(app, U.update, (c) => s.update(actingOn(c), c.body));
  serve(app, U.twoFactorUpdate, (c) => s.resetTwoFactor(actingOn(c), c.body.userId, c.body.reason));
  serve(app, U.confirmEmail, (c) => s.confirmEmail(c.body.token));
  serve(app, U.assign, (c) => s.assign(actingOn(c), c.body.userId, c.body.groupIds));
  serve(app, U.rolesUpdate, (c) => s.setRoles(actingOn(c), c.body.userId, c.body.roles));
  serve(app, U.templates, (c) => s.templates(actingOn(c)));
  serve(app, U.templatesCreate, (c) => s.createTemplate(actingOn(c), c.body));
  serve(app, U.effectiveAccess, async (c) => {
    const who = actingOn(c);
    const { kind, id } = c.body.principal;
    if (kind === 'user') await s.assertWithin(who.entityId, id);
    else await deps.assertKeyWithin(who.entityId, id);
    return deps.authorization.effectiveAccess(who, { kind, id });
  });
}
