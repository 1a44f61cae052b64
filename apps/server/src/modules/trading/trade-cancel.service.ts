import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import { recordAudit } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { LedgerService } from '../ledger/ledger.service';
import type { Who } from './trade-context';
import { byOf } from './trade-record';
import { viewsOf } from './trade-views';
import { appendEvents, legRowsOf, lockTrade, type TradeRow, updateLeg, updateTrade } from './trades.repo';

/** How a kind of trade is undone inside the cancel's transaction; answers the ledger transactions it made. */
export type Undo = (
  tx: Tx,
  who: Who,
  trade: TradeRow,
  reason: string,
) => Promise<{ reversed: boolean; transactions: number[] }>;

const DONE = { CANCELLED: 'cancelled', REVERSED: 'reversed' } as const;

/**
 * Cancelling a trade (trade_amend), with a reason: what has not settled is cancelled and its
 * holds released; what has settled is reversed by opposite postings. The trade is never
 * deleted: its status changes and a CANCELLED or REVERSED event says who, when and why. Every
 * movement goes through the ledger's one booking path, in one database transaction.
 * @throws NotFound; Conflict for a trade already cancelled or reversed; what an undo refuses
 *   (InsufficientFunds when reversing would overdraw the account)
 */
export function createTradeCancels(deps: {
  db: Db;
  ledger: LedgerService;
  undoPosition?: Undo;
  undoOption?: Undo;
}) {
  const { db, ledger } = deps;

  /** A delivery trade: each leg's hold voided, or its delivery reversed. */
  const undoDeliveries: Undo = async (tx, who, trade, reason) => {
    const transactions: number[] = [];
    let reversed = false;
    for (const leg of await legRowsOf(tx, [trade.id], true)) {
      if (leg.status === 'SETTLED') {
        const { transactionId } = await ledger.book(tx, {
          who,
          kind: 'REVERSAL',
          reverses: leg.transactionId!,
          memo: reason,
        });
        transactions.push(transactionId!);
        reversed = true;
        await updateLeg(tx, trade.id, leg.leg, { status: 'REVERSED' });
      } else if (leg.status === 'PENDING') {
        if (leg.holdId !== null)
          await ledger.book(tx, {
            who,
            kind: 'FX_TRADE',
            reference: trade.ticket,
            hold: { release: leg.holdId },
          });
        await updateLeg(tx, trade.id, leg.leg, { status: 'CANCELLED' });
      }
    }
    return { reversed, transactions };
  };

  /**
   * Cancels a trade locked in the caller's transaction: its movements undone, its status and
   * a CANCELLED or REVERSED event saying who, when and why, and the audit row.
   */
  async function cancelLocked(tx: Tx, who: Who, trade: TradeRow, reason: string): Promise<void> {
    if (trade.status in DONE)
      throw conflict(`This trade is already ${DONE[trade.status as keyof typeof DONE]}`);
    // Its movements are its children's now: they are what staff cancel or reallocate.
    if (trade.status === 'ALLOCATED')
      throw conflict('This trade is allocated: cancel or reallocate its children instead');
    const { reversed, transactions } = await undoMovements(tx, who, trade, reason);
    const status = reversed ? 'REVERSED' : 'CANCELLED';
    await updateTrade(tx, trade.id, { status });
    await appendEvents(tx, [
      {
        tradeId: trade.id,
        kind: status,
        by: byOf(who),
        reason,
        transactionId: transactions[0] ?? null,
        details: { from: trade.status, transactions },
      },
    ]);
    await recordAudit(tx, who, {
      action: 'trades.cancel',
      outcome: 'success',
      target: trade.ticket,
      details: { tradeId: trade.id, from: trade.status, to: status, reason, transactions },
    });
  }

  /** Undoes what a trade moved (holds released, deliveries or positions reversed), leaving its status to the caller. */
  function undoMovements(tx: Tx, who: Who, trade: TradeRow, reason: string) {
    const undo =
      trade.type === 'MARGIN_FX' || trade.type === 'CFD'
        ? deps.undoPosition
        : trade.type === 'FX_OPTION'
          ? deps.undoOption
          : undoDeliveries;
    if (!undo) throw conflict(`A ${trade.type} trade cannot be cancelled`);
    return undo(tx, who, trade, reason);
  }

  async function cancel(who: Who, tradeId: number, reason: string): Promise<TTradeView> {
    return db.transaction(async (tx) => {
      const trade = await lockTrade(tx, tradeId);
      if (!trade) throw notFound('Trade not found');
      await cancelLocked(tx, who, trade, reason);
      return (await viewsOf(tx, ledger, [trade.id]))[0]!;
    });
  }

  return { cancel, cancelLocked, undoMovements };
}
export type TradeCancels = ReturnType<typeof createTradeCancels>;
