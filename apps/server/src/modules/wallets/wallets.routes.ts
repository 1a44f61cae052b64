import { API } from '@clearway/contracts/endpoint-table';
import { BLOCKCHAIN_NETWORKS } from '@clearway/contracts/networks';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { BankInfoService } from './bank-info.service';
import type { WalletsService } from './wallets.service';

export function walletsRoutes(app: FastifyInstance, s: WalletsService, bank: BankInfoService) {
  const B = API.bankInfo;
  serve(app, B.list, (c) => bank.list(on(c).entityId, c.body.includeRemoved));
  serve(app, B.create, (c) => bank.createDirect(on(c), c.body));
  serve(app, B.update, (c) => {
    const { entityId: _, bankInfoId, ...details } = c.body;
    return bank.updateDirect(on(c), bankInfoId, details);
  });
  serve(app, B.whitelistCreate, (c) => bank.request(on(c), c.body));
  serve(app, B.whitelistRemove, (c) => bank.remove(on(c), c.body.bankInfoId));
  serve(app, B.requestRemoval, (c) => bank.requestRemoval(on(c), c.body.bankInfoId));

  const W = API.wallet;
  serve(app, W.list, (c) => s.list(on(c).entityId, c.body.includeRemoved));
  serve(app, W.create, (c) => s.createDirect(on(c), c.body));
  serve(app, W.whitelistCreate, (c) => s.request(on(c), c.body));
  serve(app, W.update, (c) => s.edit(on(c), c.body));
  serve(app, W.updateType, (c) => s.setType(on(c), c.body));
  serve(app, W.whitelistRemove, (c) => s.remove(on(c), c.body.walletId));
  serve(app, W.requestRemoval, (c) => s.requestRemoval(on(c), c.body.walletId));
  serve(app, W.search, (c) => s.search(on(c), c.body));
  serve(app, W.workflows, (c) => s.workflows(on(c).entityId, c.body));
  serve(app, W.blockchainNetworks, async () =>
    BLOCKCHAIN_NETWORKS.map((n) => ({ ...n, assets: [...n.assets] })),
  );
  const V = API.vasps;
  serve(app, V.list, async () =>
    (await s.vasps.list()).map((v) => ({
      id: v.id,
      name: v.name,
      lei: v.lei,
      travelRuleId: v.travelRuleId,
      jurisdiction: v.jurisdiction,
      website: v.website,
      status: v.status,
    })),
  );
  serve(app, V.create, (c) => s.vasps.create(on(c), c.body));
  serve(app, V.update, (c) => s.vasps.update(on(c), c.body));
  serve(app, V.delete, (c) => s.vasps.remove(on(c), c.body.vaspId));
}
