import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { FeeSchedulesService } from './fee-schedules.service';
import type { TransfersService } from './transfers.service';

export function transfersRoutes(app: FastifyInstance, s: TransfersService, fees: FeeSchedulesService) {
  const T = API.transfer;
  serve(app, T.estimate, (c) => s.estimate(on(c), c.body));
  serve(app, T.withdrawal, (c) => s.withdraw(on(c), c.idempotencyKey, c.body));
  serve(app, T.list, (c) => s.list(on(c).entityId, c.body));
  serve(app, T.feesList, (c) => fees.list(on(c).entityId, c.body.asset));
  serve(app, T.feesCreate, (c) => fees.create(on(c), c.body));
  serve(app, T.feesUpdate, (c) => fees.update(on(c), c.body));
  serve(app, T.feesDelete, (c) => fees.remove(on(c), c.body.id));
}
