import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { EndOfDay } from './eod.service';

export function eodRoutes(app: FastifyInstance, eod: EndOfDay) {
  serve(app, API.statement.lastEod, () => eod.last());
  serve(app, API.eod.run, (c) => eod.request({ ...on(c), request: c.request }, c.body.businessDate));
  serve(app, API.eod.runs, (c) => eod.runs(c.body.limit));
}
