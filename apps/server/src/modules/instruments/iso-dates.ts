import { UTCDate } from '@date-fns/utc';
import { addDays, addMonths, differenceInCalendarDays, format, getDay, lastDayOfMonth } from 'date-fns';

/**
 * Calendar dates as the contracts carry them (`yyyy-mm-dd`), with date-fns doing the
 * arithmetic on UTC dates: no time of day and no local time zone (a daylight-saving change
 * at midnight cannot move a value date).
 */
export type IsoDate = string;

const at = (d: IsoDate) => new UTCDate(`${d}T00:00:00Z`);
const iso = (d: Date): IsoDate => format(d, 'yyyy-MM-dd');

export const plusDays = (d: IsoDate, n: number): IsoDate => iso(addDays(at(d), n));
/** `n` months on; a day the target month lacks becomes its last day (31 Jan + 1M = 28 Feb). */
export const plusMonths = (d: IsoDate, n: number): IsoDate => iso(addMonths(at(d), n));
export const lastOfMonth = (d: IsoDate): IsoDate => iso(lastDayOfMonth(at(d)));
export const daysBetween = (from: IsoDate, to: IsoDate): number => differenceInCalendarDays(at(to), at(from));
export const monthOf = (d: IsoDate): string => d.slice(0, 7);
export const yearOf = (d: IsoDate): number => Number(d.slice(0, 4));
/** 0 for Sunday … 6 for Saturday. */
export const dayOfWeek = (d: IsoDate): number => getDay(at(d));
/** Saturday and Sunday: no currency the platform settles in has another weekend. */
export const isWeekend = (d: IsoDate): boolean => {
  const day = dayOfWeek(d);
  return day === 0 || day === 6;
};
export const weekdayName = (d: IsoDate): string => format(at(d), 'EEEE');

/** The FX trading day rolls at 17:00 in New York (the market's convention). */
const FX_DAY_ZONE = 'America/New_York';
const FX_DAY_ROLL_HOUR = 17;
const newYorkClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: FX_DAY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * Today's FX trade date: the New York date, the next day from 17:00 New York; a Saturday or
 * Sunday trade date is Monday's (no FX trading day falls on a weekend).
 */
export function fxTradeDate(now: Date = new Date()): IsoDate {
  const parts = Object.fromEntries(newYorkClock.formatToParts(now).map((p) => [p.type, p.value]));
  let d = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number(parts.hour) >= FX_DAY_ROLL_HOUR) d = plusDays(d, 1);
  while (isWeekend(d)) d = plusDays(d, 1);
  return d;
}
