import type { TQuote, TRate, TRateChange } from '@clearway/contracts/endpoints/instruments.schemas';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import { fxRateHistory, fxRates, instruments } from './instruments.tables';

type Who = { principal: Principal; entityId: number };
type RateRow = typeof fxRates.$inferSelect;
/** A rate of the sheet as other modules read it: mid (`rate`), bid and ask, exact, and its time. */
export type SheetRate = { base: string; quote: string; rate: string; bid: string; ask: string; asOf: Date };
export type RateInput = { base: string; quote: string; rate: string; bid?: string; ask?: string };
/** A quote between two assets, straight from the sheet, inverted, or crossed through USD. */
export type PairQuote = TQuote & { asOf: Date; via: 'direct' | 'inverse' | 'cross' };

/** A rate sheet shows a pair's recent changes; older ones stay in the stored history. */
export const RATE_HISTORY_LIMIT = 50;
/** Pairs without a direct rate are crossed through USD. */
const PIVOT = 'USD';

const fig = (v: string | Money) => new Money(v).toString();
const toSheet = (r: RateRow): SheetRate => ({
  base: r.base,
  quote: r.quote,
  rate: fig(r.rate),
  bid: fig(r.bid),
  ask: fig(r.ask),
  asOf: r.asOf,
});
/** Price decimals of the catalogue's FX pairs, by `BASE/QUOTE`. */
type Precisions = ReadonlyMap<string, number>;
const toRate = (r: SheetRate, precisions: Precisions): TRate => ({
  ...r,
  asOf: r.asOf.toISOString(),
  pricePrecision: precisions.get(`${r.base}/${r.quote}`) ?? null,
});

/**
 * The rate sheet: bid, mid and ask per pair with their time, every change kept in the
 * history. It values balances in a base currency, marks positions and prices trades.
 */
