import { EMPTY_CELL } from '../lib/format';
import {
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatRelative,
  formatRelativeDate,
} from '../lib/format/dates';

/** A date or a time is read as one piece: never broken over two lines. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A moment as every screen shows it (the reader's locale and time zone); a hover says how long ago. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  if (!value) return <>{EMPTY_CELL}</>;
  return (
    <time
      dateTime={value}
      title={`${formatRelative(value, new Date())} · ${formatDateTimeZoned(value)}`}
      style={NO_WRAP}
    >
      {formatDateTime(value)}
    </time>
  );
}

/** A calendar date (a value date, a holiday) as every screen shows it; a hover says how far from today. */
export function DateText({ value }: { value: string | null | undefined }) {
  if (!value) return <>{EMPTY_CELL}</>;
  return (
    <time dateTime={value} title={formatRelativeDate(value, new Date())} style={NO_WRAP}>
      {formatDate(value)}
    </time>
  );
}
