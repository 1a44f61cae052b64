import { decimalsOf, groupDecimal, toDecimals } from './digits';

/**
 * A rate at its own precision: the pair's price precision from the instrument catalogue
 * when known (every rate of a pair then reads with the same decimals — `1.08420`, not
 * `1.0842` beside `1.084156`; more decimals are rounded half to even, for display only),
 * else as it was set. Grouped like amounts, so `64,250` never sits beside `64250`.
 */
export function formatRate(value: string, precision?: number | null): string {
  return groupDecimal(precision === undefined || precision === null ? value : toDecimals(value, precision));
}

/**
 * The precision a column of figures without a catalogue precision reads at: the most
 * decimals any of them was set with (swap points `0.42` and `12.8` read `0.42` and `12.80`),
 * so the column's decimal points line up and no figure loses a digit it was given.
 */
export const columnPrecision = (values: readonly (string | null | undefined)[]): number =>
  Math.max(0, ...values.filter((v): v is string => typeof v === 'string').map(decimalsOf));

/**
 * A rate as staff set it on the rate sheet: at the pair's price precision, but never with
 * fewer decimals than it was set with — the sheet shows exactly what is in force.
 */
export function formatSetRate(value: string, precision?: number | null): string {
  return formatRate(
    value,
    precision === undefined || precision === null ? null : Math.max(precision, decimalsOf(value)),
  );
}
