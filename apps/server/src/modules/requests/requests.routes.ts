import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { RequestEngine } from './request-engine.service';

export function requestsRoutes(app: FastifyInstance, engine: RequestEngine) {
  serve(app, API.requests.statusUpdate, ({ principal, entityId, body }) =>
    engine.move({ principal: principal!, entityId }, body.requestId, body.status, body.reason ?? null),
  );
  serve(app, API.requests.policies, (c) => engine.policies.list(on(c).entityId));
  serve(app, API.requests.setPolicy, (c) =>
    engine.policies.set(
      { ...on(c), request: c.request },
      on(c).entityId,
      c.body.requestType,
      c.body.requiredApprovals,
      c.body.approverGroupId,
    ),
  );
}
