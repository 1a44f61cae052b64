import type { TCfd, TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import type { OptionType, TradeSide } from '@clearway/contracts/enums';
import { AppError } from '../../platform/errors';
import { Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { garmanKohlhagen, yearsBetween } from './options/garman-kohlhagen';

/** A market's two sides and its middle. */
export type TwoWay = { bid: Money; mid: Money; ask: Money };

const noPrice = (field: string, message: string) =>
  new AppError('BadRequest', 422, message, { [field]: message });

/**
 * The house's prices: the market a booking is judged against (the sheet's spot or forward,
 * a CFD's price, an option's model value) and the price a client is quoted — the market's
 * side the client deals on, widened by its conversion profile's spread, rounded against the
 * client at the instrument's precision.
 */
export function createHousePrices(deps: { instruments: InstrumentsModule; entities: EntitiesService }) {
  const { instruments } = deps;

  /**
   * The sheet's spot, or the forward outright for a later value date. A quote (`strict`) is
   * never a forward at spot: without the pair's points it is refused; staff's typed forward
   * is judged against spot then (the tolerance covers the points).
   * @throws 422 when the sheet has no rate, or (strict) the pair no points for the date
   */
  async function fx(
    pair: TFxPair,
    d: { tradeDate: string; valueDate: string; spotDate: string; strict?: boolean },
  ): Promise<TwoWay> {
    if (d.valueDate > d.spotDate) {
      const fwd = instruments.swapPoints.forward({
        base: pair.base,
        quote: pair.quote,
        valueDate: d.valueDate,
        tradeDate: d.tradeDate,
      });
      if (d.strict) return twoWay((await fwd).outright);
      const found = await fwd.catch(() => null);
      if (found) return twoWay(found.outright);
    }
    return twoWay(await instruments.rates.quote(pair.base, pair.quote));
  }

  /** A CFD's latest price. @throws 422 when none is recorded */
  async function cfd(instrument: TCfd): Promise<TwoWay> {
    const found = (await instruments.cfdPrices.latest()).find((p) => p.instrumentId === instrument.id);
    if (!found) throw noPrice('instrumentId', `${instrument.symbol} has no price: it cannot be priced now`);
    return twoWay(found);
  }

  /**
   * An option's model premium (Garman–Kohlhagen on the sheet's mid, the volatility surface
   * and the interest rates) for `notional`, in the premium currency, unrounded.
   * @throws 422 naming what the model lacks
   */
  async function optionPremium(
    pair: TFxPair,
    o: {
      optionType: OptionType;
      strike: string;
      notional: string;
      expiryDate: string;
      premiumCurrency: string;
    },
  ): Promise<Money> {
    const [spot, market] = await Promise.all([
      instruments.rates.quote(pair.base, pair.quote),
      instruments.optionMarket.snapshot(),
    ]);
    // Time to expiry as the valuation counts it (option-valuation.service.ts), so a premium booked at
    // the model is worth what it cost the moment it is booked.
    const years = yearsBetween(new Date().toISOString().slice(0, 10), o.expiryDate);
    const vol = market.volatility(pair.base, pair.quote, Math.max(years, 1 / 365));
    if (vol === null)
      throw noPrice('instrumentId', `${pair.symbol} has no volatility: options cannot be priced now`);
    const perUnit = garmanKohlhagen({
      kind: o.optionType,
      spot: Number(spot.mid),
      strike: Number(o.strike),
      years,
      domesticRate: market.rate(pair.quote) ?? 0,
      foreignRate: market.rate(pair.base) ?? 0,
      volatility: vol,
    }).price;
    const inQuote = new Money(perUnit.toPrecision(15)).times(o.notional);
    return o.premiumCurrency === pair.quote ? inQuote : inQuote.div(spot.mid);
  }

  /**
   * The spread a client deals at, in basis points: the widest conversion profile of the entity
   * and every entity above it (0 without any) — so a sub-entity created without a profile, or
   * with a narrower one, never deals inside its parent's spread.
   */
  async function spreadBps(entityId: number): Promise<Money> {
    const line = await deps.entities.ancestry(entityId);
    const spreads = await Promise.all(
      line.map(async (e) => new Money((await deps.entities.tradingTerms(e.id)).conversionSpreadBps)),
    );
    return Money.max(0, ...spreads);
  }

  return { fx, cfd, optionPremium, spreadBps };
}
export type HousePrices = ReturnType<typeof createHousePrices>;

const twoWay = (q: { bid: string; mid: string; ask: string }): TwoWay => ({
  bid: new Money(q.bid),
  mid: new Money(q.mid),
  ask: new Money(q.ask),
});

/**
 * The rate a client deals at: a buyer of the base pays the ask plus the spread, a seller
 * receives the bid less it — rounded against the client at `precision` decimals.
 */
export function clientRate(side: TradeSide, market: TwoWay, spreadBps: Money, precision: number): Money {
  const spread = spreadBps.div(10_000);
  return side === 'BUY'
    ? new Money(market.ask.times(spread.plus(1)).toFixed(precision, Money.ROUND_UP))
    : new Money(market.bid.times(new Money(1).minus(spread)).toFixed(precision, Money.ROUND_DOWN));
}

/**
 * An option premium a client deals at: a buyer pays the model's value plus the spread, a
 * seller receives it less the spread — rounded against the client at the currency's scale.
 */
export function clientPremium(side: TradeSide, model: Money, spreadBps: Money, scale: number): Money {
  const spread = spreadBps.div(10_000);
  return side === 'BUY'
    ? new Money(model.times(spread.plus(1)).toFixed(scale, Money.ROUND_UP))
    : new Money(model.times(new Money(1).minus(spread)).toFixed(scale, Money.ROUND_DOWN));
}
