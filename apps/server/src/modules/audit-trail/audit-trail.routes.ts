import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn, serve } from '../../platform/routes';
import type { AuditTrailService } from './audit-trail.service';

export function auditTrailRoutes(app: FastifyInstance, s: AuditTrailService) {
  serve(app, API.audit.list, (c) => s.list(actingOn(c).entityId, c.body));
}
