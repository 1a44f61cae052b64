import { type IsoDate, isWeekend, plusDays, weekdayName } from '../instruments/iso-dates';

// Business dates of the end of day (pure): every weekday has one, closed by its cut-off — a
// time of day in a time zone (17:00 New York by default). Holidays of single currencies do
// not stop it: deliveries only fall on their own calendars' business days anyway.

export { isWeekend, weekdayName };

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    ms: Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  };
}

/** The instant at which `date` reaches `time` (HH:MM) in `zone` (daylight saving included). */
export function cutoffOf(date: IsoDate, time: string, zone: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wanted = Date.parse(`${date}T00:00:00Z`) + (h * 60 + m) * 60_000;
  // The zone's offset at a guess, then once more at the corrected instant (a change of offset
  // between the two moves it by that change).
  let at = wanted;
  for (let i = 0; i < 2; i++) at = wanted - (wallClock(new Date(at), zone).ms - at);
  return new Date(at);
}

/** The latest weekday whose cut-off has passed at `now`. */
export function dueBusinessDate(now: Date, time: string, zone: string): IsoDate {
  let date = wallClock(now, zone).date;
  for (;;) {
    if (!isWeekend(date) && cutoffOf(date, time, zone).getTime() <= now.getTime()) return date;
    date = plusDays(date, -1);
  }
}
