import { describe, expect, it } from 'vitest';
import { withLoadTimeout } from './load-timeout-storage';
import {
  initialPersistedState,
  MIGRATIONS,
  migratePersistedState,
  PERSISTED_STATE_VERSION,
} from './persisted-state';

/** A state as version N saved it: the version 7 state without what migrations N+1..7 add. */
function stateOfVersion(n: number): Record<string, unknown> {
  const s: Record<string, unknown> = structuredClone(initialPersistedState()) as unknown as Record<
    string,
    unknown
  >;
  const notifications = s.notifications as Record<string, unknown>;
  if (n < 7) delete s.forceLogout;
  if (n < 6) delete notifications.walletTypeNoticeVisited;
  if (n < 5) delete s.searchFilter;
  if (n < 4) delete notifications.featureNotificationVisited;
  if (n < 3) delete s.accountSelection;
  if (n < 2) delete s.currentEntity;
  if (n < 1) s.filters = { attributes: ['Bank'] };
  return s;
}

describe('persisted client state', () => {
  it('is at version 7 with seven migrations', () => {
    expect(PERSISTED_STATE_VERSION).toBe(7);
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('migrates a version %i state to version 7', (v) => {
    const migrated = migratePersistedState(stateOfVersion(v), v);
    expect(migrated.filters.status).toBe('Active');
    expect(migrated.currentEntity).toEqual({ entityId: -1, entityName: '', parentId: -1, attributes: [] });
    expect(migrated.accountSelection).toEqual({ accountType: 'Bank', accountId: null });
    expect(migrated.notifications.featureNotificationVisited).toBe(false);
    expect(migrated.searchFilter).toBe('');
    expect(migrated.notifications.walletTypeNoticeVisited).toBe(false);
    expect(migrated.forceLogout).toBe(false);
    expect(migrated.tablePageSize).toBe(10);
    expect(migrated.groupBy).toBe('Product');
  });

  it('migration 1 adds status Active with the trading filter and keeps other filters', () => {
    const out = MIGRATIONS[1]!({ filters: { attributes: ['Bank'] } });
    expect(out.filters).toEqual({ attributes: ['Bank'], status: 'Active', tradingEnabled: null });
  });

  it('keeps what the user chose when a migration adds only its default', () => {
    const chosen = { entityId: 7, entityName: 'Desk', parentId: 1, attributes: [] };
    const migrated = migratePersistedState(
      { ...stateOfVersion(2), currentEntity: chosen, tablePageSize: 50 },
      2,
    );
    expect(migrated.currentEntity).toEqual(chosen);
    expect(migrated.tablePageSize).toBe(50);
  });

  it.each([
    [1, 'filters'],
    [2, 'currentEntity'],
    [3, 'accountSelection'],
    [5, 'searchFilter'],
    [7, 'forceLogout'],
  ])('migration %i adds %s', (n, field) => {
    expect(MIGRATIONS[n]!({})).toHaveProperty(field);
  });

  it('gives up loading after the time-out and starts with defaults', async () => {
    const hanging = {
      getItem: () => new Promise<string | null>(() => {}),
      setItem: () => {},
      removeItem: () => {},
    };
    const storage = withLoadTimeout(hanging, 20);
    await expect(storage.getItem('k')).resolves.toBeNull();
  });

  it('returns stored state when it loads in time', async () => {
    const storage = withLoadTimeout({ getItem: () => 'v', setItem: () => {}, removeItem: () => {} }, 1000);
    await expect(storage.getItem('k')).resolves.toBe('v');
  });
});
