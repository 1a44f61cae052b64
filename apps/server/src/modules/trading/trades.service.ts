import type { TTradeList, TTradePage, TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { entityWithin } from '../entities/entity-sql';
import type { LedgerService } from '../ledger/ledger.service';
import type { TradeCancels } from './trade-cancel.service';
import { viewsOf } from './trade-views';
import { countTrades, selectTrades } from './trades.repo';
import { trades } from './trading.tables';

const SORTS = {
  tradeDate: trades.tradeDate,
  valueDate: trades.valueDate,
  bookedAt: trades.bookedAt,
  amount: trades.amount,
  symbol: trades.symbol,
} as const;

/** The blotter and the detail: trades of the acting entity's tree, and cancelling one. */
export function createTradesService(deps: { db: Db; ledger: LedgerService; cancels: TradeCancels }) {
  const { db, ledger } = deps;

  async function view(id: number): Promise<TTradeView> {
    const [found] = await selectTrades(db, eq(trades.id, id));
    if (!found) throw notFound('Trade not found');
    return (await viewsOf(db, ledger, [id]))[0]!;
  }

  return {
    view,

    /** Trades of the entity and everything below it, filtered, sorted and paged. */
    async list(entityId: number, f: TTradeList): Promise<TTradePage> {
      const conds: (SQL | undefined)[] = [
        entityWithin(trades.entityId, entityId),
        f.accountId ? eq(trades.accountId, f.accountId) : undefined,
        f.instrumentId ? eq(trades.instrumentId, f.instrumentId) : undefined,
        f.type ? eq(trades.type, f.type) : undefined,
        f.side ? eq(trades.side, f.side) : undefined,
        f.status ? eq(trades.status, f.status) : undefined,
        f.tradeDateFrom ? gte(trades.tradeDate, f.tradeDateFrom) : undefined,
        f.tradeDateTo ? lte(trades.tradeDate, f.tradeDateTo) : undefined,
        f.valueDateFrom ? gte(trades.valueDate, f.valueDateFrom) : undefined,
        f.valueDateTo ? lte(trades.valueDate, f.valueDateTo) : undefined,
      ];
      const where = and(...conds);
      const column = SORTS[f.sort];
      const order = [f.direction === 'asc' ? asc(column) : desc(column), desc(trades.id)];
      const [items, total] = await Promise.all([
        selectTrades(db, where, { order, limit: f.limit, offset: f.offset }),
        countTrades(db, where),
      ]);
      return { items, total };
    },

    cancel: deps.cancels.cancel,
  };
}
export type TradesService = ReturnType<typeof createTradesService>;
