import { describe, expect, it } from 'vitest';
import { computeCapabilities, noCapabilities } from './capabilities';
import { ERROR_CATALOGUE } from './errors';
import { PERMISSION_GROUPS, PERMISSION_KEYS, satisfies } from './permissions';

const held = (permissions: string[], childPermissions: string[] = []) =>
  ({ permissions, childPermissions }) as Parameters<typeof satisfies>[0];

describe('permission check', () => {
  it('needs one key in any mode and every key in all mode', () => {
    const h = held(['account_view']);
    expect(satisfies(h, { keys: ['account_view', 'order_management'] })).toBe(true);
    expect(satisfies(h, { keys: ['account_view', 'order_management'], mode: 'all' })).toBe(false);
  });

  it('reads own, child or either set by scope', () => {
    const h = held([], ['approve_whitelist']);
    expect(satisfies(h, { keys: ['approve_whitelist'] })).toBe(false);
    expect(satisfies(h, { keys: ['approve_whitelist'], scope: 'child' })).toBe(true);
    expect(satisfies(h, { keys: ['approve_whitelist'], scope: 'currentOrChild' })).toBe(true);
  });

  it('passes an empty key list (an endpoint with no list is open)', () => {
    expect(satisfies(held([]), { keys: [] })).toBe(true);
  });

  it('holds the 27 keys of section 6', () => {
    expect(PERMISSION_KEYS).toHaveLength(27);
  });
});

describe('capability flags', () => {
  it('are all false without permissions', () => {
    expect(Object.values(computeCapabilities(held([]))).every((v) => v === false)).toBe(true);
    expect(Object.values(noCapabilities()).every((v) => v === false)).toBe(true);
  });

  it('derive from the routes a feature needs', () => {
    const c = computeCapabilities(held(['account_view']));
    expect(c.canViewAccounts).toBe(true);
    expect(c.canViewSummary).toBe(true);
    expect(c.canViewTemplates).toBe(false);
  });

  it("need every route in 'all' mode", () => {
    expect(computeCapabilities(held(['approve_withdrawal'])).canApproveWhiteList).toBe(false);
    expect(computeCapabilities(held(['approve_whitelist'])).canApproveWhiteList).toBe(true);
  });

  it('read child permissions for wallet search and current-or-child for the users module', () => {
    expect(computeCapabilities(held(['approve_whitelist'])).canSearchWallets).toBe(false);
    expect(computeCapabilities(held([], ['approve_whitelist'])).canSearchWallets).toBe(true);
    expect(computeCapabilities(held([], ['user_support'])).canViewUsersModule).toBe(true);
  });

  it('grant canTestFeatures from test_new_features', () => {
    expect(computeCapabilities(held(['test_new_features'])).canTestFeatures).toBe(true);
  });
});

describe('error catalogue (section 8)', () => {
  it('titles 409 with the spec’s mislabel', () => {
    expect(ERROR_CATALOGUE[409]?.title).toBe('Forbidden Access');
  });
});

describe('the permission catalogue’s groups (section 6)', () => {
  it('hold every key exactly once', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.keys);
    expect([...grouped].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});
