import { asc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { Money } from '../../platform/money';
import type { LedgerService } from '../ledger/ledger.service';
import type { Marks } from './marks';
import { deliveryLegs, pnlAgainst } from './trade-terms';
import { appendEvents, type LegRow, legRowsOf, type TradeRow, updateLeg, updateTrade } from './trades.repo';
import { tradeLegs, trades } from './trading.tables';

const SYSTEM = { principal: null } as const;
/** Who the end of day is, in trade events. */
export const END_OF_DAY = 'end of day';

/** What a settlement batch did: legs delivered, and the trades it could not settle (and why). */
export type SettleResult = {
  settled: number;
  failures: { tradeId: number; ticket: string; error: string }[];
};

/** The base amount of a leg, signed: what a buy receives, or minus what a sell pays. */
const baseOf = (l: LegRow) => (l.side === 'BUY' ? new Money(l.receiveAmount) : new Money(l.payAmount).neg());

/**
 * Physical settlement on the value date: for each pending leg due by the business date, its
 * held pay side and its receive side are posted through the house's FX accounts of the two
 * currencies (hold released into the posting, one ledger transaction through the one booking
 * path), the leg marked SETTLED with the mark it settled at, a SETTLED event appended; a trade
 * with nothing left to deliver is SETTLED, its realised P&L = Σ legs' base amount × (mark −
 * rate). Each trade is settled in a savepoint of its own: one that fails is left pending and
 * named, the others settle. A settled leg is never settled again (its status, read under the
 * trade's lock, and the hold, which resolves once).
 */
export function createSettlement(deps: { db: Db; ledger: LedgerService; onLegSettled?: LegSettled }) {
  const { db, ledger } = deps;

  async function settleTrade(
    tx: Tx,
    trade: TradeRow,
    legs: LegRow[],
    businessDate: string,
    marks: Marks,
    house: (asset: string) => Promise<number>,
  ) {
    for (const due of legs) {
      // Read again: settling an earlier leg may have changed this one (a swap's far leg is held then).
      const leg = (await legRowsOf(tx, [trade.id])).find((l) => l.leg === due.leg)!;
      if (leg.status !== 'PENDING') continue;
      const [pay, receive] = [await house(leg.payAsset), await house(leg.receiveAsset)];
      const booked = await ledger.book(tx, {
        who: SYSTEM,
        kind: 'FX_SETTLEMENT',
        reference: trade.ticket,
        memo: `${trade.symbol} ${leg.leg.toLowerCase()} leg, value ${leg.valueDate}`,
        ...(leg.holdId !== null ? { hold: { release: leg.holdId } } : {}),
        legs: deliveryLegs(
          {
            payAsset: leg.payAsset,
            payAmount: new Money(leg.payAmount),
            receiveAsset: leg.receiveAsset,
            receiveAmount: new Money(leg.receiveAmount),
          },
          trade.accountId,
          { pay, receive },
        ),
      });
      const mark = marks.fx(trade.baseCurrency!, trade.quoteCurrency);
      await updateLeg(tx, trade.id, leg.leg, {
        status: 'SETTLED',
        transactionId: booked.transactionId,
        settledOn: businessDate,
        settleMark: mark?.toString() ?? null,
      });
      await appendEvents(tx, [
        {
          tradeId: trade.id,
          kind: 'SETTLED',
          by: END_OF_DAY,
          businessDate,
          transactionId: booked.transactionId,
          details: { leg: leg.leg, valueDate: leg.valueDate, mark: mark?.toString() ?? null },
        },
      ]);
      await deps.onLegSettled?.(tx, trade, leg, house);
    }
    const all = await legRowsOf(tx, [trade.id]);
    if (all.every((l) => l.status === 'SETTLED')) {
      const marked = all.every((l) => l.settleMark !== null);
      const scale = await ledger.scaleOf(trade.quoteCurrency);
      const realised = marked
        ? all
            .reduce((sum, l) => sum.plus(pnlAgainst(baseOf(l), l.rate, l.settleMark!)), new Money(0))
            .toFixed(scale)
        : null;
      await updateTrade(tx, trade.id, { status: 'SETTLED', realisedPnl: realised });
    }
  }

  /**
   * Settles up to `limit` trades with legs due by `businessDate`, in one database
   * transaction; answers what it did (0 settled and no failures: nothing is left).
   */
  async function settleBatch(
    businessDate: string,
    marks: Marks,
    limit = 200,
    skip: number[] = [],
  ): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      // The trades first, in id order, then their legs: a cancel locks the same way round.
      const rows = await tx
        .select()
        .from(trades)
        .where(
          sql`${trades.id} in (select l.trade_id from ${tradeLegs} l
                where l.status = 'PENDING' and l.value_date <= ${businessDate}
                  and l.trade_id <> all(${sql.param(skip)}::int[]))`,
        )
        .orderBy(asc(trades.id))
        .limit(limit)
        .for('update');
      const legs = await legRowsOf(
        tx,
        rows.map((r) => r.id),
        true,
      );
      const houses = new Map<string, number>();
      const house = async (asset: string) => {
        if (!houses.has(asset)) houses.set(asset, await ledger.platformAccount(tx, 'FX', asset));
        return houses.get(asset)!;
      };
      const result: SettleResult = { settled: 0, failures: [] };
      for (const trade of rows) {
        const mine = legs.filter(
          (l) => l.tradeId === trade.id && l.status === 'PENDING' && l.valueDate <= businessDate,
        );
        try {
          await tx.transaction((sp) => settleTrade(sp, trade, mine, businessDate, marks, house));
          result.settled += mine.length;
        } catch (err) {
          result.failures.push({ tradeId: trade.id, ticket: trade.ticket, error: (err as Error).message });
        }
      }
      return result;
    });
  }

  return {
    settleBatch,
    /** Settles everything due by `businessDate`, batch after batch (each its own transaction). */
    async settleDue(businessDate: string, marks: Marks, opts: { signal?: AbortSignal; batch?: number } = {}) {
      const total: SettleResult = { settled: 0, failures: [] };
      for (;;) {
        opts.signal?.throwIfAborted();
        const r = await settleBatch(
          businessDate,
          marks,
          opts.batch,
          total.failures.map((f) => f.tradeId),
        );
        total.settled += r.settled;
        total.failures.push(...r.failures);
        if (r.settled === 0 && r.failures.length === 0) return total;
      }
    },
  };
}

/** What else happens when a leg settles (a swap's far leg is held from its near leg's delivery). */
export type LegSettled = (
  tx: Tx,
  trade: TradeRow,
  leg: LegRow,
  house: (asset: string) => Promise<number>,
) => Promise<void>;
