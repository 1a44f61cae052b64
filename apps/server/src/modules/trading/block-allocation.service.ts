import type { TTrade, TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeSide } from '@clearway/contracts/enums';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { LedgerService } from '../ledger/ledger.service';
import type { createDeliverableBooking } from './deliverable.service';
import type { Positions } from './positions.service';
import type { TradeCancels } from './trade-cancel.service';
import type { Who } from './trade-context';
import { byOf } from './trade-record';
import { refuseTerms } from './trade-terms';
import { appendEvents, lockTrade, type TradeRow, tradesById, updateTrade } from './trades.repo';

/** The kinds of block each allocation call takes (section 7: trades/fx, trades/cfd). */
export const BLOCK_TYPES = { fx: ['DELIVERABLE_FX', 'MARGIN_FX'], cfd: ['CFD'] } as const;
export type BlockFamily = keyof typeof BLOCK_TYPES;

/** A block trade as an allocation reads it: its figures exact, with the scales its legs split at. */
export type Block = {
  id: number;
  ticket: string;
  type: 'DELIVERABLE_FX' | 'MARGIN_FX' | 'CFD';
  status: string;
  side: TradeSide;
  entityId: number;
  accountId: number;
  instrumentId: number;
  rate: Money;
  amount: Money;
  counterAmount: Money;
  amountScale: number;
  counterScale: number;
  tradeDate: string;
  valueDate: string;
};

/** A child's terms: its investor's account and its part of each leg. */
export type ChildTerms = {
  accountId: number;
  amount: Money;
  counter: Money;
  details: Record<string, unknown>;
};

/**
 * What the allocations module does to trades, each in the caller's transaction: a block of
 * the manager's account is retired (its movements undone through the ledger, its status
 * ALLOCATED, an ALLOCATED event naming its children), and its children are booked on the
 * investors' accounts by the same bookings as any trade of their kind — so they settle, roll
 * and show P&L like any trade. A reallocated child is cancelled like any trade (reversed,
 * never deleted).
 */
export function createBlockAllocation(deps: {
  db: Db;
  ledger: LedgerService;
  deliverable: ReturnType<typeof createDeliverableBooking>;
  positions: Positions;
  cancels: TradeCancels;
}) {
  const { ledger } = deps;

  async function blockOf(row: TradeRow, family: BlockFamily): Promise<Block> {
    const types: readonly string[] = BLOCK_TYPES[family];
    if (!types.includes(row.type) || row.instrumentId === null)
      throw refuseTerms(
        'tradeId',
        family === 'fx'
          ? 'is not an FX trade: allocate it through trades/cfd'
          : 'is not a CFD trade: allocate it through trades/fx',
      );
    const counterScale = await ledger.scaleOf(row.quoteCurrency);
    const amountScale =
      row.type === 'CFD' ? new Money(row.amount).decimalPlaces() : await ledger.scaleOf(row.baseCurrency!);
    return {
      id: row.id,
      ticket: row.ticket,
      type: row.type as Block['type'],
      status: row.status,
      side: row.side,
      entityId: row.entityId,
      accountId: row.accountId,
      instrumentId: row.instrumentId,
      rate: new Money(row.rate),
      amount: new Money(row.amount),
      counterAmount: new Money(row.counterAmount),
      amountScale,
      counterScale,
      tradeDate: row.tradeDate,
      valueDate: row.valueDate,
    };
  }

  return {
    /**
     * The block, read (and locked when `tx` is a transaction that will change it).
     * @throws NotFound; 422 for a trade of another family, or one that is not live
     */
    async lockBlock(tx: DbOrTx, tradeId: number, family: BlockFamily): Promise<Block> {
      const row = await lockTrade(tx, tradeId);
      if (!row) throw notFound('Trade not found');
      const block = await blockOf(row, family);
      if (!['PENDING', 'OPEN', 'SETTLED', 'ALLOCATED'].includes(row.status))
        throw conflict(`This trade is ${row.status.toLowerCase()}: only a live trade can be allocated`);
      return block;
    },

    /** Undoes a block's own movements (on its first allocation) and marks it ALLOCATED with an event naming its children. */
    async retireBlock(
      tx: Tx,
      who: Who,
      block: Block,
      details: { groupId: number; run: number; children: number[]; reversed: number[] },
    ): Promise<void> {
      let transactions: number[] = [];
      if (block.status !== 'ALLOCATED') {
        const row = (await lockTrade(tx, block.id))!;
        transactions = (await deps.cancels.undoMovements(tx, who, row, 'Allocated')).transactions;
        await updateTrade(tx, block.id, { status: 'ALLOCATED' });
      }
      await appendEvents(tx, [
        {
          tradeId: block.id,
          kind: 'ALLOCATED',
          by: byOf(who),
          transactionId: transactions[0] ?? null,
          details: { from: block.status, ...details, transactions },
        },
      ]);
    },

    /** Books one child of the block on an investor's account, as its kind's booking does. */
    async bookChild(tx: Tx, who: Who, block: Block, child: ChildTerms): Promise<TTradeView> {
      const t = {
        accountId: child.accountId,
        side: block.side,
        amount: child.amount,
        rate: block.rate,
        counter: child.counter,
        reference: block.ticket,
        memo: `Allocated from ${block.ticket}`,
        details: { allocatedFrom: block.id, ...child.details },
      };
      return block.type === 'DELIVERABLE_FX'
        ? deps.deliverable.bookKnown(tx, who, block, t)
        : deps.positions.bookKnown(tx, who, { ...block, type: block.type }, t);
    },

    /** Cancels (or reverses) a child of an earlier run, unless it already was. */
    async cancelChild(tx: Tx, who: Who, tradeId: number, reason: string): Promise<void> {
      const row = await lockTrade(tx, tradeId);
      if (!row || row.status === 'CANCELLED' || row.status === 'REVERSED') return;
      await deps.cancels.cancelLocked(tx, who, row, reason);
    },

    /** Trades as the blotter shows them, in the order asked. */
    async tradesOf(db: DbOrTx, ids: number[]): Promise<TTrade[]> {
      if (ids.length === 0) return [];
      const found = new Map((await tradesById(db, ids)).map((t) => [t.id, t]));
      return ids.map((id) => found.get(id)!);
    },
  };
}
export type BlockAllocation = ReturnType<typeof createBlockAllocation>;
