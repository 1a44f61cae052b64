import type { TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import { create } from 'zustand';

/**
 * Section 3's report slice holding FX swap rates: the curves last loaded and the pair the
 * /fx-swaps screen shows. Not persisted (the persisted state is version 7's, fixed by the
 * spec); the server stays the source, this slice only shares what was read.
 */
type FxSwapReport = {
  fxSwapRates: TSwapCurve[];
  selectedPair: string | null;
  setFxSwapRates: (curves: TSwapCurve[]) => void;
  selectPair: (symbol: string) => void;
};

export const useFxSwapReport = create<FxSwapReport>()((set) => ({
  fxSwapRates: [],
  selectedPair: null,
  setFxSwapRates: (curves) =>
    set((s) => ({
      fxSwapRates: curves,
      // Keep the pair shown while it still has a curve; else the first one.
      selectedPair: curves.some((c) => c.symbol === s.selectedPair)
        ? s.selectedPair
        : (curves[0]?.symbol ?? null),
    })),
  selectPair: (symbol) => set({ selectedPair: symbol }),
}));