export function createRatesService(db: Db, users: UsersService, referenceData: ReferenceDataService) {
  /**
   * Writes a rate and appends it to the history. A mid alone keeps the pair's spread around
   * the new mid (a new pair starts with none).
   */
  async function write(tx: DbOrTx, i: RateInput, setBy: string, before?: RateRow): Promise<SheetRate> {
    const mid = new Money(i.rate);
    let bid = i.bid === undefined ? undefined : new Money(i.bid);
    let ask = i.ask === undefined ? undefined : new Money(i.ask);
    if (!bid || !ask) {
      const below = before ? new Money(before.rate).minus(before.bid) : new Money(0);
      const above = before ? new Money(before.ask).minus(before.rate) : new Money(0);
      // A spread wider than the new mid would leave a bid at or below zero: start again without one.
      const keep = below.lt(mid);
      bid = keep ? mid.minus(below) : mid;
      ask = keep ? mid.plus(above) : mid;
    }
    const asOf = new Date();
    const values = {
      base: i.base,
      quote: i.quote,
      rate: mid.toString(),
      bid: bid.toString(),
      ask: ask.toString(),
      asOf,
    };
    const [row] = await tx
      .insert(fxRates)
      .values(values)
      .onConflictDoUpdate({
        target: [fxRates.base, fxRates.quote],
        set: { rate: values.rate, bid: values.bid, ask: values.ask, asOf },
      })
      .returning();
    await tx.insert(fxRateHistory).values({ ...values, setBy });
    return toSheet(row!);
  }

  /** What the screen reads a sheet rate at: its FX pair's price decimals (one pair, or all). */
  async function precisionsOf(tx: DbOrTx, pair?: { base: string; quote: string }): Promise<Precisions> {
    const rows = await tx
      .select({
        base: instruments.baseCurrency,
        quote: instruments.quoteCurrency,
        p: instruments.pricePrecision,
      })
      .from(instruments)
      .where(
        and(
          eq(instruments.kind, 'FX'),
          pair ? eq(instruments.baseCurrency, pair.base) : undefined,
          pair ? eq(instruments.quoteCurrency, pair.quote) : undefined,
        ),
      );
    return new Map(rows.map((r) => [`${r.base}/${r.quote}`, r.p]));
  }

  async function sheet(): Promise<SheetRate[]> {
    return (await db.select().from(fxRates).orderBy(asc(fxRates.base), asc(fxRates.quote))).map(toSheet);
  }

  /** `from`/`to` from a sheet: direct, inverted (bid and ask swap), or crossed through USD. */
  function quoteFrom(rates: SheetRate[], from: string, to: string): PairQuote | null {
    const one = (a: string, b: string): PairQuote | null => {
      const direct = rates.find((r) => r.base === a && r.quote === b);
      if (direct)
        return { bid: direct.bid, ask: direct.ask, mid: direct.rate, asOf: direct.asOf, via: 'direct' };
      const inv = rates.find((r) => r.base === b && r.quote === a);
      if (!inv) return null;
      const one = new Money(1);
      return {
        bid: fig(one.div(inv.ask)),
        ask: fig(one.div(inv.bid)),
        mid: fig(one.div(inv.rate)),
        asOf: inv.asOf,
        via: 'inverse',
      };
    };
    const straight = one(from, to);
    if (straight || from === PIVOT || to === PIVOT) return straight;
    const leg1 = one(from, PIVOT);
    const leg2 = one(PIVOT, to);
    if (!leg1 || !leg2) return null;
    const times = (a: string, b: string) => fig(new Money(a).times(b));
    return {
      bid: times(leg1.bid, leg2.bid),
      ask: times(leg1.ask, leg2.ask),
      mid: times(leg1.mid, leg2.mid),
      // A crossed rate is as old as its older leg.
      asOf: [leg1.asOf, leg2.asOf].sort((a, b) => a.getTime() - b.getTime())[0]!,
      via: 'cross',
    };
  }

  return {
    /** The sheet, every pair, ordered by pair. */
    sheet,
    async rates(): Promise<TRate[]> {
      const [rows, precisions] = await Promise.all([sheet(), precisionsOf(db)]);
      return rows.map((r) => toRate(r, precisions));
    },

    /** Loads a rate without an audit row (demo data, tests); the history records `setBy`. */
    async load(i: RateInput, setBy = 'system'): Promise<TRate> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(fxRates)
          .where(and(eq(fxRates.base, i.base), eq(fxRates.quote, i.quote)))
          .for('update');
        return toRate(await write(tx, i, setBy, before), await precisionsOf(tx, i));
      });
    },

    /**
     * Staff set a rate: both assets must exist; audited with the mid it replaced.
     * @throws BadRequest naming an unknown asset
     */
    async set(who: Who, i: RateInput): Promise<TRate> {
      const known = new Set((await referenceData.listCurrencies()).map((c) => c.code));
      for (const field of ['base', 'quote'] as const)
        if (!known.has(i[field]))
          throw badRequest(`${field}: ${i[field]} is not a known currency or asset`, {
            [field]: 'unknown asset',
          });
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(fxRates)
          .where(and(eq(fxRates.base, i.base), eq(fxRates.quote, i.quote)))
          .for('update');
        const rate = await write(tx, i, by, before);
        await recordAudit(tx, who, {
          action: 'rates.set',
          outcome: 'success',
          target: `${i.base}/${i.quote}`,
          details: { from: before ? fig(before.rate) : null, to: rate.rate, bid: rate.bid, ask: rate.ask },
        });
        return toRate(rate, await precisionsOf(tx, i));
      });
    },

    /** A pair's mid changes, newest first, each with the mid it replaced and who set it. */
    async history(base: string, quote: string): Promise<TRateChange[]> {
      const rows = await db
        .select()
        .from(fxRateHistory)
        .where(and(eq(fxRateHistory.base, base), eq(fxRateHistory.quote, quote)))
        .orderBy(desc(fxRateHistory.asOf), desc(fxRateHistory.id))
        // One more than shown: the oldest shown change's previous mid.
        .limit(RATE_HISTORY_LIMIT + 1);
      return rows.slice(0, RATE_HISTORY_LIMIT).map((r, i) => ({
        rate: fig(r.rate),
        previous: rows[i + 1] ? fig(rows[i + 1]!.rate) : null,
        by: r.setBy,
        at: r.asOf.toISOString(),
      }));
    },

    /** The sheet as it stood at `at` (end-of-day marks): each pair's last rate set by then. */
    async sheetAt(at: Date): Promise<SheetRate[]> {
      const rows = await db
        .selectDistinctOn([fxRateHistory.base, fxRateHistory.quote])
        .from(fxRateHistory)
        .where(lte(fxRateHistory.asOf, at))
        .orderBy(fxRateHistory.base, fxRateHistory.quote, desc(fxRateHistory.asOf), desc(fxRateHistory.id));
      return rows.map((r) => ({
        base: r.base,
        quote: r.quote,
        rate: fig(r.rate),
        bid: fig(r.bid),
        ask: fig(r.ask),
        asOf: r.asOf,
      }));
    },

    /** `from`/`to` from a sheet already read (see `quote`); null when no rate connects them. */
    quoteFrom,

    /**
     * What 1 `from` is worth in `to` now: bid, ask and mid, from the pair, its inverse, or
     * crossed through USD. One asset against itself is 1.
     * @throws AppError 422 when the sheet has no rate that connects them
     */
    async quote(from: string, to: string): Promise<PairQuote> {
      if (from === to) return { bid: '1', ask: '1', mid: '1', asOf: new Date(0), via: 'direct' };
      const q = quoteFrom(await sheet(), from, to);
      if (!q)
        throw new AppError('BadRequest', 422, `The rate sheet has no rate for ${from}/${to}`, {
          rate: `no rate for ${from}/${to}`,
        });
      return q;
    },
  };
}
export type RatesService = ReturnType<typeof createRatesService>;
