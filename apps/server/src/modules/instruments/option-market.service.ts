import type {
  TMarginRate,
  TOptionMarket,
  TSetInterestRate,
  TSetMarginRate,
  TSetVolatilities,
} from '@clearway/contracts/endpoints/market.schemas';
import type { FxTenor, InstrumentKind } from '@clearway/contracts/enums';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { Money } from '../../platform/money';
import type { Principal } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import { entityNameOf } from '../entities/entity-sql';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import { fxVolatilities, interestRates, marginRates } from './instruments.tables';

type Who = { principal: Principal; entityId: number };

/** A tenor's length in years (act/365; months as twelfths of a year). */
export const TENOR_YEARS: Record<FxTenor, number> = {
  ON: 1 / 365,
  TN: 2 / 365,
  SN: 3 / 365,
  '1W': 7 / 365,
  '2W': 14 / 365,
  '1M': 1 / 12,
  '2M': 2 / 12,
  '3M': 3 / 12,
  '6M': 6 / 12,
  '9M': 9 / 12,
  '1Y': 1,
};

/**
 * The margin rates that hold until staff set a default (per cent of the exposure): FX at
 * 30:1 leverage, CFDs at 10:1, short options on 10 % of their delta-adjusted notional.
 */
export const BUILT_IN_MARGIN_PCT: Record<InstrumentKind, string> = { FX: '3.33', CFD: '10', FX_OPTION: '10' };

/**
 * A volatility for `years` from a pair's tenors: linear in total variance (σ²·T) between the
 * tenors around it, flat beyond the first and the last. Null when the pair has none.
 */
export function interpolateVolatility(
  points: { years: number; vol: number }[],
  years: number,
): number | null {
  if (!points.length) return null;
  const sorted = [...points].sort((a, b) => a.years - b.years);
  if (years <= sorted[0]!.years) return sorted[0]!.vol;
  const last = sorted.at(-1)!;
  if (years >= last.years) return last.vol;
  const hi = sorted.findIndex((p) => p.years >= years);
  const [a, b] = [sorted[hi - 1]!, sorted[hi]!];
  const w = (years - a.years) / (b.years - a.years);
  const variance = a.vol * a.vol * a.years + w * (b.vol * b.vol * b.years - a.vol * a.vol * a.years);
  return Math.sqrt(variance / years);
}

/**
 * What options are valued with beside the rate sheet — volatilities per pair and tenor, an
 * interest rate per currency — and the margin rates per instrument class (a default with
 * overrides per entity). Changed by instrument_management, audited.
 */
