import { Money } from '@clearway/contracts/amounts';

/**
 * The digits of an exact decimal string as the portal shows every figure: thousands
 * grouped with commas, a point before the decimals — the notation the forms accept, so a
 * figure read off a screen can be typed back. Never through floating point.
 */
export function groupDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = value.replace(/^[-+]/, '').split('.');
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = negative && !isZero(value) ? '-' : '';
  return frac === undefined || frac === '' ? `${sign}${grouped}` : `${sign}${grouped}.${frac}`;
}

/** `value` with exactly `decimals` decimals, rounded half to even when it has more (display only). */
export function toDecimals(value: string, decimals: number): string {
  const frac = value.split('.')[1] ?? '';
  if (frac.length === decimals) return value;
  if (frac.length < decimals) return `${value}${frac ? '' : '.'}${'0'.repeat(decimals - frac.length)}`;
  return new Money(value).toFixed(decimals);
}

/** How many decimals a decimal string is written with (`12.80` → 2). */
export const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

/** Whether a decimal string is zero, whatever its sign or decimals (`-0.00`). */
export const isZero = (value: string): boolean => /^[-+]?0*(\.0*)?$/.test(value);
