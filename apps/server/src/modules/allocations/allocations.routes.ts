import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { AllocationsModule } from './allocations.module';

export function allocationsRoutes(app: FastifyInstance, m: AllocationsModule) {
  const A = API.allocations;
  // Changes audit where the call came from.
  const who = (c: Parameters<typeof on>[0] & { request: FastifyRequest }) => ({
    ...on(c),
    request: c.request,
  });
  serve(app, A.groupsList, async (c) => ({ items: await m.groups.list(on(c).entityId) }));
  serve(app, A.groupsCreate, (c) => m.groups.create(who(c), c.body));
  serve(app, A.groupsUpdate, (c) => m.groups.update(who(c), c.body));
  serve(app, A.groupsDelete, (c) => m.groups.remove(who(c), c.body));
  serve(app, A.investorsAdd, (c) => m.groups.addInvestor(who(c), c.body));
  serve(app, A.investorsUpdate, (c) => m.groups.updateInvestor(who(c), c.body));
  serve(app, A.investorsRemove, (c) =>
    m.groups.removeInvestor(who(c), c.body, (tx, g, blocks) =>
      m.allocation.reallocate(tx, who(c), g, blocks),
    ),
  );
  serve(app, A.tradesFx, (c) => m.allocation.allocate(who(c), 'fx', c.body));
  serve(app, A.tradesCfd, (c) => m.allocation.allocate(who(c), 'cfd', c.body));
}
