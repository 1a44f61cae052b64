import type { TInstrument, ZInstrumentList } from '@clearway/contracts/endpoints/instruments.schemas';
import type { OptionStyle } from '@clearway/contracts/enums';
import { DEFAULT_MAX_TENOR_DAYS, DEFAULT_PRICE_TOLERANCE_PCT } from '@clearway/contracts/trading-limits';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, inIds } from '../../platform/db';
import { Money } from '../../platform/money';
import { entityInstrumentListItems, entityInstrumentLists, instruments } from './instruments.tables';

export type InstrumentRow = typeof instruments.$inferSelect;
export type NewInstrumentRow = typeof instruments.$inferInsert;
type ListFilter = z.output<typeof ZInstrumentList>;

/** A NUMERIC as the contracts write figures: exact, without trailing zeros. */
const fig = (v: string | null) => new Money(v ?? '0').toString();

/** A row as the contract's instrument of its kind. */
export function toInstrument(r: InstrumentRow): TInstrument {
  const common = {
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    enabled: r.enabled,
    quote: r.quoteCurrency,
    pricePrecision: r.pricePrecision,
    priceTolerancePct:
      r.priceTolerancePct === null ? DEFAULT_PRICE_TOLERANCE_PCT[r.kind] : fig(r.priceTolerancePct),
    maxTenorDays: r.maxTenorDays ?? DEFAULT_MAX_TENOR_DAYS,
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: r.updatedBy,
  };
  switch (r.kind) {
    case 'FX':
      return { ...common, kind: 'FX', base: r.baseCurrency!, pipSize: fig(r.pipSize), spotLag: r.spotLag! };
    case 'CFD':
      return {
        ...common,
        kind: 'CFD',
        underlying: r.underlying!,
        contractSize: fig(r.contractSize),
        financingRateLong: fig(r.financingRateLong),
        financingRateShort: fig(r.financingRateShort),
        settlementLag: r.settlementLag!,
      };
    case 'FX_OPTION':
      return {
        ...common,
        kind: 'FX_OPTION',
        base: r.baseCurrency!,
        pairId: r.pairId!,
        styles: (r.styles ?? []) as OptionStyle[],
      };
  }
}

export async function findInstrument(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(instruments).where(eq(instruments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findFxPair(db: DbOrTx, base: string, quote: string) {
  const [row] = await db
    .select()
    .from(instruments)
    .where(
      and(
        eq(instruments.kind, 'FX'),
        eq(instruments.baseCurrency, base),
        eq(instruments.quoteCurrency, quote),
      ),
    );
  return row;
}

export async function insertInstrument(db: DbOrTx, values: NewInstrumentRow) {
  const [row] = await db.insert(instruments).values(values).returning();
  return row!;
}

export async function updateInstrument(db: DbOrTx, id: number, values: Partial<NewInstrumentRow>) {
  const [row] = await db
    .update(instruments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(instruments.id, id))
    .returning();
  return row!;
}

const SORTS = {
  symbol: instruments.symbol,
  kind: instruments.kind,
  name: instruments.name,
  updatedAt: instruments.updatedAt,
} as const;

function whereOf(f: ListFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.kind) conds.push(eq(instruments.kind, f.kind));
  if (f.enabled !== undefined) conds.push(eq(instruments.enabled, f.enabled));
  if (f.currency)
    conds.push(or(eq(instruments.baseCurrency, f.currency), eq(instruments.quoteCurrency, f.currency))!);
  if (f.search) {
    const needle = `%${f.search.replace(/[%_\\]/g, '\\$&')}%`;
    conds.push(
      or(
        ilike(instruments.symbol, needle),
        ilike(instruments.name, needle),
        ilike(instruments.underlying, needle),
      )!,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** One page of instruments and how many match (two statements, whatever the page). */
export async function listInstruments(db: DbOrTx, f: ListFilter) {
  const where = whereOf(f);
  const order = f.direction === 'desc' ? desc(SORTS[f.sort]) : asc(SORTS[f.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(instruments)
      .where(where)
      .orderBy(order, asc(instruments.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(instruments).where(where),
  ]);
  return { items: rows.map(toInstrument), total: total?.n ?? 0 };
}

export async function allInstruments(db: DbOrTx, where?: SQL) {
  return db.select().from(instruments).where(where).orderBy(asc(instruments.symbol));
}

/** How many instruments use each currency (as base or quote). */
export async function instrumentsPerCurrency(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.execute<{ code: string; n: number }>(sql`
    select code, count(*)::int as n from (
      select base_currency as code from ${instruments} where base_currency is not null
      union all select quote_currency from ${instruments}
    ) c group by code`);
  return new Map(rows.rows.map((r) => [r.code, r.n]));
}

/** The allow-lists of these entities: entity id → instrument ids (entities without one are absent). */
export async function allowListsOf(db: DbOrTx, entityIds: readonly number[]): Promise<Map<number, number[]>> {
  if (!entityIds.length) return new Map();
  const rows = await db
    .select({
      entityId: entityInstrumentLists.entityId,
      instrumentId: entityInstrumentListItems.instrumentId,
    })
    .from(entityInstrumentLists)
    .leftJoin(
      entityInstrumentListItems,
      eq(entityInstrumentListItems.entityId, entityInstrumentLists.entityId),
    )
    .where(inIds(entityInstrumentLists.entityId, entityIds));
  const lists = new Map<number, number[]>();
  for (const r of rows) {
    const list = lists.get(r.entityId) ?? [];
    if (r.instrumentId !== null) list.push(r.instrumentId);
    lists.set(r.entityId, list);
  }
  return lists;
}

/** Replaces an entity's allow-list (null: removes it). */
export async function replaceAllowList(db: DbOrTx, entityId: number, ids: number[] | null, by: string) {
  await db.delete(entityInstrumentLists).where(eq(entityInstrumentLists.entityId, entityId));
  if (ids === null) return;
  await db.insert(entityInstrumentLists).values({ entityId, updatedBy: by });
  if (ids.length)
    await db
      .insert(entityInstrumentListItems)
      .values(ids.map((instrumentId) => ({ entityId, instrumentId })));
}
