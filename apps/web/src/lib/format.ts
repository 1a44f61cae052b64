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
