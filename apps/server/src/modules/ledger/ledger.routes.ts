import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { AccountsService } from './accounts.service';
import type { BalancesService, UnrealisedPnl } from './balances.service';
import type { CashEntriesService } from './cash-entries.service';
import type { CashReversalsService } from './cash-reversals.service';

type Deps = {
  accounts: AccountsService;
  balances: BalancesService;
  cash: CashEntriesService;
  reversals: CashReversalsService;
  referenceData: ReferenceDataService;
  /** The unrealised P&L that equity adds to the balances (the trading module's). */
  unrealised?: UnrealisedPnl;
};

export function ledgerRoutes(app: FastifyInstance, d: Deps) {
  const A = API.account;
  serve(app, A.types, async () => d.accounts.types());
  // An entity's page lists its accounts, open and closed: the ledger owns them.
  serve(app, API.entity.accounts, (c) =>
    d.accounts.list(on(c).entityId, { sortMode: 'name', allAccessible: false }),
  );
  serve(app, A.list, (c) => d.accounts.list(on(c).entityId, c.body));
  serve(app, A.create, (c) => d.accounts.create(on(c), c.body));
  serve(app, A.update, (c) => d.accounts.update(on(c), c.body));
  serve(app, A.view, async (c) => {
    const account = await d.accounts.get(on(c).entityId, c.body.accountId);
    return { ...account, balances: await d.balances.ofAccount(account.id) };
  });
  serve(app, A.scolChildren, (c) => d.accounts.ofChildren(on(c).entityId));
  serve(app, A.scolBroker, (c) => d.accounts.ofBroker(on(c).entityId));
  serve(app, A.balances, (c) => d.balances.balances(on(c).entityId, c.body.allAccessible));
  serve(app, A.baseCurrency, (c) => d.balances.baseCurrency(on(c).entityId, c.body.allAccessible));
  serve(app, A.balancesTowardClients, (c) => d.balances.towardClients(on(c).entityId));
  serve(app, A.summary, (c) => d.balances.summary(on(c).entityId, d.unrealised));
  serve(app, A.summaryTowardClients, (c) => d.balances.summaryTowardClients(on(c).entityId, d.unrealised));

  const C = API.cashEntry;
  serve(app, C.currencies, async () =>
    (await d.referenceData.listCurrencies()).map((c) => ({
      code: c.code,
      name: c.name,
      digitalAssetName: c.digitalAssetName,
      scale: c.scale,
      assetClass: c.assetClass,
    })),
  );
  serve(app, C.list, (c) => d.cash.list(on(c).entityId, c.body));
  // Bookings audit where the call came from.
  const booker = (c: Parameters<typeof on>[0] & { request: FastifyRequest }) => ({
    ...on(c),
    request: c.request,
  });
  serve(app, C.deposit, (c) => d.cash.deposit(booker(c), c.idempotencyKey, c.body));
  serve(app, C.withdrawal, (c) => d.cash.withdrawal(booker(c), c.idempotencyKey, c.body));
  serve(app, C.internalTransfer, (c) => d.cash.internalTransfer(booker(c), c.idempotencyKey, c.body));
  const R = d.reversals;
  serve(app, C.reverseDeposit, (c) => R.reverseDeposit(booker(c), c.idempotencyKey, c.body));
  serve(app, C.reverseWithdrawal, (c) => R.reverseWithdrawal(booker(c), c.idempotencyKey, c.body));
  serve(app, C.reverseInternalTransfer, (c) =>
    R.reverseInternalTransfer(booker(c), c.idempotencyKey, c.body),
  );
  serve(app, C.childrenSummary, (c) => d.balances.childrenSummary(on(c).entityId));
}
