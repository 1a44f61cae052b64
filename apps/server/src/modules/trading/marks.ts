import { Money } from '../../platform/money';
import type { RatesService, SheetRate } from '../instruments/rates.service';

/**
 * What positions and deliveries are marked at: mid rates of the FX sheet (direct, inverted or
 * crossed through USD) and CFD prices, as they stood at one moment (an end of day's cut-off,
 * or now). Null where nothing prices it.
 */
export type Marks = {
  fx(base: string, quote: string): Money | null;
  cfd(instrumentId: number): Money | null;
};

/** Marks read from a sheet already at hand, and CFD prices by instrument. */
export function marksOf(
  rates: RatesService,
  sheet: SheetRate[],
  cfdPrices: Map<number, string> = new Map(),
): Marks {
  const fx = new Map<string, Money | null>();
  return {
    fx(base, quote) {
      if (base === quote) return new Money(1);
      const key = `${base}/${quote}`;
      if (!fx.has(key)) {
        const q = rates.quoteFrom(sheet, base, quote);
        fx.set(key, q ? new Money(q.mid) : null);
      }
      return fx.get(key)!;
    },
    cfd(instrumentId) {
      const price = cfdPrices.get(instrumentId);
      return price === undefined ? null : new Money(price);
    },
  };
}
