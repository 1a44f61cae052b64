import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { isWeekend, plusDays } from '../instruments/iso-dates';
import { type Booking, type RecordKind, recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import type { Marks } from './marks';
import { houseRoleOf } from './positions.service';
import { END_OF_DAY, type SettleResult } from './settlement.service';
import { appendEvents, type TradeRow } from './trades.repo';
import { tradeEvents, trades } from './trading.tables';

const SYSTEM = { principal: null } as const;
const DAYS_IN_YEAR = 365;

type Charge = {
  tradeId: number;
  kind: 'ROLLED' | 'FINANCED';
  businessDate: string;
  amount: string;
  details: Record<string, unknown>;
};
/** What an end of day charges a lot: the event it leaves (with the transaction, when it moved money). */
const chargeRecord: RecordKind<Charge, null> = {
  name: 'position_charge',
  async write(tx, items) {
    await appendEvents(
      tx,
      items.map((i) => ({
        tradeId: i.input.tradeId,
        kind: i.input.kind,
        by: END_OF_DAY,
        businessDate: i.input.businessDate,
        transactionId: i.transactionId,
        details: { ...i.input.details, amount: i.input.amount },
      })),
    );
    return items.map(() => null);
  },
};

/** Calendar days a charge on `date` covers: to the next weekday (a Friday's covers the weekend). */
export function daysCovered(date: string): number {
  let next = plusDays(date, 1);
  let days = 1;
  while (isWeekend(next)) {
    next = plusDays(next, 1);
    days++;
  }
  return days;
}

/**
 * What the end of day charges open positions, lot by lot, each at most once per business date
 * (the ROLLED or FINANCED event, unique per lot and date, in the transaction that posts it):
 * - margin FX lots roll at the pair's tom-next points of the sheet, with the markup of the
 *   owner's roll profile against the client (a long pays the ask plus the markup, a short earns
 *   the bid less it): − open × points × pip, in the quote currency;
 * - CFD lots pay (or, at a negative rate, earn) financing: open × contract size × the mark ×
 *   the long or short rate % ÷ 365 × the calendar days to the next weekday.
 * Posted between the account and the house's account of the quote currency, a batch of lots
 * per database transaction (set-wise through the one booking path). A lot whose charge the
 * account cannot pay (or that has no mark) is named and left for a run again.
 */
export function createCharges(deps: {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  entities: EntitiesService;
}) {
  const { db, ledger, instruments } = deps;

  async function batch(
    kind: 'ROLLED' | 'FINANCED',
    businessDate: string,
    marks: Marks,
    limit: number,
    after: number,
    memo: { instruments: Map<number, TInstrument>; markups: Map<number, string> },
  ): Promise<SettleResult & { last: number | null }> {
    return db.transaction(async (tx) => {
      const lots = await dueLots(tx, kind, businessDate, limit, after);
      const result = { settled: 0, failures: [] as SettleResult['failures'], last: lots.at(-1)?.id ?? null };
      if (!lots.length) return result;
      const ids = [...new Set(lots.map((l) => l.instrumentId!))];
      for (const id of ids)
        if (!memo.instruments.has(id)) memo.instruments.set(id, await instruments.catalog.get(id));
      const tn = kind === 'ROLLED' ? await instruments.swapPoints.tenorPoints(ids, 'TN') : new Map();
      const bookings: Booking<unknown>[] = [];
      const charged: TradeRow[] = [];
      for (const lot of lots) {
        const i = memo.instruments.get(lot.instrumentId!)!;
        const open = new Money(lot.openAmount!);
        let amount: Money;
        let details: Record<string, unknown>;
        if (kind === 'ROLLED' && i.kind === 'FX') {
          if (!memo.markups.has(lot.entityId))
            memo.markups.set(lot.entityId, (await deps.entities.tradingTerms(lot.entityId)).rollMarkupPips);
          const markup = new Money(memo.markups.get(lot.entityId)!);
          const points = tn.get(i.id) ?? { bid: '0', ask: '0' };
          const pips = open.isPos()
            ? new Money(points.ask).plus(markup)
            : new Money(points.bid).minus(markup);
          amount = open.neg().times(pips).times(i.pipSize);
          details = {
            tenor: 'TN',
            points: open.isPos() ? points.ask : points.bid,
            markup: markup.toString(),
            pipSize: i.pipSize,
          };
        } else if (kind === 'FINANCED' && i.kind === 'CFD') {
          const mark = marks.cfd(i.id);
          if (!mark) {
            result.failures.push({
              tradeId: lot.id,
              ticket: lot.ticket,
              error: `${i.symbol} has no price at the cut-off`,
            });
            continue;
          }
          const rate = new Money(open.isPos() ? i.financingRateLong : i.financingRateShort);
          const days = daysCovered(businessDate);
          amount = open
            .abs()
            .times(i.contractSize)
            .times(mark)
            .times(rate)
            .div(100)
            .times(days)
            .div(DAYS_IN_YEAR)
            .neg();
          details = { mark: mark.toString(), rate: rate.toString(), days };
        } else continue;
        const figure = amount.toFixed(await ledger.scaleOf(lot.quoteCurrency));
        const rounded = new Money(figure);
        const house = await ledger.platformAccount(
          tx,
          houseRoleOf(lot.type as 'MARGIN_FX' | 'CFD'),
          lot.quoteCurrency,
        );
        bookings.push({
          who: SYSTEM,
          kind: kind === 'ROLLED' ? 'FX_ROLL' : 'CFD_FINANCING',
          reference: lot.ticket,
          memo: `${i.symbol} ${kind === 'ROLLED' ? 'roll' : 'financing'} for ${businessDate}`,
          mayMoveNothing: true,
          legs: rounded.isZero()
            ? []
            : [
                { accountId: lot.accountId, asset: lot.quoteCurrency, amount: rounded.toString() },
                { accountId: house, asset: lot.quoteCurrency, amount: rounded.neg().toString() },
              ],
          record: recordOf(chargeRecord, { tradeId: lot.id, kind, businessDate, amount: figure, details }),
        });
        charged.push(lot);
      }
      const outcomes = await ledger.bookMany(tx, bookings);
      for (const [n, o] of outcomes.entries()) {
        if (o.ok) result.settled++;
        else
          result.failures.push({
            tradeId: charged[n]!.id,
            ticket: charged[n]!.ticket,
            error: o.error instanceof Error ? o.error.message : String(o.error),
          });
      }
      return result;
    });
  }

  async function chargeAll(
    kind: 'ROLLED' | 'FINANCED',
    businessDate: string,
    marks: Marks,
    opts: { signal?: AbortSignal; batch?: number },
  ) {
    const total: SettleResult = { settled: 0, failures: [] };
    const memo = { instruments: new Map<number, TInstrument>(), markups: new Map<number, string>() };
    // Batches walk the lots in id order from where the last one ended: each lot is read once
    // per run (a failed one is left behind, not read again), however many there are.
    let after = 0;
    for (;;) {
      opts.signal?.throwIfAborted();
      const r = await batch(kind, businessDate, marks, opts.batch ?? 200, after, memo);
      total.settled += r.settled;
      total.failures.push(...r.failures);
      if (r.last === null) return total;
      after = r.last;
    }
  }

  return {
    /** Rolls every margin FX lot open at the end of `businessDate` (once). */
    roll: (businessDate: string, marks: Marks, opts: { signal?: AbortSignal; batch?: number } = {}) =>
      chargeAll('ROLLED', businessDate, marks, opts),
    /** Finances every CFD lot open at the end of `businessDate` (once). */
    finance: (businessDate: string, marks: Marks, opts: { signal?: AbortSignal; batch?: number } = {}) =>
      chargeAll('FINANCED', businessDate, marks, opts),
  };
}

/**
 * The open lots of a kind traded by the date and not yet charged for it, after lot `after`,
 * locked, in id order.
 */
function dueLots(tx: Tx, kind: 'ROLLED' | 'FINANCED', businessDate: string, limit: number, after: number) {
  return tx
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.type, kind === 'ROLLED' ? 'MARGIN_FX' : 'CFD'),
        sql`${trades.openAmount} <> 0 and ${trades.tradeDate} <= ${businessDate}`,
        sql`${trades.id} > ${after}`,
        sql`not exists (select 1 from ${tradeEvents} e where e.trade_id = ${trades.id} and e.kind = ${kind}
                          and e.business_date = ${businessDate})`,
      ),
    )
    .orderBy(asc(trades.id))
    .limit(limit)
    .for('update');
}
