import type { FxTenor } from '@clearway/contracts/enums';
import { type IsoDate, isWeekend, lastOfMonth, monthOf, plusDays, plusMonths } from './iso-dates';

/**
 * Value-date arithmetic on settlement calendars (pure: the holidays come in a HolidayBook).
 * A business day of a set of calendars is a weekday that is a holiday in none of them.
 */

/** The holidays of some calendars over a window of dates. */
export type HolidayBook = {
  /** The holiday's name when `day` is a holiday of `calendar`, else undefined. */
  holiday(calendar: string, day: IsoDate): string | undefined;
};

export const USD = 'USD';
/** No run of holidays lasts a year: a roll that finds no business day within it is an error. */
const MAX_ROLL_DAYS = 366;

export type Pair = { base: string; quote: string };

export function isBusinessDay(book: HolidayBook, calendars: readonly string[], d: IsoDate): boolean {
  return !isWeekend(d) && calendars.every((c) => book.holiday(c, d) === undefined);
}

/** The first business day strictly after `d`. */
export function nextBusinessDay(book: HolidayBook, calendars: readonly string[], d: IsoDate): IsoDate {
  for (let i = 1; i <= MAX_ROLL_DAYS; i++) {
    const next = plusDays(d, i);
    if (isBusinessDay(book, calendars, next)) return next;
  }
  throw new Error(`No business day of ${calendars.join('+')} within a year after ${d}`);
}

function previousBusinessDay(book: HolidayBook, calendars: readonly string[], d: IsoDate): IsoDate {
  for (let i = 1; i <= MAX_ROLL_DAYS; i++) {
    const prev = plusDays(d, -i);
    if (isBusinessDay(book, calendars, prev)) return prev;
  }
  throw new Error(`No business day of ${calendars.join('+')} within a year before ${d}`);
}

/** `d` if it is a business day, else the next one. */
export const following = (book: HolidayBook, calendars: readonly string[], d: IsoDate): IsoDate =>
  isBusinessDay(book, calendars, d) ? d : nextBusinessDay(book, calendars, d);

const preceding = (book: HolidayBook, calendars: readonly string[], d: IsoDate): IsoDate =>
  isBusinessDay(book, calendars, d) ? d : previousBusinessDay(book, calendars, d);

/** Following, unless that leaves the month: then the business day before. */
export function modifiedFollowing(book: HolidayBook, calendars: readonly string[], d: IsoDate): IsoDate {
  const next = following(book, calendars, d);
  return monthOf(next) === monthOf(d) ? next : preceding(book, calendars, d);
}

/** Pairs that settle one business day after the trade (the market's T+1 pairs). */
const T_PLUS_ONE = new Set(['CAD', 'TRY', 'RUB', 'PHP']);

/** The market's spot lag: T+1 for USD against CAD, TRY, RUB or PHP; T+2 otherwise. */
export function defaultSpotLag(p: Pair): number {
  const other = p.base === USD ? p.quote : p.quote === USD ? p.base : null;
  return other !== null && T_PLUS_ONE.has(other) ? 1 : 2;
}

/** A value date must be a business day of both currencies and of USD (where FX settles). */
export const settlementCalendars = (p: Pair): string[] => [...new Set([p.base, p.quote, USD])];

/**
 * Spot: `lag` business days after the trade date, counted on the calendars of the pair's
 * non-USD currencies only — a USD holiday in between does not delay spot — then moved
 * forward to the first day that is a business day of both currencies and of USD.
 */
export function spotDate(book: HolidayBook, p: Pair, tradeDate: IsoDate, lag: number): IsoDate {
  const counting = [p.base, p.quote].filter((c) => c !== USD);
  let d = tradeDate;
  for (let i = 0; i < lag; i++) d = nextBusinessDay(book, counting, d);
  return following(book, settlementCalendars(p), d);
}

/** Settlement `lag` business days after the trade date on `calendars` (T+0: the trade date, rolled forward). */
export function businessDaysAfter(
  book: HolidayBook,
  calendars: readonly string[],
  tradeDate: IsoDate,
  lag: number,
): IsoDate {
  let d = following(book, calendars, tradeDate);
  for (let i = 0; i < lag; i++) d = nextBusinessDay(book, calendars, d);
  return d;
}

/** The holidays passed over after `from`, up to and including `to`. */
export function holidaysBetween(
  book: HolidayBook,
  calendars: readonly string[],
  from: IsoDate,
  to: IsoDate,
): { date: IsoDate; calendar: string; name: string }[] {
  const out = [];
  for (let d = plusDays(from, 1); d <= to; d = plusDays(d, 1)) {
    if (isWeekend(d)) continue;
    for (const calendar of calendars) {
      const name = book.holiday(calendar, d);
      if (name !== undefined) out.push({ date: d, calendar, name });
    }
  }
  return out;
}

export type TenorDates = { tenor: FxTenor; startDate: IsoDate; valueDate: IsoDate };

const WEEKS: Partial<Record<FxTenor, number>> = { '1W': 7, '2W': 14 };
const MONTHS: Partial<Record<FxTenor, number>> = { '1M': 1, '2M': 2, '3M': 3, '6M': 6, '9M': 9, '1Y': 12 };

/**
 * The dates of every tenor of a pair traded on `tradeDate` with spot on `spot`. ON runs from
 * the trade date to the next business day and TN on to the one after; SN from spot to the
 * next business day; weeks and months from spot, modified following — and from a spot on
 * its month's last business day, to the last business day of the target month.
 */
export function tenorDates(book: HolidayBook, p: Pair, tradeDate: IsoDate, spot: IsoDate): TenorDates[] {
  const cals = settlementCalendars(p);
  const tom = nextBusinessDay(book, cals, tradeDate);
  const spotIsMonthEnd = nextBusinessDay(book, cals, spot) > lastOfMonth(spot);
  const forward = (months: number) => {
    const target = plusMonths(spot, months);
    return spotIsMonthEnd
      ? preceding(book, cals, lastOfMonth(target))
      : modifiedFollowing(book, cals, target);
  };
  return [
    { tenor: 'ON', startDate: tradeDate, valueDate: tom },
    { tenor: 'TN', startDate: tom, valueDate: nextBusinessDay(book, cals, tom) },
    { tenor: 'SN', startDate: spot, valueDate: nextBusinessDay(book, cals, spot) },
    ...(['1W', '2W'] as const).map((tenor) => ({
      tenor,
      startDate: spot,
      valueDate: modifiedFollowing(book, cals, plusDays(spot, WEEKS[tenor]!)),
    })),
    ...(['1M', '2M', '3M', '6M', '9M', '1Y'] as const).map((tenor) => ({
      tenor,
      startDate: spot,
      valueDate: forward(MONTHS[tenor]!),
    })),
  ];
}
