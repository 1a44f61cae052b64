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

/**
 * A cell a spreadsheet would run as a formula (a reference typed as `=HYPERLINK(…)`) gets a
 * leading apostrophe; negative amounts stay numbers.
 */
function neutralised(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !/^-\d[\d.,]*$/.test(s) ? `'${s}` : s;
}

/** Rows as CSV text (RFC 4180 quoting), safe to open in a spreadsheet. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    const s = neutralised(v === null ? '' : String(v));
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadText(filename: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  URL.revokeObjectURL(url);
}
