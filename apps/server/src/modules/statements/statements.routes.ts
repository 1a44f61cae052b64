import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { Statements } from './statements.service';

const S = API.statement;

export function statementsRoutes(app: FastifyInstance, statements: Statements) {
  serve(app, S.generate, (c) => statements.generate({ ...on(c), request: c.request }, c.body));
  serve(app, S.status, (c) => statements.status(c.body.statementId));
  serve(app, S.download, async (c) => {
    const { data, fileName } = await statements.download(c.body.statementId);
    c.reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store');
    return c.reply.send(data) as never;
  });
  serve(app, S.list, (c) => {
    const { entityId: _e, ...q } = c.body;
    return statements.list(on(c).entityId, q);
  });
  serve(app, S.send, (c) => statements.send({ ...on(c), request: c.request }, c.body.statementId));
  serve(app, S.emailPreference, (c) =>
    statements.setEmailPreference({ ...on(c), request: c.request }, c.body.optIn),
  );
}
