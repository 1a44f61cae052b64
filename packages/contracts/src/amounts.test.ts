import { describe, expect, it } from 'vitest';
import { amountProblem, exceeds, valueAt } from './amounts';

describe('amounts as typed by a user', () => {
  it('accepts a positive decimal within the asset’s scale', () => {
    expect(amountProblem('125.50', 2)).toBeNull();
    expect(amountProblem('0.00000001', 8)).toBeNull();
  });

  it('names what is wrong otherwise', () => {
    expect(amountProblem('12,5', 2)).toBe('must be a decimal number');
    expect(amountProblem('1e3', 2)).toBe('must be a decimal number');
    expect(amountProblem('0', 2)).toBe('must be greater than zero');
    expect(amountProblem('-1', 2)).toBe('must be greater than zero');
    expect(amountProblem('1.005', 2)).toBe('at most 2 decimal places for this asset');
    expect(amountProblem('1.5', 0)).toBe('at most 0 decimal places for this asset');
  });

  it('compares exactly, where floating point would not', () => {
    expect(exceeds('0.30000000000000000001', '0.3')).toBe(true);
    expect(exceeds('0.3', '0.30')).toBe(false);
    expect(exceeds('1000000000000000000.01', '1000000000000000000.001')).toBe(true);
  });

  it('values an amount at a rate exactly, rounding half to even only at the end', () => {
    expect(valueAt('12.50000000', '64250', 2)).toBe('803125.00');
    expect(valueAt('0.125', '1', 2)).toBe('0.12');
    expect(valueAt('0.135', '1', 2)).toBe('0.14');
    // 38 significant digits each way: a 20-digit default precision would lose the cents.
    expect(valueAt('12345678901234567890.123456789012345678', '1.000000000000000001', 2)).toBe(
      '12345678901234567902.47',
    );
  });
});
