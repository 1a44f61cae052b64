import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { LimitsModule } from './limits.module';

export function limitsRoutes(app: FastifyInstance, limits: LimitsModule) {
  serve(app, API.limits.list, (c) => limits.list(on(c).entityId));
  serve(app, API.limits.update, (c) => limits.propose(on(c), c.body));
}
