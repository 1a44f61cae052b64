import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { withLoadTimeout } from './load-timeout-storage';
import {
  initialPersistedState,
  migratePersistedState,
  PERSISTED_STATE_KEY,
  PERSISTED_STATE_LOAD_TIMEOUT_MS,
  PERSISTED_STATE_VERSION,
  type PersistedState,
  type PortalNotification,
} from './persisted-state';

export type AppStore = PersistedState & {
  setPersisted: (patch: Partial<PersistedState>) => void;
  addNotification: (n: Omit<PortalNotification, 'visited'>) => void;
  markNotificationsVisited: () => void;
  reset: () => void;
};

/** The persisted client state (Zustand `persist`, version 7 with migrations 1–7). */
export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      ...initialPersistedState(),
      setPersisted: (patch) => set(patch),
      // Section 4: a new notification starts as not visited.
      addNotification: (n) =>
        set((s) => ({
          notifications: {
            ...s.notifications,
            visited: false,
            list: [{ ...n, visited: false }, ...s.notifications.list],
          },
        })),
      markNotificationsVisited: () =>
        set((s) => ({
          notifications: {
            ...s.notifications,
            visited: true,
            list: s.notifications.list.map((n) => ({ ...n, visited: true })),
          },
        })),
      reset: () => set(initialPersistedState()),
    }),
    {
      name: PERSISTED_STATE_KEY,
      version: PERSISTED_STATE_VERSION,
      storage: createJSONStorage(() => withLoadTimeout(localStorage, PERSISTED_STATE_LOAD_TIMEOUT_MS)),
      migrate: (state, version) => migratePersistedState(state, version),
      partialize: ({ setPersisted, addNotification, markNotificationsVisited, reset, ...data }) => data,
    },
  ),
);
