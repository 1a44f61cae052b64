import type { TTrade, TTradeEvent, TTradeLeg } from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeEventKind } from '@clearway/contracts/enums';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inIds } from '../../platform/db';
import { formatAmount, Money } from '../../platform/money';
import { entityNameOf } from '../entities/entity-sql';
import { accountNameOf } from '../ledger/ledger-sql';
import { scaleOfAsset } from '../reference-data/reference-data.service';
import { optionTermsOf } from './options/option-terms';
import { fxOptions, lotClosures, tradeEvents, tradeLegs, trades } from './trading.tables';

export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
export type LegRow = typeof tradeLegs.$inferSelect;
export type NewLeg = typeof tradeLegs.$inferInsert;
export type NewEvent = {
  tradeId: number;
  kind: TradeEventKind;
  by: string;
  businessDate?: string | null;
  reason?: string | null;
  transactionId?: number | null;
  details?: Record<string, unknown>;
};

/** A figure at a currency's scale, or exact when there is no currency (a CFD's contracts). */
const at = (v: string, scale: number | null) =>
  scale === null ? new Money(v).toString() : formatAmount(v, scale);

/** The columns a trade is shown with: its own, the names and the scales of its currencies. */
const shown = {
  t: trades,
  entityName: entityNameOf(trades.entityId),
  accountName: accountNameOf(trades.accountId),
  baseScale: scaleOfAsset(trades.baseCurrency),
  quoteScale: scaleOfAsset(trades.quoteCurrency),
};
export type OptionRow = typeof fxOptions.$inferSelect;
export type Shown = {
  t: TradeRow;
  /** An option's terms (FX_OPTION trades). */
  o?: OptionRow | null;
  entityName: string;
  /** Never null for a trade (its account is a foreign key); null only to the lookup's type. */
  accountName: string | null;
  baseScale: number | null;
  quoteScale: number;
};

export function toTrade(r: Shown): TTrade {
  const { t } = r;
  return {
    id: t.id,
    ticket: t.ticket,
    type: t.type,
    status: t.status,
    side: t.side,
    entityId: t.entityId,
    entityName: r.entityName,
    accountId: t.accountId,
    accountName: r.accountName ?? `#${t.accountId}`,
    instrumentId: t.instrumentId,
    symbol: t.symbol,
    base: t.baseCurrency,
    quote: t.quoteCurrency,
    amount: at(t.amount, r.baseScale),
    rate: new Money(t.rate).toString(),
    counterAmount: formatAmount(t.counterAmount, r.quoteScale),
    tradeDate: t.tradeDate,
    valueDate: t.valueDate,
    settlement: (t.settlement as TTrade['settlement']) ?? null,
    openAmount: t.openAmount === null ? null : at(t.openAmount, r.baseScale),
    realisedPnl: t.realisedPnl === null ? null : formatAmount(t.realisedPnl, r.quoteScale),
    reference: t.reference,
    memo: t.memo,
    bookedBy: t.bookedBy,
    bookedAt: t.bookedAt.toISOString(),
    ...(r.o ? { option: optionTermsOf(r.o, t, r.baseScale ?? 0, r.quoteScale) } : {}),
  };
}

/** Trades as shown, filtered, in order, one page (a list) or all (by id). */
export async function selectTrades(
  db: DbOrTx,
  where: SQL | undefined,
  opts: { order?: SQL[]; limit?: number; offset?: number } = {},
): Promise<TTrade[]> {
  let q = db
    .select({ ...shown, o: fxOptions })
    .from(trades)
    .leftJoin(fxOptions, eq(fxOptions.tradeId, trades.id))
    .where(where)
    .orderBy(...(opts.order ?? [asc(trades.id)]))
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
  return (await q).map(toTrade);
}

export async function countTrades(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(trades).where(where);
  return row?.n ?? 0;
}

export const tradesById = (db: DbOrTx, ids: number[]) => selectTrades(db, inIds(trades.id, ids));

/** One trade's row, locked against a concurrent cancel, close or settlement. */
export async function lockTrade(tx: DbOrTx, id: number): Promise<TradeRow | null> {
  const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
  return row ?? null;
}

export async function insertTrades(tx: DbOrTx, values: NewTrade[]): Promise<TradeRow[]> {
  return values.length ? tx.insert(trades).values(values).returning() : [];
}

export async function insertTrade(tx: DbOrTx, values: NewTrade): Promise<TradeRow> {
  const [row] = await tx.insert(trades).values(values).returning();
  return row!;
}

export async function updateTrade(tx: DbOrTx, id: number, values: Partial<NewTrade>): Promise<void> {
  await tx.update(trades).set(values).where(eq(trades.id, id));
}

export async function insertLegs(tx: DbOrTx, legs: NewLeg[]): Promise<LegRow[]> {
  return legs.length ? tx.insert(tradeLegs).values(legs).returning() : [];
}

export async function updateLeg(tx: DbOrTx, tradeId: number, leg: string, values: Partial<NewLeg>) {
  await tx
    .update(tradeLegs)
    .set(values)
    .where(sql`${tradeLegs.tradeId} = ${tradeId} and ${tradeLegs.leg} = ${leg}`);
}

export async function legRowsOf(db: DbOrTx, tradeIds: number[], lock = false): Promise<LegRow[]> {
  if (!tradeIds.length) return [];
  const q = db
    .select()
    .from(tradeLegs)
    .where(inIds(tradeLegs.tradeId, tradeIds))
    .orderBy(asc(tradeLegs.valueDate));
  return lock ? q.for('update') : q;
}

