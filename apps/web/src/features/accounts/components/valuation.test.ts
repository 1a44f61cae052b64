import { describe, expect, it } from 'vitest';
import { STALE_RATE_HOURS, valuationOf } from './valuation';

const total = (asOf: string | null, missingRates: string[] = []) => ({
  baseCurrency: 'USD',
  total: '100.00',
  asOf,
  lines: [],
  missingRates,
});
const now = new Date('2026-11-22T12:00:00Z');

describe('how far a base-currency total can be trusted', () => {
  it(`flags a total whose oldest rate is over ${STALE_RATE_HOURS} hours old`, () => {
    expect(valuationOf(total('2026-11-21T11:59:00Z'), now)).toMatchObject({ stale: true });
  });

  it('does not flag a fresh total, nor one that needed no rate', () => {
    expect(valuationOf(total('2026-11-21T12:00:00Z'), now)).toEqual({
      asOf: new Date('2026-11-21T12:00:00Z'),
      stale: false,
      missing: [],
    });
    expect(valuationOf(total(null), now)).toMatchObject({ asOf: null, stale: false });
  });

  it('names the assets it could not convert', () => {
    expect(valuationOf(total(null, ['XAU']), now).missing).toEqual(['XAU']);
  });
});
