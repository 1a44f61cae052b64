import { Money } from './amounts';
import type { AssetClass } from './enums';

/**
 * The portal's rules for showing amounts, pure and shared: the web's tables and the server's
 * statement PDFs read figures the same way. Every figure stays an exact decimal string — never
 * a JS number.
 */

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

/**
 * Formats an exact decimal string for display — thousands separators, the asset's scale —
 * without ever turning it into a floating-point number.
 */
export function formatDecimal(value: string, scale: number): string {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^-/, '').split('.');
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = scale > 0 ? `.${frac.padEnd(scale, '0').slice(0, scale)}` : '';
  return `${negative ? '-' : ''}${grouped}${decimals}`;
}

/** How an asset's amounts read: its ledger scale and whether it is fiat or crypto (reference data). */
export type AssetDisplay = { scale: number; assetClass: AssetClass };

/** Crypto amounts keep at least this many decimals once their trailing zeros are trimmed. */
const CRYPTO_MIN_DECIMALS = 2;

/**
 * The decimals an amount of the asset is shown with — display precision, not the ledger's
 * scale: fiat at its ISO decimals (USD 2, JPY 0) on every row; crypto as many as the amount
 * needs, trailing zeros trimmed, at least two (an ETH balance stored `840.000000000000000000`
 * reads `840.00`, `0.000000000000000001` keeps all eighteen).
 */
export function displayDecimals(value: string, asset: AssetDisplay): number {
  if (asset.assetClass === 'FIAT') return asset.scale;
  const needed = decimalsOf(value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
  return Math.min(asset.scale, Math.max(CRYPTO_MIN_DECIMALS, needed));
}

/**
 * An amount as every table shows it (see `displayDecimals`); an amount of an asset not yet
 * known (reference data still loading) reads as it was sent, grouped. Fiat figures with more
 * decimals than the currency has (a value at a rate) are rounded half to even.
 */
export function formatAmount(value: string, asset?: AssetDisplay | null): string {
  return groupDecimal(asset ? toDecimals(value, displayDecimals(value, asset)) : value);
}

/**
 * The amount with its sign turned the other way: how a cash movement's stored amount reads
 * by its direction on the account (a withdrawal takes money out: `-100.00`).
 */
export function negated(value: string): string {
  const unsigned = value.replace(/^[-+]/, '');
  if (isZero(value)) return unsigned;
  return value.startsWith('-') ? unsigned : `-${unsigned}`;
}

const symbols = new Map<string, { symbol: string; before: boolean; space: boolean } | null>();

/** The currency's symbol and where it stands in US-style notation (`$`, before; `CHF`, before with a space). */
function currencySymbolOf(code: string) {
  if (!symbols.has(code)) {
    try {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1);
      const at = parts.findIndex((p) => p.type === 'currency');
      const digits = parts.findIndex((p) => p.type === 'integer');
      const symbol = parts[at]?.value;
      symbols.set(
        code,
        symbol && symbol !== code
          ? {
              symbol,
              before: at < digits,
              space: /\s/.test(parts[at < digits ? at + 1 : at - 1]?.value ?? ''),
            }
          : null,
      );
    } catch {
      // Not an ISO 4217 code (USDT): shown by its code.
      symbols.set(code, null);
    }
  }
  return symbols.get(code) ?? null;
}

/**
 * A total in the base currency, with the currency's symbol where it has one (`$3,456,789.00`,
 * `€12.50`, `¥1,500`), else its code after the figure (`12.50 USDT`).
 */
export function formatMoney(value: string, currency: string, asset?: AssetDisplay | null): string {
  const figure = formatAmount(value, asset);
  const s = currencySymbolOf(currency);
  if (!s) return `${figure} ${currency}`;
  const negative = figure.startsWith('-');
  const digits = negative ? figure.slice(1) : figure;
  const gap = s.space ? '\u00a0' : '';
  return `${negative ? '-' : ''}${s.before ? `${s.symbol}${gap}${digits}` : `${digits}${gap}${s.symbol}`}`;
}
