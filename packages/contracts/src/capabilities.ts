import type { Endpoint } from './endpoint';
import { API } from './endpoint-table';
import type { EntityPermissions, PermissionScope } from './permissions';
import { satisfies } from './permissions';

/**
 * Capability flags of section 6. Each lists the routes it needs and a mode: 'all' (every
 * route permitted) or 'either' (any one). The keys come from the endpoint rows, so a flag
 * can never disagree with what the server enforces.
 */
type Capability = { routes: readonly Endpoint[]; mode: 'all' | 'either'; scope?: PermissionScope };

const all = (...routes: Endpoint[]): Capability => ({ routes, mode: 'all' });
const either = (...routes: Endpoint[]): Capability => ({ routes, mode: 'either' });
const inChildren = (c: Capability): Capability => ({ ...c, scope: 'child' });
const inCurrentOrChild = (c: Capability): Capability => ({ ...c, scope: 'currentOrChild' });

const A = API;

export const CAPABILITIES = {
  // Menu flags
  canViewSummary: either(A.account.summary, A.account.balances),
  canViewSummaryTowardsClient: all(A.account.summaryTowardClients),
  // Section 5's "cash balance summary": what each entity below holds.
  canViewCashBalanceSummary: all(A.cashEntry.childrenSummary),
  canViewStatements: all(A.statement.generate),
  canViewInstruments: all(A.instruments.list),
  canViewFxSwaps: all(A.instruments.fxSwapRates),
  canViewTrades: all(A.trades.list),
  canViewEntitiesModule: all(A.entity.view),
  canViewAccounts: all(A.account.list),
  canViewTemplates: all(A.template.list),
  canViewAllocations: all(A.allocations.groupsList),
  canTestFeatures: { routes: [], mode: 'all' },
  canViewUsersModule: inCurrentOrChild(all(A.userManagement.list)),
  canViewUserAPIKeys: all(A.userManagement.apiKeysList),
  canViewUserGroups: all(A.authorization.groups),
  canViewUserRoles: all(A.authorization.roles),
  canViewUserPermissionScopes: all(A.authorization.permissionScopes),
  canViewCashEntries: all(A.cashEntry.list),
  canViewRequests: all(A.requests.list),
  canViewTransfers: all(A.transfer.list),
  canViewSSIProfiles: all(A.ssiProfile.list),
  canViewBankWallets: either(A.bankInfo.list, A.wallet.list),
  canSearchWallets: inChildren(all(A.wallet.search)),
  // Deciding needs approve_whitelist, which the staff-only removal route carries.
  canApproveWhiteList: all(A.wallet.whitelistRemove, A.wallet.workflows),
  canViewTransferFees: all(A.transfer.feesList),
  // Loading rules and actions
  canManageUser: all(A.userManagement.update),
  // Section 6 "Transfers": create withdrawal transfer; create, update and delete transfer fees.
  canCreateWithdrawalTransfer: all(A.transfer.withdrawal),
  canManageTransferFees: all(A.transfer.feesCreate, A.transfer.feesUpdate, A.transfer.feesDelete),
  canCreateAccount: all(A.account.create, A.account.types),
  canEditAccount: all(A.account.update),
  canViewUserPermissionScopeTypes: all(A.authorization.permissionScopeTypes),
  canViewPendingRequests: all(A.requests.pending),
  canUpdateRequestStatus: all(A.requests.statusUpdate),
  canCreateDepositRequest: either(A.requests.depositFiat, A.requests.depositCrypto),
  canCreateWithdrawalRequest: either(A.requests.withdrawalFiat, A.requests.withdrawalCrypto),
  canCreateInternalTransfer: all(A.requests.internalTransfer),
  // Staff may send an internal transfer on to a related entity's account.
  canViewRelatedEntities: all(A.entity.relatedEntities),
  canCreateDepositHistoric: all(A.cashEntry.deposit),
  canCreateWithdrawalHistoric: all(A.cashEntry.withdrawal),
  canCreateInternalTransferHistoric: all(A.cashEntry.internalTransfer),
  canReverseDepositHistoric: all(A.cashEntry.reverseDeposit),
  canReverseWithdrawalHistoric: all(A.cashEntry.reverseWithdrawal),
  canReverseInternalTransferHistoric: all(A.cashEntry.reverseInternalTransfer),
  canCreateWhitelistRequest: either(A.bankInfo.whitelistCreate, A.wallet.whitelistCreate),
  canUpdateWalletType: all(A.wallet.updateType),
  canViewVasps: all(A.vasps.list),
  canManageVasps: all(A.vasps.create, A.vasps.update, A.vasps.delete),
  canBookTrades: all(A.trades.bookManualFxTrade),
  canCancelTrades: all(A.trades.cancel),
  canBookOptions: all(A.trades.bookManualDeliverableFxOptionTrade),
  // Section 6's "amend (option expiry, exercise, knock-in, knock-out)".
  canAmendOptions: all(
    A.trades.expireOption,
    A.trades.exerciseOption,
    A.trades.knockInOption,
    A.trades.knockOutOption,
  ),
  canViewMarginRequirements: all(A.entity.marginRequirements),
  canManageMaintenance: all(A.platform.setMaintenance),
  canManageRates: all(A.instruments.rates, A.instruments.setRate),
  canManageInstruments: all(A.instruments.create, A.instruments.update, A.instruments.setStatus),
  canManageHolidays: all(A.instruments.addHoliday, A.instruments.removeHoliday),
  canManageSwapPoints: all(A.instruments.setSwapPoints),
  canViewEntityInstruments: all(A.entity.instruments),
  canSetEntityInstruments: all(A.entity.setInstruments),
  canManageApprovalPolicies: all(A.requests.policies, A.requests.setPolicy),
  // Ceilings (issue 38): read by who views entities; a change asked for by system staff.
  canViewLimits: all(A.limits.list),
  canRequestLimits: all(A.limits.list, A.limits.update),
  // Section 6, "Entity administration" and "Templates".
  canCreateEntity: all(A.entity.create, A.entity.parentEntities),
  canEditEntity: all(A.entity.update),
  canViewEntityAccounts: all(A.entity.accounts),
  canFreezeEntity: all(A.entity.freeze, A.entity.unfreeze),
  canViewTemplateDetails: all(A.template.view),
  canCreateTemplate: all(A.template.create),
  canEditTemplate: all(A.template.update),
  canDeleteTemplate: all(A.template.delete),
  canCreateEntityViaTemplate: all(A.template.createEntity),
  canManageConversionProfiles: all(A.entity.conversionProfileCreate, A.entity.conversionProfileUpdate),
  canManageRollProfiles: all(A.entity.rollProfileCreate, A.entity.rollProfileUpdate),
  // Section 6, "Allocations" (view is canViewAllocations above).
  canCreateAllocationGroup: all(A.allocations.groupsCreate),
  canUpdateAllocationGroupStatus: all(A.allocations.groupsUpdate),
  canDeleteAllocationGroup: all(A.allocations.groupsDelete),
  canAddAllocationInvestors: all(A.allocations.investorsAdd),
  canUpdateAllocationInvestors: all(A.allocations.investorsUpdate),
  canRemoveAllocationInvestors: all(A.allocations.investorsRemove),
  canReprocessTradeAllocations: either(A.allocations.tradesFx, A.allocations.tradesCfd),
  // Section 6, "Statements: view and create"; sending and the end-of-day history are staff's.
  canViewStatementList: all(A.statement.list, A.statement.status, A.statement.download),
  canCreateStatements: all(A.statement.generate),
  canSendStatements: all(A.statement.send),
  canViewEodRuns: all(A.eod.runs),
  canRunEod: all(A.eod.run),
  /** Address types, name sources and attributes: one key (account_management at the root) keeps all three. */
  canManageReferenceCodes: all(
    A.entity.addressTypesAll,
    A.entity.addressTypeCreate,
    A.entity.addressTypeUpdate,
    A.entity.nameSourcesAll,
    A.entity.nameSourceCreate,
    A.entity.nameSourceUpdate,
    A.entity.attributesAll,
    A.entity.attributeCreate,
    A.entity.attributeUpdate,
  ),
} as const satisfies Record<string, Capability>;

export type CapabilityFlag = keyof typeof CAPABILITIES;
export type Capabilities = Record<CapabilityFlag, boolean>;

function routePermitted(held: EntityPermissions, route: Endpoint, scope?: PermissionScope): boolean {
  if (!route.permissions) return true;
  return satisfies(held, { ...route.permissions, scope: scope ?? route.permissions.scope });
}

/** All flags false: what a user holds before permissions load. */
export function noCapabilities(): Capabilities {
  return Object.fromEntries(Object.keys(CAPABILITIES).map((k) => [k, false])) as Capabilities;
}

export function computeCapabilities(held: EntityPermissions): Capabilities {
  const flags = noCapabilities();
  for (const [flag, cap] of Object.entries(CAPABILITIES) as [CapabilityFlag, Capability][]) {
    const check = (r: Endpoint) => routePermitted(held, r, cap.scope);
    flags[flag] = cap.mode === 'all' ? cap.routes.every(check) : cap.routes.some(check);
  }
  flags.canTestFeatures = held.permissions.includes('test_new_features');
  return flags;
}
