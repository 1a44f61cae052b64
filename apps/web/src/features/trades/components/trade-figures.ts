import { formatDecimal } from '../../../lib/format';

/** A figure the server wrote at its scale (or exactly), grouped for reading: its own decimals kept. */
export function figure(value: string | null): string {
  if (value === null) return '—';
  return formatDecimal(value, value.split('.')[1]?.length ?? 0);
}

/** Badge colours of a trade's status. */
export const STATUS_COLOR = {
  PENDING: 'blue',
  OPEN: 'teal',
  SETTLED: 'green',
  CLOSED: 'gray',
  CANCELLED: 'orange',
  REVERSED: 'red',
} as const;
