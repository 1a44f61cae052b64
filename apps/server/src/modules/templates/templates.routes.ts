import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { TemplatesService } from './templates.service';

export function templatesRoutes(app: FastifyInstance, s: TemplatesService) {
  const T = API.template;
  serve(app, T.list, (c) => s.list(on(c).entityId));
  serve(app, T.view, (c) => s.view(on(c).entityId, c.body.templateId));
  serve(app, T.create, (c) => s.create(on(c), c.body));
  serve(app, T.update, (c) => s.update(on(c), c.body));
  serve(app, T.delete, (c) => s.remove(on(c), c.body.templateId));
  serve(app, T.createEntity, (c) => s.createEntity(on(c), Number(c.params.id), c.body));
}
