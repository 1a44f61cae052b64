import { EMPTY_CELL } from '../lib/format';
import {
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatRelative,
  formatRelativeDate,
} from '../lib/format/dates';

/** A moment as every screen shows it (the reader's locale and time zone); a hover says how long ago. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  if (!value) return <>{EMPTY_CELL}</>;
  return (
    <time dateTime={value} title={`${formatRelative(value, new Date())} · ${formatDateTimeZoned(value)}`}>
      {formatDateTime(value)}
    </time>
  );
}

/** A calendar date (a value date, a holiday) as every screen shows it; a hover says how far from today. */
export function DateText({ value }: { value: string | null | undefined }) {
  if (!value) return <>{EMPTY_CELL}</>;
  return (
    <time dateTime={value} title={formatRelativeDate(value, new Date())}>
      {formatDate(value)}
    </time>
  );
}
