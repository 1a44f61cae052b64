import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { TradingModule } from './trading.module';

export function tradingRoutes(app: FastifyInstance, m: TradingModule) {
  const T = API.trades;
  // Bookings audit where the call came from.
  const booker = (c: Parameters<typeof on>[0] & { request: import('fastify').FastifyRequest }) => ({
    ...on(c),
    request: c.request,
  });
  serve(app, T.quote, (c) => m.quotes.quote(booker(c), c.body));
  serve(app, T.bookManualDeliverableFxTrade, (c) =>
    m.deliverable.bookAtRate(booker(c), c.idempotencyKey, c.body),
  );
  serve(app, T.bookManualDeliverableFxTrade2, (c) =>
    m.deliverable.bookForCounter(booker(c), c.idempotencyKey, c.body),
  );
  serve(app, T.bookManualFxTrade, (c) => m.positions.bookMarginFx(booker(c), c.idempotencyKey, c.body));
  serve(app, T.bookManualCfdTrade, (c) => m.positions.bookCfd(booker(c), c.idempotencyKey, c.body));
  serve(app, T.bookManualFxSwap, (c) => m.swaps.book(booker(c), c.idempotencyKey, c.body));
  serve(app, T.bookConversionSweepTrade, (c) => m.sweeps.book(booker(c), c.idempotencyKey, c.body));
  serve(app, T.bookManualDeliverableFxOptionTrade, (c) =>
    m.options.book(booker(c), c.idempotencyKey, c.body),
  );
  serve(app, T.knockInOption, (c) => m.options.knockIn(booker(c), c.idempotencyKey, c.body));
  serve(app, T.knockOutOption, (c) => m.options.knockOut(booker(c), c.idempotencyKey, c.body));
  serve(app, T.barrierEvent, (c) => m.options.requestBarrierEvent(booker(c), c.idempotencyKey, c.body));
  serve(app, T.exerciseOption, (c) => m.options.exercise(booker(c), c.idempotencyKey, c.body));
  serve(app, T.expireOption, (c) => m.options.expire(booker(c), c.idempotencyKey, c.body));
  serve(app, T.list, (c) => m.trades.list(on(c).entityId, c.body));
  serve(app, API.account.profitLoss, (c) => m.pnl.ofEntity(on(c).entityId, c.body.accountId));
  serve(app, API.account.profitLossTowardClients, (c) =>
    m.pnl.towardClients(on(c).entityId, c.body.accountId),
  );
  serve(app, API.account.fxOptionProfitLoss, (c) => m.valuation.profitLoss(on(c).entityId, c.body.accountId));
  serve(app, API.entity.marginRequirements, async (c) => ({
    requirements: c.body.towardClients
      ? await m.margin.towardClients(on(c).entityId)
      : [await m.margin.requirementOf(on(c).entityId)],
  }));
  serve(app, T.view, (c) => m.trades.view(c.body.tradeId));
  serve(app, T.cancel, (c) => m.trades.cancel(booker(c), c.body.tradeId, c.body.reason));
}
