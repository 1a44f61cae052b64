import { describe, expect, it } from 'vitest';
import {
  displayDecimals,
  EMPTY_CELL,
  formatAmount,
  formatDecimal,
  formatMoney,
  negated,
  toCsv,
} from './format';
import {
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatRelative,
  formatRelativeDate,
} from './format/dates';
import { columnPrecision, formatRate, formatSetRate } from './format/rates';

const USD = { scale: 2, assetClass: 'FIAT' } as const;
const JPY = { scale: 0, assetClass: 'FIAT' } as const;
const BTC = { scale: 8, assetClass: 'CRYPTO' } as const;
const ETH = { scale: 18, assetClass: 'CRYPTO' } as const;
/** Intl writes a narrow no-break space before AM/PM in recent ICU versions. */
const plain = (s: string) => s.replace(/\s/g, ' ');

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

  it('exports a reference hiding a formula behind a bare carriage return or a ";" as text', () => {
    expect(toCsv(['ref', 'memo'], [['INV-1\r=cmd|x!A0', "pay;=cmd|' /C calc'!A0"]])).toBe(
      `ref,memo\r\n"INV-1\r'=cmd|x!A0","pay;'=cmd|' /C calc'!A0"`,
    );
  });
});

describe('amounts at the asset’s display precision, not the ledger’s scale', () => {
  it.each([
    ['an ETH balance stored at 18 decimals, trailing zeros trimmed', '840.000000000000000000', ETH, '840.00'],
    ['one wei, every decimal kept', '0.000000000000000001', ETH, '0.000000000000000001'],
    ['ETH with a few decimals', '3.141500000000000000', ETH, '3.1415'],
    ['BTC trimmed to the decimals it needs', '12.50000000', BTC, '12.50'],
    ['BTC with all eight', '0.00012345', BTC, '0.00012345'],
    ['JPY with no decimals', '1500', JPY, '1,500'],
    ['USD at its two ISO decimals', '2500000', USD, '2,500,000.00'],
    ['a fiat value at a rate, rounded half to even', '160625.125', USD, '160,625.12'],
    ['a negative amount', '-1234.5', USD, '-1,234.50'],
    ['an asset not known yet, as sent', '1234.5', undefined, '1,234.5'],
  ])('%s', (_, value, asset, shown) => {
    expect(formatAmount(value, asset)).toBe(shown);
  });

  it('keeps every row of a fiat column at the currency’s decimals, and crypto at two at least', () => {
    expect(displayDecimals('1', USD)).toBe(2);
    expect(displayDecimals('1.10000000', BTC)).toBe(2);
    expect(displayDecimals('1.123', BTC)).toBe(3);
  });

  it('signs a movement by its direction: money out negative, its reversal positive, zero unsigned', () => {
    expect(formatAmount(negated('100.00'), USD)).toBe('-100.00');
    expect(formatAmount(negated('-777.77'), USD)).toBe('777.77');
    expect(negated('0.00')).toBe('0.00');
    expect(negated('-0')).toBe('0');
  });

  it('puts the base currency’s symbol on a total, or its code where it has none', () => {
    expect(formatMoney('3456789.1', 'USD', USD)).toBe('$3,456,789.10');
    expect(formatMoney('12.5', 'EUR', USD)).toBe('€12.50');
    expect(formatMoney('1500', 'JPY', JPY)).toBe('¥1,500');
    expect(formatMoney('-12.5', 'GBP', USD)).toBe('-£12.50');
    expect(formatMoney('12.5', 'CHF', USD)).toBe('12.50 CHF');
    expect(formatMoney('12.5', 'USDT', { scale: 6, assetClass: 'CRYPTO' })).toBe('12.50 USDT');
  });

  it('marks an empty cell one way', () => {
    expect(EMPTY_CELL).toBe('—');
  });
});

describe('rates at their own precision', () => {
  it('reads every outright of a pair at the pair’s price precision (rounded half to even)', () => {
    expect(['1.0842', '1.084156', '1.095', '1.085505'].map((r) => formatRate(r, 5))).toEqual([
      '1.08420',
      '1.08416',
      '1.09500',
      '1.08550',
    ]);
    expect(formatRate('151.2', 3)).toBe('151.200');
  });

  it('groups a rate like an amount, keeping the decimals it was set with when no precision is known', () => {
    expect(formatRate('64250')).toBe('64,250');
    expect(formatRate('70000.5')).toBe('70,000.5');
    expect(formatRate('1.0845')).toBe('1.0845');
  });

  it('shows a rate-sheet rate at its pair’s precision without cutting a decimal it was set with', () => {
    expect(formatSetRate('1.36', 5)).toBe('1.36000');
    expect(formatSetRate('1.084156', 5)).toBe('1.084156');
    expect(formatSetRate('64250', null)).toBe('64,250');
  });

  it('lines a column of points up at the most decimals any was set with', () => {
    const points = ['0.42', '12.8', '-3'];
    expect(points.map((p) => formatRate(p, columnPrecision(points)))).toEqual(['0.42', '12.80', '-3.00']);
  });
});

describe('dates and times in one style: the reader’s locale and time zone', () => {
  it('shows a value date the same day wherever the reader is, in their locale', () => {
    expect(formatDate('2026-11-23', { locale: 'en-US' })).toBe('11/23/2026');
    expect(formatDate('2026-11-23', { locale: 'en-GB' })).toBe('23/11/2026');
  });

  it('shows a moment in the reader’s time zone, to the second', () => {
    const at = '2026-11-23T21:10:07.000Z';
    expect(plain(formatDateTime(at, { locale: 'en-US', timeZone: 'UTC' }))).toBe('11/23/2026, 9:10:07 PM');
    expect(plain(formatDateTime(at, { locale: 'en-US', timeZone: 'Asia/Tokyo' }))).toBe(
      '11/24/2026, 6:10:07 AM',
    );
    expect(formatDateTime(at, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('23/11/2026, 21:10:07');
    expect(plain(formatDateTimeZoned(at, { locale: 'en-US', timeZone: 'UTC' }))).toBe(
      '11/23/2026, 9:10:07 PM UTC',
    );
  });

  it('says how long ago a moment was, or how far a date is from today', () => {
    const now = new Date('2026-11-24T00:10:07.000Z');
    expect(formatRelative('2026-11-23T21:10:07.000Z', now, { locale: 'en-US' })).toBe('3 hours ago');
    expect(formatRelative('2026-11-24T00:10:00.000Z', now, { locale: 'en-US' })).toBe('7 seconds ago');
    const today = new Date(2026, 10, 23, 15, 0);
    expect(formatRelativeDate('2026-11-23', today, { locale: 'en-US' })).toBe('today');
    expect(formatRelativeDate('2026-11-25', today, { locale: 'en-US' })).toBe('in 2 days');
    expect(formatRelativeDate('2026-11-22', today, { locale: 'en-US' })).toBe('yesterday');
  });
});
