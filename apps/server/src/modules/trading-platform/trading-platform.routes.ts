import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors';
import { actingOn, serve } from '../../platform/routes';
import type { UsersService } from '../users/users.service';
import type { TradingPlatformService } from './trading-platform.service';

/** The spec's "celer user" calls: a user's trading-platform login and an entity's account properties. */
export function tradingPlatformRoutes(app: FastifyInstance, s: TradingPlatformService, users: UsersService) {
  const U = API.userManagement;
  const E = API.entity;
  serve(app, U.celerDetails, (c) => s.details(c.body.userId));
  serve(app, U.celerUpdate, async (c) => {
    const user = await users.findById(c.body.userId);
    if (!user) throw notFound('User not found');
    return s.upsert(actingOn(c), user.homeEntityId, c.body);
  });
  serve(app, U.celerResetPassword, (c) => s.resetPassword(actingOn(c), c.body));
  serve(app, E.celerUser, (c) => s.ofEntity(actingOn(c).entityId));
  serve(app, E.accountProperties, (c) => s.accountProperties(actingOn(c).entityId));
  serve(app, E.accountPropertiesUpdate, (c) => s.setAccountProperties(actingOn(c), c.body));
}
