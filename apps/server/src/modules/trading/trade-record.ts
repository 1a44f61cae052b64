import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { Tx } from '../../platform/db';
import type { Booked, Prepared, RecordItem, RecordKind } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import { viewsOf } from './trade-views';
import { appendEvents, insertLegs, insertTrade, type NewLeg, type NewTrade } from './trades.repo';

/** What a booking records of a trade; the ledger part (hold, postings) comes from the booking. */
export type TradeInput = {
  trade: Omit<NewTrade, 'id' | 'bookedAt' | 'bookedBy'>;
  legs: Omit<NewLeg, 'tradeId' | 'holdId'>[];
  /** The leg whose pay side the booking's hold reserves. */
  heldLeg?: 'NEAR' | 'FAR';
  /** What the BOOKED event says beyond the trade's own columns. */
  details?: Record<string, unknown>;
  /** The lots a position trade closes out (prepared under the position's lock): each lot's new open amount. */
  closures?: { tradeId: number; amount: string; realised: string; open: string }[];
};

/** A step that completes a trade's booking once its rows are locked (a position's close-out). */
export type TradePrepare = (
  tx: Tx,
  items: RecordItem<TradeInput>[],
) => Promise<(Error | Prepared<TradeInput> | null)[]>;
/** A step after a trade's rows are written, in the same transaction (the lots a close-out closed). */
export type TradeWritten = (
  tx: Tx,
  items: (RecordItem<TradeInput> & Booked & { tradeId: number })[],
) => Promise<void>;

/** Who did it, as trade events and the blotter say it. */
export const byOf = (who: RecordItem<unknown>['who']) => who.principal?.name ?? 'system';

/**
 * The business record of a trade booking (booking.ts `RecordKind`): the trade, its legs (the
 * held one pointing at the booking's hold) and its BOOKED event; answers the trade's view.
 */
export function tradeRecord(
  ledger: LedgerService,
  hooks: { name?: string; prepare?: TradePrepare; written?: TradeWritten } = {},
): RecordKind<TradeInput, TTradeView> {
  return {
    name: hooks.name ?? 'trade',
    ...(hooks.prepare ? { prepare: hooks.prepare } : {}),
    async write(tx, items) {
      const ids: number[] = [];
      for (const item of items) {
        const by = byOf(item.who);
        const row = await insertTrade(tx, { ...item.input.trade, bookedBy: by });
        await insertLegs(
          tx,
          item.input.legs.map((l) => ({
            ...l,
            tradeId: row.id,
            holdId: l.leg === item.input.heldLeg ? item.holdId : null,
          })),
        );
        await appendEvents(tx, [
          {
            tradeId: row.id,
            kind: 'BOOKED',
            by,
            transactionId: item.transactionId,
            details: item.input.details ?? {},
          },
        ]);
        await hooks.written?.(tx, [{ ...item, tradeId: row.id }]);
        ids.push(row.id);
      }
      return viewsOf(tx, ledger, ids);
    },
  };
}
