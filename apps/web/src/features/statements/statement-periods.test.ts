import { describe, expect, it } from 'vitest';
import { lastBusinessDay, lastMonth, periodOf } from './statement-periods';

describe('statement period presets', () => {
  it('takes last month as its first to its last day, across a year end', () => {
    expect(lastMonth(new Date('2026-11-24T13:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth(new Date('2027-01-05T00:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth(new Date('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('takes the last business day as the weekday before today', () => {
    expect(lastBusinessDay(new Date('2026-11-24T13:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    // Monday → the Friday before.
    expect(lastBusinessDay(new Date('2026-11-23T13:00:00Z'))).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    });
  });

  it('keeps a custom range as typed', () => {
    expect(periodOf('CUSTOM', new Date(), { from: '2026-01-01', to: '2026-01-15' })).toEqual({
      period: 'CUSTOM',
      from: '2026-01-01',
      to: '2026-01-15',
    });
    expect(periodOf('LAST_MONTH', new Date('2026-11-24T00:00:00Z'), { from: '', to: '' }).period).toBe(
      'MONTHLY',
    );
  });
});
