export {
  type AssetDisplay,
  displayDecimals,
  formatAmount,
  formatDecimal,
  formatMoney,
  negated,
} from '@clearway/contracts/amount-format';

/**
 * The one way the portal shows figures. Amounts here, rates in `format/rates.ts`, dates and
 * times in `format/dates.ts`; every figure stays an exact decimal string throughout — never
 * a JS number.
 */

/** What an empty cell shows, in every table. */
export const EMPTY_CELL = '—';

/** CSV for "Export CSV": the contracts' one rule (quoting, formulas neutralised on every line). */
export { toCsv } from '@clearway/contracts/csv';

export function downloadText(filename: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  URL.revokeObjectURL(url);
}
