import { Money } from '../../platform/money';
import { fxTradeDate, type IsoDate, isWeekend, plusDays, weekdayName } from '../instruments/iso-dates';
import { refuseTerms } from './trade-terms';

/** QUOTE_TTL_SECONDS and TRADE_BACKDATE_BUSINESS_DAYS, as configured. */
export type DeskLimits = { quoteTtlSeconds: number; backdateBusinessDays: number };

/** What a booking says of itself that the desk's rules judge. */
export type Asked = { staff: boolean; reason?: string | undefined; offMarket?: boolean | undefined };

// The desk's rules on dates and prices (pure but for the clock): who may book which trade
// date and value date, and how far a typed price may stand from the market. Each refusal is a
// 422 naming the field and the limit.

/** The FX trading day (Monday to Friday) `n` trading days before `date`. */
export function tradingDaysBefore(date: IsoDate, n: number): IsoDate {
  let d = date;
  for (let left = n; left > 0; ) {
    d = plusDays(d, -1);
    if (!isWeekend(d)) left--;
  }
  return d;
}

/**
 * The trade date: today's FX trade date unless given; never at a weekend, never after today.
 * A client trades today only; staff may back-date up to the window's trading days, with a reason.
 */
export function judgeTradeDate(given: IsoDate | undefined, who: Asked, limits: DeskLimits): IsoDate {
  const today = fxTradeDate();
  const date = given ?? today;
  if (isWeekend(date))
    throw refuseTerms('tradeDate', `${date} is a ${weekdayName(date)}: FX does not trade at weekends`);
  if (date > today) throw refuseTerms('tradeDate', `must not be after today's trade date ${today}`);
  if (date === today) return date;
  if (!who.staff)
    throw refuseTerms(
      'tradeDate',
      `must be today's trade date ${today}: only the house's staff back-date a trade`,
    );
  const earliest = tradingDaysBefore(today, limits.backdateBusinessDays);
  if (date < earliest)
    throw refuseTerms(
      'tradeDate',
      `must not be before ${earliest}: staff back-date at most ${limits.backdateBusinessDays} business days`,
    );
  if (!who.reason) throw refuseTerms('reason', 'Say why the trade is back-dated');
  return date;
}

/**
 * A value date (or an option's expiry, or a swap's far date) against the desk's limits: a
 * client's never before the trade date's spot; nobody's before today unless staff's with a
 * reason (the next end of day then settles it); nobody's further than the instrument's
 * maximum tenor from the trade date.
 */
export function judgeValueDate(
  d: { date: IsoDate; tradeDate: IsoDate; spotDate: IsoDate | null; maxTenorDays: number; field: string },
  who: Asked,
) {
  const furthest = plusDays(d.tradeDate, d.maxTenorDays);
  if (d.date > furthest)
    throw refuseTerms(d.field, `must not be after ${furthest}: the longest tenor is ${d.maxTenorDays} days`);
  if (!who.staff && d.spotDate !== null && d.date < d.spotDate)
    throw refuseTerms(d.field, `must not be before the spot date ${d.spotDate}`);
  const today = fxTradeDate();
  if (d.date < today) {
    if (!who.staff) throw refuseTerms(d.field, `must not be before today ${today}`);
    if (!who.reason) throw refuseTerms('reason', `Say why ${d.field} ${d.date} is in the past`);
  }
}

/** How far a price stands from the market, in percent (4 decimals). */
export const deviationPct = (price: Money | string, market: Money | string): Money => {
  const m = new Money(market);
  if (m.isZero()) return new Money(new Money(price).isZero() ? 0 : 100);
  return new Money(price).minus(m).abs().div(m).times(100).toDecimalPlaces(4);
};

/**
 * A typed price against the market: within the tolerance it books; beyond it only staff's
 * `offMarket` booking with a reason goes on — as a request under four eyes ('offMarket').
 * @throws 422 naming the field, the market and the tolerance
 */
export function judgePrice(
  p: { price: Money; market: Money; tolerancePct: string; field: string; what: string },
  who: Asked,
): 'within' | 'offMarket' {
  const off = deviationPct(p.price, p.market);
  if (off.lte(p.tolerancePct)) return 'within';
  const message = `${p.price} is ${off}% off the ${p.what} ${p.market}, beyond the ${new Money(p.tolerancePct)}% tolerance`;
  if (!who.staff) throw refuseTerms(p.field, message);
  if (!who.offMarket)
    throw refuseTerms(
      p.field,
      `${message}: book it off-market (offMarket, with a reason) for another staff member to approve`,
    );
  if (!who.reason) throw refuseTerms('reason', 'Say why the trade is booked off-market');
  return 'offMarket';
}
