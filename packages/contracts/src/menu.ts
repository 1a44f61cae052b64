import type { Endpoint } from './endpoint';
import { API } from './endpoint-table';
import type { EntityAttribute, Environment } from './enums';
import type { EntityPermissions, PermissionKey } from './permissions';
import { satisfies } from './permissions';

/** A menu entry of section 2 with every gating field of sections 2, 5 and 6. */
export type MenuItem = {
  id: string;
  label: string;
  path?: string;
  /** Entries without a path open a panel. */
  panel?: 'deposit-funds' | 'bank-wallets' | 'wallets-search';
  permissions?: readonly PermissionKey[];
  needsAll?: boolean;
  childOnly?: boolean;
  currentOrChild?: boolean;
  restrictedAttributes?: readonly EntityAttribute[];
  restrictedParentAttributes?: readonly EntityAttribute[];
  requiredAttributes?: readonly EntityAttribute[];
  requiredParentAttributes?: readonly EntityAttribute[];
  /** Hidden in production and demo unless the entity has canTestFeatures. */
  testFeature?: boolean;
  /** In production it needs canTestFeatures too (Allocations). */
  productionNeedsTestFeatures?: boolean;
  children?: readonly MenuItem[];
};

/** Gate an entry by the keys (and where they are read) of the route it needs, so menu and server agree. */
function gate(route: Endpoint): Pick<MenuItem, 'permissions' | 'needsAll' | 'childOnly' | 'currentOrChild'> {
  const scope = route.permissions?.scope;
  return {
    permissions: route.permissions?.keys ?? [],
    needsAll: route.permissions?.mode === 'all',
    ...(scope === 'child' ? { childOnly: true } : {}),
    ...(scope === 'currentOrChild' ? { currentOrChild: true } : {}),
  };
}

const A = API;

export const MENU: readonly MenuItem[] = [
  {
    id: 'account',
    label: 'Account',
    children: [
      { id: 'overview', label: 'Overview', path: '/', ...gate(A.account.balances) },
      { id: 'statements', label: 'Statements', path: '/statements', ...gate(A.statement.generate) },
      { id: 'instruments', label: 'Instruments', path: '/instruments', ...gate(A.instruments.list) },
      { id: 'fx-swaps', label: 'FX Swaps', path: '/fx-swaps', ...gate(A.instruments.fxSwapRates) },
      { id: 'trades', label: 'Trades', path: '/trades', ...gate(A.trades.list) },
    ],
  },
  {
    id: 'entities-management',
    label: 'Entities Management',
    children: [
      { id: 'entities', label: 'Entities', path: '/entities', ...gate(A.entity.view) },
      { id: 'accounts', label: 'Accounts', path: '/accounts', ...gate(A.account.list) },
      { id: 'templates', label: 'Templates', path: '/templates', ...gate(A.template.list) },
      {
        id: 'allocations',
        label: 'Allocations',
        path: '/allocations',
        ...gate(A.allocations.groupsList),
        requiredAttributes: ['Allocation Manager'],
        productionNeedsTestFeatures: true,
      },
    ],
  },
  {
    id: 'user-management',
    label: 'User Management',
    children: [
      {
        id: 'users',
        label: 'Users',
        path: '/user-management',
        ...gate(A.userManagement.list),
        currentOrChild: true,
      },
      {
        id: 'api-keys',
        label: 'API Keys',
        path: '/user-management/api-keys',
        ...gate(A.userManagement.apiKeysList),
      },
      { id: 'groups', label: 'Groups', path: '/user-management/groups', ...gate(A.authorization.groups) },
      { id: 'roles', label: 'Roles', path: '/user-management/roles', ...gate(A.authorization.roles) },
      {
        id: 'permission-scopes',
        label: 'Permission Scopes',
        path: '/user-management/permission-scopes',
        ...gate(A.authorization.permissionScopes),
      },
      // Beyond section 2: the audit trail of the selected entity's subtree.
      {
        id: 'audit-trail',
        label: 'Audit Trail',
        path: '/user-management/audit-trail',
        ...gate(A.audit.list),
      },
    ],
  },
  {
    id: 'deposit-and-withdrawals',
    label: 'Deposit & Withdrawals',
    children: [
      // Beyond section 2 (issue 21): the approver's inbox, money and whitelisting requests
      // alike, for whoever holds an approve key on the selected entity or for those below it.
      { id: 'approvals', label: 'Approvals', path: '/approvals', ...gate(A.requests.inbox) },
      {
        id: 'historic',
        label: 'Historic',
        path: '/deposit-and-withdrawals/historic',
        ...gate(A.cashEntry.list),
      },
      {
        id: 'requests',
        label: 'Requests',
        path: '/deposit-and-withdrawals/requests',
        ...gate(A.requests.list),
        restrictedAttributes: ['Transfer Receiver'],
      },
      {
        id: 'transfers',
        label: 'Transfers',
        path: '/deposit-and-withdrawals/transfer',
        ...gate(A.transfer.list),
        requiredAttributes: ['Transfer Receiver', 'Referred Client'],
      },
      {
        id: 'deposit-funds',
        label: 'Deposit Funds / SSIs',
        panel: 'deposit-funds',
        ...gate(A.ssiProfile.list),
      },
      { id: 'bank-wallets', label: 'Bank Accounts / Wallets', panel: 'bank-wallets', ...gate(A.wallet.list) },
      {
        id: 'wallets-search',
        label: 'Wallets Search',
        panel: 'wallets-search',
        ...gate(A.wallet.search),
        childOnly: true,
      },
      {
        id: 'whitelist-requests',
        label: 'Whitelist Requests',
        path: '/whitelist-requests',
        ...gate(A.wallet.workflows),
      },
      { id: 'vasp-management', label: 'VASP Management', path: '/vasp-management', ...gate(A.vasps.list) },
      {
        id: 'transfer-fees',
        label: 'Transfer Fees Configuration',
        path: '/config/transfer-fees',
        ...gate(A.transfer.feesList),
        requiredAttributes: ['Transfer Receiver'],
      },
    ],
  },
];

