/**
 * Dates and times in one style — the user's locale and time zone, numeric, a time to the
 * second — wherever the portal shows them: a value date as `11/23/2026` (en-US) or
 * `23/11/2026` (en-GB), a moment as `11/23/2026, 9:10:07 PM`. The relative form
 * ("3 hours ago") is what a hover adds.
 */
export type DateStyle = {
  /** BCP 47 locale; the browser's preferred one when left out. */
  locale?: string;
  /** IANA time zone of moments; the browser's when left out. */
  timeZone?: string;
};

/** The locale dates are shown in: the user's own (the browser's preference), not the UI language. */
export function displayLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (`yyyy-mm-dd`: a value date, a holiday): the same day wherever the reader is. */
export function formatDate(isoDate: string, style: DateStyle = {}): string {
  const m = ISO_DATE.exec(isoDate);
  if (!m) return isoDate;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(style.locale ?? displayLocale(), { ...DAY, timeZone: 'UTC' }).format(at);
}

/** A moment (an ISO timestamp): its date and time in the reader's time zone. */
export function formatDateTime(iso: string, style: DateStyle = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(style.locale ?? displayLocale(), {
    ...DAY,
    ...TIME,
    timeZone: style.timeZone,
  }).format(at);
}

/** A moment with its time zone named, for a hover: `11/23/2026, 9:10:07 PM UTC`. */
export function formatDateTimeZoned(iso: string, style: DateStyle = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(style.locale ?? displayLocale(), {
    ...DAY,
    ...TIME,
    timeZone: style.timeZone,
    timeZoneName: 'short',
  }).format(at);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago (or ahead) a moment is, in its largest whole unit: "3 hours ago", "in 2 days". */
export function formatRelative(iso: string, now: Date, style: DateStyle = {}): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  const rtf = new Intl.RelativeTimeFormat(style.locale ?? displayLocale(), { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return rtf.format(Math.trunc(seconds / size), unit);
}

/** How far a calendar date is from the reader's today, in days: "yesterday", "in 3 days". */
export function formatRelativeDate(isoDate: string, now: Date, style: DateStyle = {}): string {
  const m = ISO_DATE.exec(isoDate);
  if (!m) return '';
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const rtf = new Intl.RelativeTimeFormat(style.locale ?? displayLocale(), { numeric: 'auto' });
  return rtf.format(Math.round((day - today) / 86_400_000), 'day');
}
