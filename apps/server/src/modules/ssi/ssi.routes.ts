import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { SsiService } from './ssi.service';

export function ssiRoutes(app: FastifyInstance, s: SsiService) {
  const S = API.ssiProfile;
  serve(app, S.list, (c) => s.profiles(on(c).entityId));
  serve(app, S.walletList, (c) => s.addresses(on(c).entityId));
  serve(app, S.assign, (c) => s.assign(on(c), c.body.profileId));
  serve(app, S.delete, (c) => s.remove(on(c), c.body.profileId));
}
