import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/routes';
import type { ServerModeService } from './server-mode.service';

export function serverModeRoutes(app: FastifyInstance, service: ServerModeService) {
  serve(app, API.platform.serverMode, () => service.getMode());
  serve(app, API.platform.setMaintenance, ({ body, principal, entityId }) =>
    service.setMaintenance(body.maintenance, body.message ?? null, { principal, entityId }),
  );
}
