import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/routes';
import type { RequestEngine } from './request-engine.service';

export function requestsRoutes(app: FastifyInstance, engine: RequestEngine) {
  serve(app, API.requests.statusUpdate, ({ principal, entityId, body }) =>
    engine.move({ principal: principal!, entityId }, body.requestId, body.status, body.reason ?? null),
  );
}
