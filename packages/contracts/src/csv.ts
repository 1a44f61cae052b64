/**
 * The one way the portal writes CSV (the web's "Export CSV", and any file the server writes),
 * safe to open in a spreadsheet whichever delimiter it splits on.
 *
 * - A cell containing a delimiter (`,` or `;`), a quote, a tab, a line feed or a carriage
 *   return is quoted, quotes doubled (RFC 4180): a reader splitting on `;` or on tabs, or
 *   one that ends a row at a bare CR, still sees one cell.
 * - Every place inside a cell where some reader may start a field or a line — the cell's
 *   start, and after a CR, LF, tab, `,` or `;` — that begins (after any quotes) with `=`,
 *   `+`, `-`, `@`, a tab or a CR would be run as a formula, so it gets a leading `'`. That
 *   covers more than the start of each line: a reader that ignores the quoting and splits
 *   `x;=cmd|…` at its `;` still finds no formula.
 * - The exception: a cell that is exactly a negative decimal number (`-12.50`) stays as it
 *   is, so amounts remain figures — except as the first cell of a row of several, where a
 *   reader splitting on `;` reads it together with the cells after it (`-12,5+cmd|…` is a
 *   formula in a locale with a decimal comma). Grouped (`-1,234.50`) or signed (`+12`, which
 *   a spreadsheet turns into `=+12`) figures are text.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
/**
 * What a reader may take for a field: from the cell's start or a break (CR, LF, tab, `,`,
 * `;`), any quotes, then a CR or a tab alone (each starts a field of its own) or the text up
 * to the next break.
 */
const FIELD = /(?<=^|[\r\n\t,;])"*(?:\r|\t|[^\r\n\t,;]+)?/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * The text a spreadsheet shows for a cell: every field or line that would start a formula
 * gets a leading `'`; `keepNegativeNumber` spares a cell that is exactly a negative number.
 */
export function neutraliseFormulas(text: string, keepNegativeNumber = true): string {
  if (keepNegativeNumber && PLAIN_NEGATIVE_NUMBER.test(text)) return text;
  return text.replace(FIELD, (field) => (FORMULA_START.test(field.replace(/^"+/, '')) ? `'${field}` : field));
}

/** One cell: neutralised, then quoted when it holds a delimiter, a quote, a tab or a line break. */
export function csvCell(value: CsvValue, keepNegativeNumber = true): string {
  const s = neutraliseFormulas(
    value === null || value === undefined ? '' : String(value),
    keepNegativeNumber,
  );
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Whether a row's cell may stay a negative number: not where a `;` reader runs it into the next cells. */
export const keepsNegativeNumber = (index: number, cells: number) => index > 0 || cells === 1;

/** Rows as CSV text: a header, then the rows, lines ended by CRLF. */
export function toCsv(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows]
    .map((r) => r.map((v, i) => csvCell(v, keepsNegativeNumber(i, r.length))).join(','))
    .join('\r\n');
}
