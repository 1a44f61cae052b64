import type { TForwardRate, TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import type { FxTenor } from '@clearway/contracts/enums';
import { FX_TENORS } from '@clearway/contracts/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import { type Db, type DbOrTx, inIds } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { UsersService } from '../users/users.service';
import { type CurvePoint, forwardPoints, midOf, NoForward, outright } from './forward-points';
import { type InstrumentRow, toInstrument } from './instruments.repo';
import { fxSwapPoints, instruments } from './instruments.tables';
import { daysBetween, fxTradeDate, type IsoDate } from './iso-dates';
import type { RatesService, SheetRate } from './rates.service';
import type { HolidayBook } from './value-dates';
import type { ValueDatesService } from './value-dates.service';

type Who = { principal: Principal; entityId: number };
type PointsRow = typeof fxSwapPoints.$inferSelect;
export type PointsInput = { tenor: FxTenor; bid: string; ask: string };

const fig = (v: string | Money) => new Money(v).toString();
const tenorOrder = (t: FxTenor) => FX_TENORS.indexOf(t);
const noForward = (message: string) => new AppError('BadRequest', 422, message, { valueDate: message });

/**
 * FX swap points per pair and tenor (set by staff, audited), the curves the /fx-swaps screen
 * shows, and the forward for any value date that bookings price with.
 */
export function createSwapPointsService(
  db: Db,
  deps: { users: UsersService; rates: RatesService; valueDates: ValueDatesService },
) {
  const { users, rates, valueDates } = deps;

  /** The FX pair instrument of these currencies. @throws NotFound when there is none */
  async function pairOf(tx: DbOrTx, base: string, quote: string): Promise<InstrumentRow> {
    const [row] = await tx
      .select()
      .from(instruments)
      .where(
        and(
          eq(instruments.kind, 'FX'),
          eq(instruments.baseCurrency, base),
          eq(instruments.quoteCurrency, quote),
        ),
      );
    if (!row) throw notFound(`${base}/${quote} is not an FX pair instrument`);
    return row;
  }

  async function pointsOf(tx: DbOrTx, instrumentIds: number[]): Promise<PointsRow[]> {
    if (!instrumentIds.length) return [];
    return tx.select().from(fxSwapPoints).where(inIds(fxSwapPoints.instrumentId, instrumentIds));
  }

  const curvePoints = (
    points: PointsRow[],
    tenors: { tenor: FxTenor; startDate: string; valueDate: string }[],
  ): CurvePoint[] =>
    tenors.flatMap((t) => {
      const p = points.find((x) => x.tenor === t.tenor);
      return p ? [{ ...t, bid: p.bid, ask: p.ask }] : [];
    });

  /** A pair's curve on a holiday book and a sheet already read. */
  function curveOf(
    pair: InstrumentRow,
    points: PointsRow[],
    book: HolidayBook,
    sheet: SheetRate[],
    tradeDate: IsoDate,
  ): TSwapCurve {
    const fx = toInstrument(pair);
    if (fx.kind !== 'FX') throw new Error(`${pair.symbol} is not an FX pair`);
    const { spotDate, tenors } = valueDates.curveDates(book, fx, fx.spotLag, tradeDate);
    const spot = rates.quoteFrom(sheet, fx.base, fx.quote);
    const byTenor = new Map(points.map((p) => [p.tenor, p]));
    const known = curvePoints(points, tenors);
    const curve = tenors
      .filter((t) => byTenor.has(t.tenor))
      .sort((a, b) => tenorOrder(a.tenor) - tenorOrder(b.tenor))
      .map((t) => {
        const p = byTenor.get(t.tenor)!;
        const pts = { bid: new Money(p.bid), ask: new Money(p.ask) };
        // The outright for the tenor's value date (ON and TN end before or at spot: spot less the points to spot).
        let out: string | null = null;
        if (spot) {
          try {
            out = outright(spot, forwardPoints(known, spotDate, t.valueDate), fx.pipSize).mid;
          } catch (err) {
            if (!(err instanceof NoForward)) throw err;
          }
        }
        return {
          tenor: t.tenor,
          startDate: t.startDate,
          valueDate: t.valueDate,
          daysFromSpot: daysBetween(spotDate, t.valueDate),
          bid: fig(pts.bid),
          ask: fig(pts.ask),
          mid: midOf(pts),
          outright: out,
        };
      });
    const asOf = points.reduce<Date | null>(
      (latest, p) => (!latest || p.asOf > latest ? p.asOf : latest),
      null,
    );
    return {
      instrumentId: fx.id,
      symbol: fx.symbol,
      base: fx.base,
      quote: fx.quote,
      pipSize: fx.pipSize,
      pricePrecision: fx.pricePrecision,
      tradeDate,
      spotDate,
      spot: spot ? { bid: spot.bid, ask: spot.ask, mid: spot.mid, asOf: spot.asOf.toISOString() } : null,
      asOf: asOf?.toISOString() ?? null,
      points: curve,
    };
  }

  /** The curves of the enabled FX pairs that have points (a few statements, whatever the count). */
  async function curves(
    f: { base?: string; quote?: string; tradeDate?: IsoDate } = {},
  ): Promise<TSwapCurve[]> {
    const tradeDate = f.tradeDate ?? fxTradeDate();
    const pairs = await db
      .select()
      .from(instruments)
      .where(
        and(
          eq(instruments.kind, 'FX'),
          eq(instruments.enabled, true),
          f.base ? eq(instruments.baseCurrency, f.base) : undefined,
          f.quote ? eq(instruments.quoteCurrency, f.quote) : undefined,
          sql`exists (select 1 from ${fxSwapPoints} p where p.instrument_id = ${instruments.id})`,
        ),
      )
      .orderBy(asc(instruments.symbol));
    if (!pairs.length) return [];
    const [points, sheet, book] = await Promise.all([
      pointsOf(
        db,
        pairs.map((p) => p.id),
      ),
      rates.sheet(),
      valueDates.curveBook(
        pairs.map((p) => ({ base: p.baseCurrency!, quote: p.quoteCurrency })),
        tradeDate,
      ),
    ]);
    return pairs.map((p) =>
      curveOf(
        p,
        points.filter((x) => x.instrumentId === p.id),
        book,
        sheet,
        tradeDate,
      ),
    );
  }

  async function write(tx: DbOrTx, pair: InstrumentRow, points: PointsInput[], setBy: string) {
    const asOf = new Date();
    for (const p of points)
      await tx
        .insert(fxSwapPoints)
        .values({ instrumentId: pair.id, tenor: p.tenor, bid: p.bid, ask: p.ask, asOf, setBy })
        .onConflictDoUpdate({
          target: [fxSwapPoints.instrumentId, fxSwapPoints.tenor],
          set: { bid: p.bid, ask: p.ask, asOf, setBy },
        });
  }

  return {
    curves,

    /** The points (pips, bid and ask) of one tenor for each of these pairs that has them. */
    async tenorPoints(
      instrumentIds: number[],
      tenor: FxTenor,
    ): Promise<Map<number, { bid: string; ask: string }>> {
      const rows = (await pointsOf(db, instrumentIds)).filter((p) => p.tenor === tenor);
      return new Map(rows.map((p) => [p.instrumentId, { bid: fig(p.bid), ask: fig(p.ask) }]));
    },

    /** Loads points without an audit row (demo data, tests). */
    async load(base: string, quote: string, points: PointsInput[], setBy = 'system') {
      await db.transaction(async (tx) => write(tx, await pairOf(tx, base, quote), points, setBy));
    },

    /**
     * Staff set points of a pair for the tenors given (others keep theirs); audited with the
     * points they replaced.
     * @throws NotFound when the currencies are not an FX pair instrument
     */
    async set(who: Who, i: { base: string; quote: string; points: PointsInput[] }): Promise<TSwapCurve> {
      const by = await users.displayName(who.principal);
      const pair = await db.transaction(async (tx) => {
        const pair = await pairOf(tx, i.base, i.quote);
        const before = await pointsOf(tx, [pair.id]);
        await write(tx, pair, i.points, by);
        await recordAudit(tx, who, {
          action: 'swap-points.set',
          outcome: 'success',
          target: pair.symbol,
          details: {
            points: i.points.map((p) => {
              const was = before.find((b) => b.tenor === p.tenor);
              return { ...p, from: was ? { bid: fig(was.bid), ask: fig(was.ask) } : null };
            }),
          },
        });
        return pair;
      });
      const [curve] = await curves({ base: i.base, quote: i.quote });
      if (!curve) throw notFound(`${pair.symbol} has no swap points`);
      return curve;
    },

    /**
     * The forward of a pair for any value date: the sheet's spot plus the points interpolated
     * on the pair's curve (see forward-points.ts for the convention).
     * @throws NotFound for a pair without an instrument; 422 for a value date that is not a
     *   business day (naming the next one), before the trade date, outside the curve, or a
     *   pair without a rate or points
     */
    async forward(i: {
      base: string;
      quote: string;
      valueDate: IsoDate;
      tradeDate?: IsoDate;
    }): Promise<TForwardRate> {
      const tradeDate = i.tradeDate ?? fxTradeDate();
      const pair = await pairOf(db, i.base, i.quote);
      const fx = toInstrument(pair);
      if (fx.kind !== 'FX') throw new Error('unreachable');
      await valueDates.validate(fx, i.valueDate, { notBefore: tradeDate });
      const [points, spot, book] = await Promise.all([
        pointsOf(db, [pair.id]),
        rates.quote(fx.base, fx.quote),
        valueDates.curveBook([fx], tradeDate),
      ]);
      if (!points.length) throw noForward(`${fx.symbol} has no swap points`);
      const { spotDate, tenors } = valueDates.curveDates(book, fx, fx.spotLag, tradeDate);
      let pts: { bid: Money; ask: Money };
      try {
        pts = forwardPoints(curvePoints(points, tenors), spotDate, i.valueDate);
      } catch (err) {
        if (err instanceof NoForward) throw noForward(err.message);
        throw err;
      }
      const asOf = points.map((p) => p.asOf).sort((a, b) => b.getTime() - a.getTime())[0]!;
      return {
        base: fx.base,
        quote: fx.quote,
        tradeDate,
        spotDate,
        valueDate: i.valueDate,
        daysFromSpot: daysBetween(spotDate, i.valueDate),
        pipSize: fx.pipSize,
        spot: { bid: spot.bid, ask: spot.ask, mid: spot.mid, asOf: spot.asOf.toISOString() },
        points: { bid: fig(pts.bid), ask: fig(pts.ask), mid: midOf(pts) },
        pointsAsOf: asOf.toISOString(),
        outright: outright(spot, pts, fx.pipSize),
      };
    },
  };
}
export type SwapPointsService = ReturnType<typeof createSwapPointsService>;
