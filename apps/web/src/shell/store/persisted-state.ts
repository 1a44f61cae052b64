import {
  DEFAULT_ENTITY_ID,
  DEFAULT_ENTITY_PARENT_ID,
  type EntityStatusFilter,
} from '@clearway/contracts/enums';
import type { PermissionKey } from '@clearway/contracts/permissions';

/** Section 3 "Persisted client state (version 7)"; section 4 lists what each migration adds. */
export const PERSISTED_STATE_VERSION = 7;
export const PERSISTED_STATE_KEY = 'clearway.state';
export const PERSISTED_STATE_LOAD_TIMEOUT_MS = 5000;

export type CurrentEntity = {
  entityId: number;
  entityName: string;
  parentId: number;
  attributes: string[];
};

export type EntityFilters = {
  status: EntityStatusFilter;
  tradingEnabled: 'Enabled' | 'Disabled' | null;
  attributes: string[];
  addressTypes: string[];
  nameSources: string[];
  conversionProfiles: string[];
  rollProfiles: string[];
  baseCurrencies: string[];
};

export type AccountSelection = { accountType: string; accountId: number | null };

export type NewAccountDraft = {
  accountType: string;
  accountName: string;
  ibanCode: string;
  accountCode: string;
  currencyId: string;
  swiftCode: string;
};

export type PortalNotification = {
  id: string;
  title: string;
  message: string;
  createdAt: string;
  link?: string;
  visited: boolean;
};

export type NotificationState = {
  list: PortalNotification[];
  visited: boolean;
  opened: boolean;
  featureNotificationVisited: boolean;
  walletTypeNoticeVisited: boolean;
};

export type PersistedState = {
  currentEntity: CurrentEntity;
  filters: EntityFilters;
  searchFilter: string;
  accountSelection: AccountSelection;
  isClientUser: boolean;
  newAccountDraft: NewAccountDraft;
  expandList: boolean;
  notifications: NotificationState;
  permissions: Record<string, { permissions: PermissionKey[]; childPermissions: PermissionKey[] }>;
  pendingStatementPdf: string | null;
  tablePageSize: number;
  groupBy: string;
  forceLogout: boolean;
};

export const DEFAULT_CURRENT_ENTITY: CurrentEntity = {
  entityId: DEFAULT_ENTITY_ID,
  entityName: '',
  parentId: DEFAULT_ENTITY_PARENT_ID,
  attributes: [],
};

export const DEFAULT_ACCOUNT_SELECTION: AccountSelection = { accountType: 'Bank', accountId: null };

export const DEFAULT_FILTERS: EntityFilters = {
  status: 'Active',
  tradingEnabled: null,
  attributes: [],
  addressTypes: [],
  nameSources: [],
  conversionProfiles: [],
  rollProfiles: [],
  baseCurrencies: [],
};

export const DEFAULT_TABLE_PAGE_SIZE = 10;
export const DEFAULT_GROUP_BY = 'Product';

export function initialPersistedState(): PersistedState {
  return {
    currentEntity: { ...DEFAULT_CURRENT_ENTITY },
    filters: { ...DEFAULT_FILTERS },
    searchFilter: '',
    accountSelection: { ...DEFAULT_ACCOUNT_SELECTION },
    isClientUser: false,
    newAccountDraft: {
      accountType: '',
      accountName: '',
      ibanCode: '',
      accountCode: '',
      currencyId: '',
      swiftCode: '',
    },
    expandList: false,
    notifications: {
      list: [],
      visited: true,
      opened: false,
      featureNotificationVisited: false,
      walletTypeNoticeVisited: false,
    },
    permissions: {},
    pendingStatementPdf: null,
    tablePageSize: DEFAULT_TABLE_PAGE_SIZE,
    groupBy: DEFAULT_GROUP_BY,
    forceLogout: false,
  };
}

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

/**
 * Migration N turns a version N−1 state into version N by adding exactly the default of
 * section 4; fields a user already set are kept.
 */
export const MIGRATIONS: Record<number, (s: Loose) => Loose> = {
  1: (s) => ({
    ...s,
    filters: { ...obj(s.filters), status: 'Active', tradingEnabled: obj(s.filters).tradingEnabled ?? null },
  }),
  2: (s) => ({ ...s, currentEntity: s.currentEntity ?? { ...DEFAULT_CURRENT_ENTITY } }),
  3: (s) => ({ ...s, accountSelection: s.accountSelection ?? { ...DEFAULT_ACCOUNT_SELECTION } }),
  4: (s) => ({ ...s, notifications: { ...obj(s.notifications), featureNotificationVisited: false } }),
  5: (s) => ({ ...s, searchFilter: '' }),
  6: (s) => ({ ...s, notifications: { ...obj(s.notifications), walletTypeNoticeVisited: false } }),
  7: (s) => ({ ...s, forceLogout: false }),
};

/** Runs every migration after `fromVersion`, then fills anything still missing. */
export function migratePersistedState(state: unknown, fromVersion: number): PersistedState {
  let s = obj(state);
  for (let v = fromVersion + 1; v <= PERSISTED_STATE_VERSION; v++) s = MIGRATIONS[v]!(s);
  const base = initialPersistedState();
  return {
    ...base,
    ...s,
    filters: { ...base.filters, ...obj(s.filters) },
    notifications: { ...base.notifications, ...obj(s.notifications) },
  } as PersistedState;
}
