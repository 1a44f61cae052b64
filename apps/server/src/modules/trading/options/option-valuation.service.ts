import type { TOptionPnl, TOptionValuation } from '@clearway/contracts/endpoints/options.schemas';
import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { Money } from '../../../platform/money';
import { entityBelow } from '../../entities/entity-sql';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import type { SheetRate } from '../../instruments/rates.service';
import type { LedgerService } from '../../ledger/ledger.service';
import { accountNameOf } from '../../ledger/ledger-sql';
import { type Marks, marksOf } from '../marks';
import { fxOptions, tradeEvents, trades } from '../trading.tables';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';
import { LIVE_OPTION_STATUSES } from './option-lifecycle';

/** Digits a price per unit and a delta are shown with. */
const UNIT_DECIMALS = 10;
const pct = (fraction: number | null) =>
  fraction === null ? null : new Money(fraction.toPrecision(15)).times(100).toString();
const figure = (x: number, decimals: number) =>
  new Money(x.toPrecision(17)).toDecimalPlaces(decimals).toString();

export type Scope = 'own' | 'below';

/**
 * FX options valued now: Garman–Kohlhagen (domestic = quote) at the sheet's mid, the pair's
 * volatility interpolated for the time to the expiry date, and the two currencies' interest
 * rates. A barrier option is valued as its vanilla, flagged. What the valuation lacks is named:
 * no volatility values it at its forward intrinsic value, a missing interest rate counts as 0.
 */
