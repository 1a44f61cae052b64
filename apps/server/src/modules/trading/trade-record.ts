import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { Tx } from '../../platform/db';
import type { Booked, Prepared, RecordItem, RecordKind } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import type { MarginClaim } from './margin-claim';
import {
  appendEvents,
  insertLegs,
  insertTrades,
  type NewLeg,
  type NewTrade,
  toEvent,
  toLeg,
  toTrade,
} from './trades.repo';

/** What a booking records of a trade; the ledger part (hold, postings) comes from the booking. */
export type TradeInput = {
  trade: Omit<NewTrade, 'id' | 'bookedAt' | 'bookedBy'>;
  legs: Omit<NewLeg, 'tradeId' | 'holdId'>[];
  /** The leg whose pay side the booking's hold reserves. */
  heldLeg?: 'NEAR' | 'FAR';
  /** The names the trade is shown with (the account's and its owner's, read before booking). */
  names: { accountName: string; entityName: string };
  /** What the BOOKED event says beyond the trade's own columns. */
  details?: Record<string, unknown>;
  /** The margin state a margin client's booking was checked against, claimed when it commits. */
  margin?: MarginClaim | null;
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
 * Each booking's trade has a ticket of its own (the trades of a sweep, which share one, have
 * their own record kind).
 */
export function tradeRecord(
  ledger: LedgerService,
  hooks: { name?: string; prepare?: TradePrepare; written?: TradeWritten } = {},
): RecordKind<TradeInput, TTradeView> {
  return {
    name: hooks.name ?? 'trade',
    ...(hooks.prepare ? { prepare: hooks.prepare } : {}),
    // Set-wise: a group commit writes its trades, their legs and their events with one
    // statement each; the answers are built from what was written (only postings are read).
    async write(tx, items) {
      const rows = await insertTrades(
        tx,
        items.map((item) => ({ ...item.input.trade, bookedBy: byOf(item.who) })),
      );
      const rowOf = new Map(rows.map((r) => [r.ticket, r]));
      const written = items.map((item) => ({ ...item, tradeId: rowOf.get(item.input.trade.ticket)!.id }));
      const legs = await insertLegs(
        tx,
        written.flatMap((item) =>
          item.input.legs.map((l) => ({
            ...l,
            tradeId: item.tradeId,
            holdId: l.leg === item.input.heldLeg ? item.holdId : null,
          })),
        ),
      );
      const events = await appendEvents(
        tx,
        written.map((item) => ({
          tradeId: item.tradeId,
          kind: 'BOOKED' as const,
          by: byOf(item.who),
          transactionId: item.transactionId,
          details: item.input.details ?? {},
        })),
      );
      if (hooks.written) await hooks.written(tx, written);
      const moved = written.filter((w) => w.transactionId !== null).map((w) => w.input.trade.ticket);
      const postings = await ledger.postingsByReference(tx, moved);
      const answers: TTradeView[] = [];
      for (const item of written) {
        const row = rowOf.get(item.input.trade.ticket)!;
        const scale = async (asset: string | null) => (asset === null ? null : ledger.scaleOf(asset));
        const quoteScale = (await scale(row.quoteCurrency))!;
        const mine = [];
        for (const l of legs.filter((x) => x.tradeId === row.id))
          mine.push(toLeg(l, (await scale(l.payAsset))!, (await scale(l.receiveAsset))!));
        answers.push({
          trade: toTrade({
            t: row,
            ...item.input.names,
            baseScale: await scale(row.baseCurrency),
            quoteScale,
          }),
          legs: mine.sort((a, b) => a.valueDate.localeCompare(b.valueDate)),
          events: events.filter((e) => e.tradeId === row.id).map(toEvent),
          postings: postings
            .filter((p) => p.reference === row.ticket)
            .map(({ reference: _r, scale: _s, ...p }) => p),
        });
      }
      return answers;
    },
  };
}