export function createOptionMarketService(deps: {
  db: Db;
  users: UsersService;
  referenceData: ReferenceDataService;
  entities: EntitiesService;
}) {
  const { db, users } = deps;
  const fig = (v: string) => new Money(v).toString();

  async function market(): Promise<TOptionMarket> {
    const vols = await db
      .select()
      .from(fxVolatilities)
      .orderBy(asc(fxVolatilities.base), asc(fxVolatilities.quote));
    const rates = await db.select().from(interestRates).orderBy(asc(interestRates.currency));
    const order = (t: FxTenor) => TENOR_YEARS[t];
    return {
      volatilities: vols
        .sort(
          (a, b) =>
            a.base.localeCompare(b.base) || a.quote.localeCompare(b.quote) || order(a.tenor) - order(b.tenor),
        )
        .map((v) => ({ ...v, volatilityPct: fig(v.volatilityPct), asOf: v.asOf.toISOString() })),
      interestRates: rates.map((r) => ({ ...r, ratePct: fig(r.ratePct), asOf: r.asOf.toISOString() })),
    };
  }

  /** The market an option valuation reads, in one go: volatility by pair and years, rate by currency (fractions). */
  async function snapshot() {
    const m = await market();
    const byPair = new Map<string, { years: number; vol: number }[]>();
    for (const v of m.volatilities) {
      const key = `${v.base}/${v.quote}`;
      byPair.set(key, [
        ...(byPair.get(key) ?? []),
        { years: TENOR_YEARS[v.tenor], vol: Number(v.volatilityPct) / 100 },
      ]);
    }
    const rates = new Map(m.interestRates.map((r) => [r.currency, Number(r.ratePct) / 100]));
    return {
      volatility: (base: string, quote: string, years: number) =>
        interpolateVolatility(byPair.get(`${base}/${quote}`) ?? [], years),
      rate: (currency: string) => rates.get(currency) ?? null,
    };
  }

  async function marginList(): Promise<TMarginRate[]> {
    const rows = await db
      .select({ r: marginRates, name: entityNameOf(marginRates.entityId) })
      .from(marginRates)
      .orderBy(asc(marginRates.instrumentClass), sql`${marginRates.entityId} nulls first`);
    return rows.map(({ r, name }) => ({
      instrumentClass: r.instrumentClass,
      entityId: r.entityId,
      entityName: r.entityId === null ? null : name,
      ratePct: fig(r.ratePct),
      setBy: r.setBy,
      asOf: r.asOf.toISOString(),
    }));
  }

  return {
    market,
    snapshot,

    /** Staff set a pair's volatilities for some tenors (audited). */
    async setVolatilities(who: Who, i: TSetVolatilities): Promise<TOptionMarket> {
      const by = await users.displayName(who.principal);
      await db.transaction(async (tx) => {
        for (const p of i.points)
          await tx
            .insert(fxVolatilities)
            .values({
              base: i.base,
              quote: i.quote,
              tenor: p.tenor,
              volatilityPct: p.volatilityPct,
              setBy: by,
            })
            .onConflictDoUpdate({
              target: [fxVolatilities.base, fxVolatilities.quote, fxVolatilities.tenor],
              set: { volatilityPct: p.volatilityPct, setBy: by, asOf: new Date() },
            });
        await recordAudit(tx, who, {
          action: 'option-market.volatilities',
          outcome: 'success',
          target: `${i.base}/${i.quote}`,
          details: { points: i.points },
        });
      });
      return market();
    },

    /** Staff set a currency's interest rate (audited). */
    async setInterestRate(who: Who, i: TSetInterestRate): Promise<TOptionMarket> {
      const by = await users.displayName(who.principal);
      await db.transaction(async (tx) => {
        await tx
          .insert(interestRates)
          .values({ currency: i.currency, ratePct: i.ratePct, setBy: by })
          .onConflictDoUpdate({
            target: interestRates.currency,
            set: { ratePct: i.ratePct, setBy: by, asOf: new Date() },
          });
        await recordAudit(tx, who, {
          action: 'option-market.interest-rate',
          outcome: 'success',
          target: i.currency,
          details: { ratePct: i.ratePct },
        });
      });
      return market();
    },

    marginRates: marginList,

    /** Staff set a default margin rate (no owner), or an entity's override (removed when no rate is given). Audited. */
    async setMarginRate(
      who: Who,
      i: Omit<TSetMarginRate, 'ratePct'> & { ratePct?: string; forEntityId?: number },
    ): Promise<TMarginRate[]> {
      const by = await users.displayName(who.principal);
      const owner = i.forEntityId ?? null;
      await db.transaction(async (tx) => {
        const match = and(
          eq(marginRates.instrumentClass, i.instrumentClass),
          owner === null ? isNull(marginRates.entityId) : eq(marginRates.entityId, owner),
        );
        await tx.delete(marginRates).where(match);
        if (i.ratePct !== undefined)
          await tx
            .insert(marginRates)
            .values({ instrumentClass: i.instrumentClass, entityId: owner, ratePct: i.ratePct, setBy: by });
        await recordAudit(tx, who, {
          action: 'margin-rates.set',
          outcome: 'success',
          target: `${i.instrumentClass}${owner === null ? '' : `@${owner}`}`,
          details: { ratePct: i.ratePct ?? null, forEntityId: owner },
        });
      });
      return marginList();
    },

    /**
     * The margin rates (fractions) that hold for an entity: per class, the override on the
     * nearest of it and its ancestors, else the default, else the built-in rate.
     */
    async marginRatesFor(entityId: number): Promise<Record<InstrumentKind, Money>> {
      const chain = (await deps.entities.ancestry(entityId)).map((e) => e.id);
      const rows = await db.select().from(marginRates);
      const out = {} as Record<InstrumentKind, Money>;
      for (const kind of Object.keys(BUILT_IN_MARGIN_PCT) as InstrumentKind[]) {
        const mine = rows.filter((r) => r.instrumentClass === kind);
        const nearest = [...chain]
          .reverse()
          .map((id) => mine.find((r) => r.entityId === id))
          .find(Boolean);
        const pct =
          nearest?.ratePct ?? mine.find((r) => r.entityId === null)?.ratePct ?? BUILT_IN_MARGIN_PCT[kind];
        out[kind] = new Money(pct).div(100);
      }
      return out;
    },
  };
}
export type OptionMarketService = ReturnType<typeof createOptionMarketService>;
