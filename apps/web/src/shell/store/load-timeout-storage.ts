import type { StateStorage } from 'zustand/middleware';

/**
 * Storage whose reads give up after `timeoutMs` (section 9: load time-out 5000 ms): a
 * storage that hangs must not keep the portal from starting; it starts with defaults.
 */
export function withLoadTimeout(storage: StateStorage, timeoutMs: number): StateStorage {
  return {
    getItem: (name) => {
      const read = Promise.resolve(storage.getItem(name));
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
      return Promise.race([read, timeout]);
    },
    setItem: (name, value) => storage.setItem(name, value),
    removeItem: (name) => storage.removeItem(name),
  };
}
