import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TMarginLine, TOptionValuation } from '@clearway/contracts/endpoints/options.schemas';
import type { InstrumentKind } from '@clearway/contracts/enums';
import { Money } from '../../../platform/money';
import type { InstrumentsModule } from '../../instruments/instruments.module';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Marks } from '../marks';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';
import type { MarginChange } from './margin.service';

type Deps = { ledger: LedgerService; instruments: InstrumentsModule };
/** An open position: its net quantity (contracts for a CFD, base units for FX). */
export type Position = { accountId: number; instrument: TInstrument; quantity: string };
export type LinesInput = {
  positions: Position[];
  shortOptions: TOptionValuation[];
  /** The margin rates (fractions) that hold for the entity. */
  rates: Record<InstrumentKind, Money>;
  marks: Marks;
  base: string;
  /** The average price of each open position's lots, by `keyOf` (for those nothing marks). */
  dealt: Map<string, Money>;
  change?: (MarginChange & { instrument?: TInstrument }) | undefined;
};
export type Lines = { lines: TMarginLine[]; initial: string; missing: string[]; unvalued: string | null };

/** A position's key: its account and instrument. */
export const keyOf = (accountId: number, instrumentId: number) => `${accountId}:${instrumentId}`;

/** What a position is marked at now: its CFD price or its pair's mid (null: nothing marks it). */
export const markOf = (marks: Marks, i: TInstrument) =>
  i.kind === 'CFD' ? marks.cfd(i.id) : i.kind === 'FX' ? marks.fx(i.base, i.quote) : null;

/**
 * The margin lines of an entity's positions (netted with the change's, when one is given) and
 * short options (and the change's sold option), in `base`, at `rates`: each exposure at its
 * mark — an unmarked position at its dealt price (the change's own price, else `dealt`, its
 * lots' average), a short option whose delta the market cannot give at its full notional —
 * converted to `base` at the sheet's mids (through the quote currency when the base currency
 * has no rate). `unvalued` names the change's exposure when it cannot be valued in `base`.
 */
export async function linesOf(deps: Deps, input: LinesInput): Promise<Lines> {
  const { ledger, instruments } = deps;
  const { positions, shortOptions, rates, marks, base, dealt, change } = input;
  const baseScale = await ledger.scaleOf(base);
  const missing = new Set<string>();
  const lines: TMarginLine[] = [];
  let unvalued: string | null = null;
  const toBase = (amount: Money, currency: string) => {
    const rate = marks.fx(currency, base);
    return rate ? amount.times(rate) : null;
  };
  /** An exposure in the first currency of `tries` a rate converts, else 0 and missing (unvalued: the change's). */
  const valued = (what: string, mine: boolean, ...tries: [Money | null, string][]) => {
    for (const [amount, currency] of tries) {
      const inBase = amount && toBase(amount, currency);
      if (inBase) return inBase;
    }
    for (const [, currency] of tries) missing.add(currency);
    if (mine) unvalued ??= what;
    return new Money(0);
  };
  const line = (
    kind: InstrumentKind,
    l: Omit<TMarginLine, 'instrumentClass' | 'ratePct' | 'requirement' | 'exposure'>,
    exposure: Money,
  ) => {
    const exposureBase = new Money(exposure.toFixed(baseScale));
    lines.push({
      ...l,
      instrumentClass: kind,
      exposure: exposureBase.toFixed(baseScale),
      ratePct: rates[kind].times(100).toString(),
      requirement: exposureBase.times(rates[kind]).toFixed(baseScale),
    });
  };
  const net = new Map(
    positions.map((p) => [keyOf(p.accountId, p.instrument.id), { ...p, quantity: new Money(p.quantity) }]),
  );
  const changeKey =
    change && change.kind !== 'FX_OPTION' ? keyOf(change.accountId, change.instrumentId) : null;
  if (change && change.kind !== 'FX_OPTION') {
    const now = net.get(changeKey!) ?? {
      accountId: change.accountId,
      instrument: change.instrument ?? (await instruments.catalog.get(change.instrumentId)),
      quantity: new Money(0),
    };
    net.set(changeKey!, { ...now, quantity: now.quantity.plus(change.signedAmount) });
  }
  for (const [key, p] of net) {
    const i = p.instrument;
    if (p.quantity.isZero()) continue;
    const common = {
      accountId: p.accountId,
      instrumentId: i.id,
      symbol: i.symbol,
      tradeId: null,
      quantity: p.quantity.toString(),
    };
    const mine = key === changeKey;
    const mark = markOf(marks, i);
    if (!mark) missing.add(i.symbol);
    // Unmarked: at the price the booking deals at, else its lots' average price (see above).
    const price =
      mark ??
      (mine && change?.kind !== 'FX_OPTION' && change?.price ? new Money(change.price) : null) ??
      dealt.get(key) ??
      null;
    const size = i.kind === 'CFD' ? new Money(i.contractSize) : new Money(1);
    const inQuote = price ? p.quantity.abs().times(size).times(price) : null;
    if (i.kind === 'FX')
      line('FX', common, valued(i.symbol, mine, [p.quantity.abs(), i.base], [inQuote, i.quote]));
    else if (i.kind === 'CFD') line('CFD', common, valued(i.symbol, mine, [inQuote, i.quote]));
  }
  const optionExposure = (
    o: {
      base: string;
      quote: string;
      notional: string;
      delta: string | null;
      spot: Money | null;
      strike: string;
    },
    mine: boolean,
  ) => {
    // A delta the market cannot give counts at the full notional.
    const notional = new Money(o.delta ?? 1).abs().times(o.notional);
    return valued(
      `${o.base}/${o.quote}`,
      mine,
      [notional, o.base],
      [notional.times(o.spot ?? o.strike), o.quote],
    );
  };
  for (const o of shortOptions) {
    const known = o.delta !== null && o.volatilityPct !== null;
    if (!known) missing.add(`delta of ${o.ticket}`);
    const quantity = new Money(o.notional).neg().toString();
    line(
      'FX_OPTION',
      { accountId: o.accountId, instrumentId: 0, symbol: o.symbol, tradeId: o.tradeId, quantity },
      optionExposure(
        { ...o, delta: known ? o.delta : null, spot: o.spot === null ? null : new Money(o.spot) },
        false,
      ),
    );
  }
  if (change?.kind === 'FX_OPTION' && change.side === 'SELL') {
    const market = await instruments.optionMarket.snapshot();
    const spot = marks.fx(change.base, change.quote);
    const years = yearsBetween(new Date().toISOString().slice(0, 10), change.expiryDate);
    const volatility = market.volatility(change.base, change.quote, Math.max(years, 1 / 365));
    const delta =
      spot && volatility !== null
        ? garmanKohlhagen({
            kind: change.optionType,
            spot: spot.toNumber(),
            strike: Number(change.strike),
            years,
            domesticRate: market.rate(change.quote) ?? 0,
            foreignRate: market.rate(change.base) ?? 0,
            volatility,
          }).delta.toPrecision(15)
        : null;
    line(
      'FX_OPTION',
      {
        accountId: change.accountId,
        instrumentId: change.instrumentId,
        symbol: `${change.base}/${change.quote}`,
        tradeId: null,
        quantity: new Money(change.notional).neg().toString(),
      },
      optionExposure({ ...change, delta, spot }, true),
    );
  }
  const initial = lines.reduce((s, l) => s.plus(l.requirement), new Money(0));
  return { lines, initial: initial.toFixed(baseScale), missing: [...missing], unvalued };
}
