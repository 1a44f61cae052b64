import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { ApprovalsService } from './approvals.service';

export function approvalsRoutes(app: FastifyInstance, s: ApprovalsService) {
  serve(app, API.requests.inbox, (c) => s.inbox(on(c), c.held!, c.body));
  serve(app, API.requests.view, (c) => s.view(on(c), c.body.requestId));
}
