import { describe, expect, it } from 'vitest';
import { isClientUser } from './entity-flags';
import {
  isPathAllowed,
  type MenuContext,
  type MenuItem,
  menuItemForPath,
  menuLeaves,
  visibleMenu,
} from './menu';
import { PERMISSION_KEYS, type PermissionKey } from './permissions';

const ALL = [...PERMISSION_KEYS];

function ctx(over: Partial<MenuContext> = {}): MenuContext {
  return {
    held: { permissions: ALL, childPermissions: ALL },
    attributes: [],
    parentAttributes: [],
    environment: 'dev',
    canTestFeatures: false,
    ...over,
  };
}
const ids = (c: MenuContext) => menuLeaves(visibleMenu(c)).map((i) => i.id);
const withKeys = (permissions: PermissionKey[], childPermissions: PermissionKey[] = []) => ({
  held: { permissions, childPermissions },
});

describe('menu gating (sections 2, 5 and 6)', () => {
  it('has every route of section 2 in the menu', () => {
    const paths = menuLeaves()
      .map((i) => i.path)
      .filter(Boolean);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/statements',
        '/instruments',
        '/fx-swaps',
        '/trades',
        '/entities',
        '/accounts',
        '/templates',
        '/allocations',
        '/user-management',
        '/user-management/api-keys',
        '/user-management/groups',
        '/user-management/roles',
        '/user-management/permission-scopes',
        '/deposit-and-withdrawals/historic',
        '/deposit-and-withdrawals/requests',
        '/deposit-and-withdrawals/transfer',
        '/whitelist-requests',
        '/vasp-management',
        '/config/transfer-fees',
      ]),
    );
  });

  it('Transfer Fees Configuration needs Transfer Receiver', () => {
    expect(ids(ctx())).not.toContain('transfer-fees');
    expect(ids(ctx({ attributes: ['Transfer Receiver'] }))).toContain('transfer-fees');
  });

  it('Deposit & Withdrawal Transfers needs Transfer Receiver or Referred Client', () => {
    expect(ids(ctx())).not.toContain('transfers');
    expect(ids(ctx({ attributes: ['Transfer Receiver'] }))).toContain('transfers');
    expect(ids(ctx({ attributes: ['Referred Client'] }))).toContain('transfers');
  });

  it('Allocations needs Allocation Manager', () => {
    expect(ids(ctx())).not.toContain('allocations');
    expect(ids(ctx({ attributes: ['Allocation Manager'] }))).toContain('allocations');
  });

  it('Allocations in production needs canTestFeatures too', () => {
    const base = { attributes: ['Allocation Manager'], environment: 'production' as const };
    expect(ids(ctx(base))).not.toContain('allocations');
    expect(ids(ctx({ ...base, canTestFeatures: true }))).toContain('allocations');
  });

  it('Deposit & Withdrawal Requests is hidden for Transfer Receiver', () => {
    expect(ids(ctx())).toContain('requests');
    expect(ids(ctx({ attributes: ['Transfer Receiver'] }))).not.toContain('requests');
  });

  it('Approvals (beyond section 2) shows to whoever holds an approve key on the entity or for those below it, and to no one else', () => {
    for (const key of ['approve_withdrawal', 'approve_deposit', 'approve_whitelist'] as const) {
      expect(ids(ctx(withKeys(['account_view', key])))).toContain('approvals');
      expect(ids(ctx(withKeys(['account_view'], [key])))).toContain('approvals');
    }
    expect(ids(ctx(withKeys(['account_view', 'request_withdrawal', 'request_deposit'])))).not.toContain(
      'approvals',
    );
    expect(menuItemForPath('/approvals')?.id).toBe('approvals');
  });

  it('Wallets Search uses child permissions only', () => {
    expect(ids(ctx(withKeys(['approve_whitelist'])))).not.toContain('wallets-search');
    expect(ids(ctx(withKeys([], ['approve_whitelist'])))).toContain('wallets-search');
  });

  it('Users uses the current or a child entity’s permissions', () => {
    expect(ids(ctx(withKeys([], ['user_management'])))).toContain('users');
    expect(ids(ctx(withKeys(['user_management'])))).toContain('users');
    expect(ids(ctx(withKeys([])))).not.toContain('users');
  });

  it('hides an entry whose keys the user lacks (any mode)', () => {
    expect(ids(ctx(withKeys(['order_management'])))).toContain('accounts');
    expect(ids(ctx(withKeys(['instrument_management'])))).not.toContain('accounts');
  });

  it('needs every key on a needs-all entry', () => {
    const item: MenuItem = {
      id: 'x',
      label: 'X',
      path: '/x',
      permissions: ['account_view', 'trade_amend'],
      needsAll: true,
    };
    expect(visibleMenu(ctx(withKeys(['account_view'])), [item])).toEqual([]);
    expect(visibleMenu(ctx(withKeys(['account_view', 'trade_amend'])), [item])).toHaveLength(1);
  });

  it('applies restricted and required parent attributes', () => {
    const restricted: MenuItem = { id: 'r', label: 'R', path: '/r', restrictedParentAttributes: ['Bank'] };
    const required: MenuItem = { id: 'q', label: 'Q', path: '/q', requiredParentAttributes: ['WhiteLabel'] };
    expect(visibleMenu(ctx({ parentAttributes: ['Bank'] }), [restricted])).toEqual([]);
    expect(visibleMenu(ctx(), [restricted])).toHaveLength(1);
    expect(visibleMenu(ctx(), [required])).toEqual([]);
    expect(visibleMenu(ctx({ parentAttributes: ['WhiteLabel'] }), [required])).toHaveLength(1);
  });

  it('hides test features in production and demo unless canTestFeatures', () => {
    const item: MenuItem = { id: 't', label: 'T', path: '/t', testFeature: true };
    expect(visibleMenu(ctx({ environment: 'dev' }), [item])).toHaveLength(1);
    expect(visibleMenu(ctx({ environment: 'uat' }), [item])).toHaveLength(1);
    expect(visibleMenu(ctx({ environment: 'demo' }), [item])).toEqual([]);
    expect(visibleMenu(ctx({ environment: 'production' }), [item])).toEqual([]);
    expect(visibleMenu(ctx({ environment: 'production', canTestFeatures: true }), [item])).toHaveLength(1);
  });

  it('hides a group with no visible sub-items', () => {
    const groups = visibleMenu(ctx(withKeys(['account_view']))).map((g) => g.id);
    expect(groups).toContain('account');
    expect(groups).not.toContain('user-management');
  });
});

