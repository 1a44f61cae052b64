import type { TNotification } from '@clearway/contracts/endpoints/platform.endpoints';
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

type ServerNotice = Pick<TNotification, 'id' | 'title' | 'message' | 'link' | 'createdAt' | 'read'>;

export type AppStore = PersistedState & {
  setPersisted: (patch: Partial<PersistedState>) => void;
  addNotification: (n: Omit<PortalNotification, 'visited'>) => void;
  markNotificationsVisited: () => void;
  /**
   * Takes the server's stored notifications as the list, keeping each known one's visited
   * flag; one not seen before starts as not visited, unless its recipient already read it.
   */
  syncNotifications: (items: ServerNotice[]) => void;
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
      syncNotifications: (items) =>
        set((s) => {
          const visited = new Map(s.notifications.list.map((n) => [n.id, n.visited]));
          const list = items.map((n) => ({
            id: String(n.id),
            title: n.title,
            message: n.message,
            createdAt: n.createdAt,
            ...(n.link ? { link: n.link } : {}),
            visited: visited.get(String(n.id)) ?? n.read,
          }));
          return { notifications: { ...s.notifications, list, visited: list.every((n) => n.visited) } };
        }),
      reset: () => set(initialPersistedState()),
    }),
    {
      name: PERSISTED_STATE_KEY,
      version: PERSISTED_STATE_VERSION,
      storage: createJSONStorage(() => withLoadTimeout(localStorage, PERSISTED_STATE_LOAD_TIMEOUT_MS)),
      migrate: (state, version) => migratePersistedState(state, version),
      partialize: ({
        setPersisted,
        addNotification,
        markNotificationsVisited,
        syncNotifications,
        reset,
        ...data
      }) => data,
    },
  ),
);