export async function appendEvents(tx: DbOrTx, events: NewEvent[]) {
  if (!events.length) return [];
  return tx
    .insert(tradeEvents)
    .values(
      events.map((e) => ({
        tradeId: e.tradeId,
        kind: e.kind,
        by: e.by,
        businessDate: e.businessDate ?? null,
        reason: e.reason ?? null,
        transactionId: e.transactionId ?? null,
        details: e.details ?? {},
      })),
    )
    .returning();
}

/** A leg as shown: amounts at their currencies' scales. */
export const toLeg = (l: LegRow, payScale: number, receiveScale: number): TTradeLeg => ({
  leg: l.leg as TTradeLeg['leg'],
  side: l.side,
  valueDate: l.valueDate,
  rate: new Money(l.rate).toString(),
  payAsset: l.payAsset,
  payAmount: formatAmount(l.payAmount, payScale),
  receiveAsset: l.receiveAsset,
  receiveAmount: formatAmount(l.receiveAmount, receiveScale),
  status: l.status,
  holdId: l.holdId,
  transactionId: l.transactionId,
  settledOn: l.settledOn,
});

export const toEvent = (e: typeof tradeEvents.$inferSelect): TTradeEvent => ({
  id: e.id,
  kind: e.kind,
  businessDate: e.businessDate,
  at: e.at.toISOString(),
  by: e.by,
  reason: e.reason,
  transactionId: e.transactionId,
  details: e.details,
});

/** The legs of trades, as shown (amounts at their currencies' scales). */
export async function legsOf(db: DbOrTx, tradeIds: number[]): Promise<Map<number, TTradeLeg[]>> {
  if (!tradeIds.length) return new Map();
  const rows = await db
    .select({
      l: tradeLegs,
      payScale: scaleOfAsset(tradeLegs.payAsset),
      receiveScale: scaleOfAsset(tradeLegs.receiveAsset),
    })
    .from(tradeLegs)
    .where(inIds(tradeLegs.tradeId, tradeIds))
    .orderBy(asc(tradeLegs.tradeId), asc(tradeLegs.valueDate), asc(tradeLegs.leg));
  const by = new Map<number, TTradeLeg[]>();
  for (const { l, payScale, receiveScale } of rows) {
    const list = by.get(l.tradeId) ?? [];
    list.push(toLeg(l, payScale, receiveScale));
    by.set(l.tradeId, list);
  }
  return by;
}

/** The events of trades, oldest first. */
export async function eventsOf(db: DbOrTx, tradeIds: number[]): Promise<Map<number, TTradeEvent[]>> {
  if (!tradeIds.length) return new Map();
  const rows = await db
    .select()
    .from(tradeEvents)
    .where(inIds(tradeEvents.tradeId, tradeIds))
    .orderBy(asc(tradeEvents.tradeId), asc(tradeEvents.id));
  const by = new Map<number, TTradeEvent[]>();
  for (const e of rows) {
    const list = by.get(e.tradeId) ?? [];
    list.push(toEvent(e));
    by.set(e.tradeId, list);
  }
  return by;
}

/** Serialises every booking and cancel on one position (account and instrument) until commit. */
export async function lockPosition(tx: DbOrTx, accountId: number, instrumentId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${accountId}::int, ${instrumentId}::int)`);
}

/** A position's open lots, oldest first, locked. */
export async function openLots(tx: DbOrTx, accountId: number, instrumentId: number) {
  return tx
    .select({ id: trades.id, open: trades.openAmount, rate: trades.rate })
    .from(trades)
    .where(
      and(
        eq(trades.accountId, accountId),
        eq(trades.instrumentId, instrumentId),
        sql`${trades.openAmount} <> 0`,
      ),
    )
    .orderBy(asc(trades.id))
    .for('update');
}

export async function insertClosures(tx: DbOrTx, rows: (typeof lotClosures.$inferInsert)[]) {
  if (rows.length) await tx.insert(lotClosures).values(rows);
}

export const closuresBy = (tx: DbOrTx, closingTradeId: number) =>
  tx.select().from(lotClosures).where(eq(lotClosures.closingTradeId, closingTradeId));

/** A live trade of the position (same account, instrument and kind) booked after `trade`, if any. */
export async function laterLive(
  tx: DbOrTx,
  trade: { id: number; accountId: number; instrumentId: number | null; type: TradeRow['type'] },
) {
  const [row] = await tx
    .select({ id: trades.id, ticket: trades.ticket })
    .from(trades)
    .where(
      and(
        eq(trades.accountId, trade.accountId),
        eq(trades.instrumentId, trade.instrumentId!),
        eq(trades.type, trade.type),
        sql`${trades.id} > ${trade.id} and ${trades.status} not in ('CANCELLED', 'REVERSED')`,
      ),
    )
    .orderBy(asc(trades.id))
    .limit(1);
  return row ?? null;
}

/** The ledger transaction a trade's booking posted, if it posted one. */
export async function bookedTransaction(tx: DbOrTx, tradeId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: tradeEvents.transactionId })
    .from(tradeEvents)
    .where(and(eq(tradeEvents.tradeId, tradeId), eq(tradeEvents.kind, 'BOOKED')));
  return row?.id ?? null;
}