describe('route access (section 5)', () => {
  it('allows a path matching no menu entry', () => {
    expect(isPathAllowed('/user/change-password', ctx(withKeys([])))).toBe(true);
  });

  it('allows any path while permissions are unknown', () => {
    expect(isPathAllowed('/templates', null)).toBe(true);
  });

  it('guards a menu path by the entry’s rules', () => {
    expect(isPathAllowed('/templates', ctx(withKeys([])))).toBe(false);
    expect(isPathAllowed('/templates', ctx(withKeys(['entity_template_management'])))).toBe(true);
    expect(menuItemForPath('/templates/')?.id).toBe('templates');
  });
});

describe('client user (section 1)', () => {
  const leaf = { children: [] };
  it('is a user with at most 5 entities, none with children', () => {
    expect(isClientUser([leaf, leaf, leaf, leaf, leaf])).toBe(true);
    expect(isClientUser([leaf, leaf, leaf, leaf, leaf, leaf])).toBe(false);
    expect(isClientUser([leaf, { children: [leaf] }])).toBe(false);
  });
});

describe('entity-type flags (section 6)', () => {
  it('derive broker, short-range-date and direct client from attributes', async () => {
    const { entityTypeFlags } = await import('./entity-flags');
    expect(entityTypeFlags(['WhiteLabel'])).toMatchObject({
      whiteLabel: true,
      broker: true,
      shortRangeDate: true,
    });
    expect(entityTypeFlags(['Executing Broker']).broker).toBe(true);
    expect(entityTypeFlags(['Transfer Receiver'])).toMatchObject({
      directClient: true,
      broker: false,
      shortRangeDate: true,
    });
    expect(entityTypeFlags(['Custodian']).shortRangeDate).toBe(true);
    expect(entityTypeFlags(['Margin'])).toMatchObject({
      marginClient: true,
      broker: false,
      shortRangeDate: false,
    });
  });
});
