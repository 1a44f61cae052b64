import type { ZInstrumentList } from '@clearway/contracts/endpoints/instruments.schemas';
import type { z } from 'zod';

/** The list's filters as the screen holds them (the acting entity travels apart). */
export type InstrumentFilter = Omit<z.input<typeof ZInstrumentList>, 'entityId'>;

/**
 * Every query key of the instruments domain, from one factory: reads key their data by
 * these, and writes invalidate through them (never a hand-typed key).
 */
export const instrumentKeys = {
  all: ['instruments'] as const,
  lists: () => [...instrumentKeys.all, 'list'] as const,
  list: (entityId: number, filter: InstrumentFilter) =>
    [...instrumentKeys.lists(), entityId, filter] as const,
  currencies: (entityId: number) => [...instrumentKeys.all, 'currencies', entityId] as const,
  forEntity: (entityId: number) => [...instrumentKeys.all, 'entity', entityId] as const,
  calendars: () => [...instrumentKeys.all, 'calendars'] as const,
  holidays: (calendar: string, year: number) => [...instrumentKeys.all, 'holidays', calendar, year] as const,
  /** Everything priced from the calendars, the rate sheet or the points. */
  pricing: () => [...instrumentKeys.all, 'pricing'] as const,
  swapRates: (entityId: number) => [...instrumentKeys.pricing(), 'swap-rates', entityId] as const,
};
