import { describe, expect, it } from 'vitest';
import { formatDecimal, toCsv } from './format';

describe('amount formatting', () => {
  it.each([
    ['1500.5', 2, '1,500.50'],
    ['2500000.00', 2, '2,500,000.00'],
    ['12.5', 8, '12.50000000'],
    ['151', 0, '151'],
    ['-1234.567', 2, '-1,234.56'],
    ['0.000000000000000001', 18, '0.000000000000000001'],
  ])('shows %s at scale %i as %s', (value, scale, shown) => {
    expect(formatDecimal(value, scale)).toBe(shown);
  });

  it('keeps a spreadsheet from running a CSV cell as a formula, and negative amounts as numbers', () => {
    expect(toCsv(['a'], [['=HYPERLINK("http://x")'], ['+1+1'], ['@SUM(A1)'], ['-2+3'], ['-12.5']])).toBe(
      ['a', `"'=HYPERLINK(""http://x"")"`, "'+1+1", "'@SUM(A1)", "'-2+3", '-12.5'].join('\r\n'),
    );
  });

  it('quotes CSV cells that need it', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"']])).toBe('a,b\r\n"x,y","say ""hi"""');
  });
});
