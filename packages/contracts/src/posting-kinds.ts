/** Words a ledger kind keeps in capitals. */
const ACRONYMS = new Set(['FX', 'CFD', 'EOD', 'SSI', 'OTC', 'USD']);

/**
 * A ledger transaction's kind as a person reads it: `FX_SETTLEMENT` → "FX settlement". Kinds
 * are written by the modules that book (free text in the ledger), so any kind reads well
 * without a list that would fall behind them.
 */
export function postingKindLabel(kind: string): string {
  const words = kind
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return kind;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}
