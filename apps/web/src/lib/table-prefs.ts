import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Where the tables' column choices are kept: beside the spec's version-7 state, not in it. */
export const TABLE_PREFS_KEY = 'clearway.tables';

type TablePrefs = {
  /** The columns each table (by its id) does not show. */
  hidden: Record<string, string[]>;
  setHidden: (table: string, columns: string[]) => void;
};

/** Which columns each table hides, kept on this browser across visits and sign-ins. */
export const useTablePrefs = create<TablePrefs>()(
  persist(
    (set) => ({
      hidden: {},
      setHidden: (table, columns) => set((s) => ({ hidden: { ...s.hidden, [table]: columns } })),
    }),
    {
      name: TABLE_PREFS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ hidden }) => ({ hidden }),
    },
  ),
);
