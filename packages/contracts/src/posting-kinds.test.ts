import { describe, expect, it } from 'vitest';
import { postingKindLabel } from './posting-kinds';

describe('a ledger kind as a person reads it', () => {
  it.each([
    ['FX_TRADE', 'FX trade'],
    ['FX_SETTLEMENT', 'FX settlement'],
    ['FX_OPTION_PREMIUM', 'FX option premium'],
    ['CFD_FINANCING', 'CFD financing'],
    ['REVERSAL', 'Reversal'],
    ['cash_deposit', 'Cash deposit'],
    ['', ''],
  ])('%s reads "%s"', (kind, label) => {
    expect(postingKindLabel(kind)).toBe(label);
  });
});