/** What the menu rules read about the user and the selected entity. */
export type MenuContext = {
  held: EntityPermissions;
  attributes: readonly string[];
  parentAttributes: readonly string[];
  environment: Environment;
  canTestFeatures: boolean;
};

function permitted(item: MenuItem, held: EntityPermissions): boolean {
  const keys = item.permissions ?? [];
  const scope = item.childOnly ? 'child' : item.currentOrChild ? 'currentOrChild' : 'current';
  return satisfies(held, { keys, mode: item.needsAll ? 'all' : 'any', scope });
}

function attributesPass(item: MenuItem, ctx: MenuContext): boolean {
  const hasAny = (list: readonly string[], wanted?: readonly string[]) =>
    (wanted ?? []).some((a) => list.includes(a));
  if (hasAny(ctx.attributes, item.restrictedAttributes)) return false;
  if (hasAny(ctx.parentAttributes, item.restrictedParentAttributes)) return false;
  if (item.requiredAttributes?.length && !hasAny(ctx.attributes, item.requiredAttributes)) return false;
  if (item.requiredParentAttributes?.length && !hasAny(ctx.parentAttributes, item.requiredParentAttributes))
    return false;
  return true;
}

function featurePass(item: MenuItem, ctx: MenuContext): boolean {
  const hidesTests = ctx.environment === 'production' || ctx.environment === 'demo';
  if (item.testFeature && hidesTests && !ctx.canTestFeatures) return false;
  if (item.productionNeedsTestFeatures && ctx.environment === 'production' && !ctx.canTestFeatures)
    return false;
  return true;
}

/** One entry's own rules (children are not considered). */
export function isItemAllowed(item: MenuItem, ctx: MenuContext): boolean {
  return permitted(item, ctx.held) && attributesPass(item, ctx) && featurePass(item, ctx);
}

/** The visible menu: leaves that pass, groups that keep at least one visible sub-item. */
export function visibleMenu(ctx: MenuContext, items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.children) return isItemAllowed(item, ctx) ? [item] : [];
    const children = visibleMenu(ctx, item.children);
    return children.length > 0 && featurePass(item, ctx) ? [{ ...item, children }] : [];
  });
}

export function menuLeaves(items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.flatMap((i) => (i.children ? menuLeaves(i.children) : [i]));
}

/** The menu entry a path belongs to (exact path), if any. */
export function menuItemForPath(path: string): MenuItem | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return menuLeaves().find((i) => i.path === clean);
}

/**
 * Route access of section 5: a path matching no menu entry is not guarded; while
 * permissions are unknown the path is allowed; otherwise the entry's rules decide.
 */
export function isPathAllowed(path: string, ctx: MenuContext | null): boolean {
  const item = menuItemForPath(path);
  if (!item || !ctx) return true;
  return isItemAllowed(item, ctx);
}