export function createOptionValuation(deps: {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
}) {
  const { db, ledger, instruments } = deps;

  async function rowsIn(where: SQL) {
    return db
      .select({ t: trades, o: fxOptions, accountName: accountNameOf(trades.accountId) })
      .from(fxOptions)
      .innerJoin(trades, eq(trades.id, fxOptions.tradeId))
      .where(and(where, notInArray(trades.status, ['CANCELLED', 'REVERSED'])))
      .orderBy(asc(trades.id));
  }

  /** The spot recorded at exercise (the EXERCISED event), for the realised P&L. */
  async function exerciseSpots(ids: number[]) {
    if (!ids.length) return new Map<number, string | null>();
    const rows = await db
      .select({ id: tradeEvents.tradeId, details: tradeEvents.details })
      .from(tradeEvents)
      .where(and(inArray(tradeEvents.tradeId, ids), eq(tradeEvents.kind, 'EXERCISED')));
    return new Map(rows.map((r) => [r.id, (r.details.spot as string | null) ?? null]));
  }

  /** Values the options `where` selects, at `marks` and today's date. */
  async function value(where: SQL, marks: Marks, today = new Date().toISOString().slice(0, 10)) {
    const rows = await rowsIn(where);
    if (!rows.length) return [];
    const market = await instruments.optionMarket.snapshot();
    const spots = await exerciseSpots(rows.filter((r) => r.t.status === 'EXERCISED').map((r) => r.t.id));
    const out: TOptionValuation[] = [];
    for (const { t, o, accountName } of rows) {
      const base = t.baseCurrency!;
      const quote = t.quoteCurrency;
      const quoteScale = await ledger.scaleOf(quote);
      const sign = t.side === 'BUY' ? 1 : -1;
      const missing: string[] = [];
      const spot = marks.fx(base, quote);
      if (!spot) missing.push(`rate ${base}/${quote}`);
      const years = yearsBetween(today, o.expiryDate);
      const live = LIVE_OPTION_STATUSES.includes(t.status);
      const vol = market.volatility(base, quote, Math.max(years, 1 / 365));
      const rd = market.rate(quote);
      const rf = market.rate(base);
      if (live) {
        if (vol === null) missing.push(`volatility ${base}/${quote}`);
        if (rd === null) missing.push(`interest rate ${quote}`);
        if (rf === null) missing.push(`interest rate ${base}`);
      }
      const gk =
        live && spot
          ? garmanKohlhagen({
              kind: o.optionType as 'CALL' | 'PUT',
              spot: spot.toNumber(),
              strike: Number(t.rate),
              years,
              domesticRate: rd ?? 0,
              foreignRate: rf ?? 0,
              volatility: vol ?? 0,
            })
          : null;
      const notional = new Money(t.amount);
      // The premium as it moved the client, and in the quote currency (a base premium at the mark).
      const premium = new Money(o.premium).times(-sign);
      const premiumInQuote = o.premiumCurrency === quote ? premium : spot ? premium.times(spot) : null;
      const marketValue = gk
        ? new Money(figure(gk.price, 17)).times(notional).times(sign).toDecimalPlaces(quoteScale)
        : null;
      let realised: Money | null = null;
      if (t.status === 'EXERCISED') {
        const at = spots.get(t.id) ?? spot?.toString() ?? null;
        const intrinsic = at
          ? new Money(at)
              .minus(t.rate)
              .times(o.optionType === 'CALL' ? 1 : -1)
              .times(notional)
              .times(sign)
          : null;
        realised = intrinsic && premiumInQuote ? intrinsic.plus(premiumInQuote) : null;
      } else if (t.status === 'EXPIRED') realised = premiumInQuote;
      else if (t.status === 'KNOCKED_OUT') {
        const rebate = o.rebate === null ? new Money(0) : new Money(o.rebate).times(sign);
        const rebateInQuote = o.rebateCurrency === base && spot ? rebate.times(spot) : rebate;
        realised = premiumInQuote ? premiumInQuote.plus(rebateInQuote) : null;
      }
      const unrealised = live && marketValue && premiumInQuote ? marketValue.plus(premiumInQuote) : null;
      const premiumScale = await ledger.scaleOf(o.premiumCurrency);
      out.push({
        tradeId: t.id,
        ticket: t.ticket,
        accountId: t.accountId,
        accountName: accountName ?? `#${t.accountId}`,
        entityId: t.entityId,
        symbol: t.symbol,
        base,
        quote,
        side: t.side,
        optionType: o.optionType as 'CALL' | 'PUT',
        status: t.status,
        notional: notional.toFixed(await ledger.scaleOf(base)),
        strike: new Money(t.rate).toString(),
        expiryDate: o.expiryDate,
        spot: spot?.toString() ?? null,
        volatilityPct: live ? pct(vol) : null,
        domesticRatePct: live ? pct(rd) : null,
        foreignRatePct: live ? pct(rf) : null,
        years: figure(years, UNIT_DECIMALS),
        price: gk ? figure(gk.price, UNIT_DECIMALS) : null,
        delta: gk ? figure(gk.delta * sign, UNIT_DECIMALS) : null,
        marketValue: marketValue?.toFixed(quoteScale) ?? null,
        premium: premium.toFixed(premiumScale),
        premiumCurrency: o.premiumCurrency,
        unrealisedPnl: unrealised?.toFixed(quoteScale) ?? null,
        realisedPnl: realised?.toFixed(quoteScale) ?? null,
        valuedAsVanilla: o.barrierKind !== null,
        missing,
      });
    }
    return out;
  }

  const scopeOf = (entityId: number, scope: Scope) =>
    scope === 'own' ? eq(trades.entityId, entityId) : entityBelow(trades.entityId, entityId);

  return {
    value,
    /** account/fx-option/profitLoss: the entity's options (or one account's), valued now. */
    async profitLoss(entityId: number, accountId?: number): Promise<TOptionPnl> {
      const marks = marksOf(instruments.rates, await instruments.rates.sheet());
      const where = and(
        scopeOf(entityId, 'own'),
        accountId === undefined ? undefined : eq(trades.accountId, accountId),
      )!;
      const options = await value(where, marks);
      const totals = new Map<string, { marketValue: Money; unrealisedPnl: Money; realisedPnl: Money }>();
      for (const v of options) {
        const tot = totals.get(v.quote) ?? {
          marketValue: new Money(0),
          unrealisedPnl: new Money(0),
          realisedPnl: new Money(0),
        };
        if (v.marketValue) tot.marketValue = tot.marketValue.plus(v.marketValue);
        if (v.unrealisedPnl) tot.unrealisedPnl = tot.unrealisedPnl.plus(v.unrealisedPnl);
        if (v.realisedPnl) tot.realisedPnl = tot.realisedPnl.plus(v.realisedPnl);
        totals.set(v.quote, tot);
      }
      const list = [];
      for (const [currency, f] of [...totals.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        const scale = await ledger.scaleOf(currency);
        list.push({
          currency,
          marketValue: f.marketValue.toFixed(scale),
          unrealisedPnl: f.unrealisedPnl.toFixed(scale),
          realisedPnl: f.realisedPnl.toFixed(scale),
        });
      }
      return { entityId, asOf: new Date().toISOString(), options, totals: list };
    },

    /**
     * The live options' market value in `base` (own accounts, or those below), for equity: the
     * premium has already moved the balance, so equity counts what the option is worth now.
     */
    async marketValueIn(entityId: number, scope: Scope, base: string, sheet: SheetRate[]) {
      const marks = marksOf(instruments.rates, sheet);
      const live = await value(
        and(scopeOf(entityId, scope), inArray(trades.status, LIVE_OPTION_STATUSES))!,
        marks,
      );
      const baseScale = await ledger.scaleOf(base);
      const missingRates = new Set<string>();
      let amount = new Money(0);
      for (const v of live) {
        if (v.marketValue === null) continue;
        const rate = marks.fx(v.quote, base);
        if (rate) amount = amount.plus(new Money(v.marketValue).times(rate).toFixed(baseScale));
        else missingRates.add(v.quote);
      }
      return { amount, missingRates: [...missingRates], options: live };
    },
  };
}
export type OptionValuation = ReturnType<typeof createOptionValuation>;
