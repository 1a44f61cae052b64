// The period presets of the request form (pure, so they can be tested without a browser).

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The calendar month before the one `today` falls in. */
export function lastMonth(today: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: iso(first), to: iso(last) };
}

/** The weekday before `today` (Friday for a Monday, a Saturday or a Sunday). */
export function lastBusinessDay(today: Date): { from: string; to: string } {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  do d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return { from: iso(d), to: iso(d) };
}

export const PRESETS = ['LAST_MONTH', 'LAST_BUSINESS_DAY', 'CUSTOM'] as const;
export type Preset = (typeof PRESETS)[number];

/** What a preset asks for: its period kind and dates (a custom range keeps what was typed). */
export function periodOf(preset: Preset, today: Date, custom: { from: string; to: string }) {
  switch (preset) {
    case 'LAST_MONTH':
      return { period: 'MONTHLY' as const, ...lastMonth(today) };
    case 'LAST_BUSINESS_DAY':
      return { period: 'DAILY' as const, ...lastBusinessDay(today) };
    case 'CUSTOM':
      return { period: 'CUSTOM' as const, ...custom };
  }
}
