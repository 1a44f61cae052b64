import { describe, expect, it } from 'vitest';
import { cutoffOf, dueBusinessDate } from './business-dates';

const NY = 'America/New_York';

describe('end-of-day business dates and cut-offs', () => {
  it.each([
    // US daylight saving starts on 8 March 2026: 17:00 New York is 22:00 UTC before, 21:00 after.
    ['2026-03-06', '17:00', NY, '2026-03-06T22:00:00.000Z'],
    ['2026-03-09', '17:00', NY, '2026-03-09T21:00:00.000Z'],
    // …and ends on 1 November 2026.
    ['2026-11-02', '17:00', NY, '2026-11-02T22:00:00.000Z'],
    ['2026-03-09', '18:30', 'Europe/London', '2026-03-09T18:30:00.000Z'],
    ['2026-07-01', '18:30', 'Europe/London', '2026-07-01T17:30:00.000Z'],
    ['2026-07-01', '00:15', 'Asia/Singapore', '2026-06-30T16:15:00.000Z'],
  ])('the cut-off of %s at %s in %s is %s', (date, time, zone, instant) => {
    expect(cutoffOf(date, time, zone).toISOString()).toBe(instant);
  });

  it.each([
    ['2026-03-09T20:59:59Z', '2026-03-06'], // Monday before the cut-off: Friday's is the latest due
    ['2026-03-09T21:00:00Z', '2026-03-09'], // Monday at the cut-off
    ['2026-03-10T03:00:00Z', '2026-03-09'], // Monday night in New York
    ['2026-03-07T15:00:00Z', '2026-03-06'], // Saturday: Friday's
    ['2026-03-08T23:00:00Z', '2026-03-06'], // Sunday: Friday's
  ])('at %s the latest business date due is %s', (now, date) => {
    expect(dueBusinessDate(new Date(now), '17:00', NY)).toBe(date);
  });
});
