import Holidays from 'date-holidays';
import { dayOfWeek, type IsoDate, isWeekend } from './iso-dates';

/**
 * Where each settlement currency's holidays come from: a country (and region, for the
 * financial centre) of `date-holidays`, its public and bank holidays; the euro follows the
 * TARGET closing days instead of a country. Staff amend the seeded days in the holiday table.
 */
type CalendarSource = {
  name: string;
  country?: string;
  region?: string;
  /** date-holidays rules when no country fits (TARGET). */
  rules?: [rule: string, name: string][];
  /**
   * The Federal Reserve does not close on the Friday before a Saturday holiday
   * (date-holidays gives the country's substitute day, which US payments ignore).
   */
  noFridaySubstitute?: boolean;
  /** The names' language, when the country's English is not the default one (US spelling). */
  languages?: string[];
};

/** TARGET2 (T2) closing days: the euro settles on every other weekday. */
const TARGET: [string, string][] = [
  ['01-01', "New Year's Day"],
  ['easter -2', 'Good Friday'],
  ['easter 1', 'Easter Monday'],
  ['05-01', 'Labour Day'],
  ['12-25', 'Christmas Day'],
  ['12-26', 'Christmas Holiday'],
];

export const CALENDAR_SOURCES: Record<string, CalendarSource> = {
  USD: {
    name: 'New York (Federal Reserve)',
    country: 'US',
    noFridaySubstitute: true,
    languages: ['en-us', 'en'],
  },
  EUR: { name: 'TARGET (euro payments)', rules: TARGET },
  GBP: { name: 'London', country: 'GB', region: 'ENG' },
  JPY: { name: 'Tokyo', country: 'JP' },
  CHF: { name: 'Zurich', country: 'CH', region: 'ZH' },
  CAD: { name: 'Toronto', country: 'CA', region: 'ON' },
  AUD: { name: 'Sydney', country: 'AU', region: 'NSW' },
  NZD: { name: 'Auckland', country: 'NZ', region: 'AUK' },
  SGD: { name: 'Singapore', country: 'SG' },
  HKD: { name: 'Hong Kong', country: 'HK' },
  NOK: { name: 'Oslo', country: 'NO' },
  SEK: { name: 'Stockholm', country: 'SE' },
  DKK: { name: 'Copenhagen', country: 'DK' },
  PLN: { name: 'Warsaw', country: 'PL' },
  CZK: { name: 'Prague', country: 'CZ' },
  HUF: { name: 'Budapest', country: 'HU' },
  TRY: { name: 'Istanbul', country: 'TR' },
  RUB: { name: 'Moscow', country: 'RU' },
  PHP: { name: 'Manila', country: 'PH' },
  MXN: { name: 'Mexico City', country: 'MX' },
  ZAR: { name: 'Johannesburg', country: 'ZA' },
  CNY: { name: 'Beijing', country: 'CN' },
};

export const hasCalendar = (currency: string): boolean => currency in CALENDAR_SOURCES;

export function describeSource(code: string): string {
  const s = CALENDAR_SOURCES[code];
  if (!s) return 'none';
  if (s.rules) return 'TARGET closing days (date-holidays rules)';
  return `date-holidays ${s.country}${s.region ? `-${s.region}` : ''}, public and bank holidays`;
}

const FRIDAY = 5;
/** Public and bank holidays close the payment systems; observances and optional days do not. */
const CLOSING_TYPES = new Set(['public', 'bank']);

/** A calendar's rules, built once (reading a country's rules is the slow part). */
const built = new Map<string, Holidays>();
function rulesOf(code: string, source: CalendarSource): Holidays {
  let hd = built.get(code);
  if (hd) return hd;
  hd = source.rules
    ? new Holidays()
    : source.region
      ? new Holidays(source.country!, source.region, { languages: source.languages ?? ['en'] })
      : new Holidays(source.country!, { languages: source.languages ?? ['en'] });
  for (const [rule, name] of source.rules ?? []) hd.setHoliday(rule, { name, type: 'public' });
  built.set(code, hd);
  return hd;
}

/** The holidays of one calendar in one year as its source gives them (weekdays only). */
export function sourceHolidays(code: string, year: number): { day: IsoDate; name: string }[] {
  const source = CALENDAR_SOURCES[code];
  if (!source) return [];
  const hd = rulesOf(code, source);
  const byDay = new Map<IsoDate, string>();
  for (const h of hd.getHolidays(year)) {
    const day = h.date.slice(0, 10);
    if (!CLOSING_TYPES.has(h.type) || isWeekend(day)) continue;
    if (source.noFridaySubstitute && h.substitute && dayOfWeek(day) === FRIDAY) continue;
    if (!byDay.has(day)) byDay.set(day, h.name);
  }
  return [...byDay].map(([day, name]) => ({ day, name }));
}
