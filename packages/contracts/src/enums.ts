/** Shared enumerations of spec section 3 and 4. */

export const ENTITY_ATTRIBUTES = [
  'Executing Broker',
  'Customer',
  'Liquidity Provider',
  'Fund Manager',
  'Custodian',
  'Bank',
  'Agent',
  'Margin',
  'DELIVERABLE',
  'Allocation Manager',
  'Allocation Investor',
  'WhiteLabel',
  'GCE_Entity',
  'Transfer Receiver',
  'Referred Client',
] as const;
export type EntityAttribute = (typeof ENTITY_ATTRIBUTES)[number];

export const RELATIONSHIP_TYPES = [
  'Agent',
  'Client',
  'Collateral',
  'ManagedAccount',
  'ReferredClient',
  'Undefined',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

/** The default entity: what the selector holds before a real entity is chosen. */
export const DEFAULT_ENTITY_ID = -1;
export const DEFAULT_ENTITY_PARENT_ID = -1;

export const TRADING_ENABLED_FILTER = ['Enabled', 'Disabled'] as const;
export const ENTITY_STATUS_FILTER = ['Active', 'Inactive'] as const;
export type EntityStatusFilter = (typeof ENTITY_STATUS_FILTER)[number];
export const DEFAULT_ENTITY_STATUS_FILTER: EntityStatusFilter = 'Active';

export const ACCOUNT_TYPES = ['MarginTrading', 'Bank', 'Custody', 'Settlement'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** How an account type reads on a screen or a statement (the value stays as stored). */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  MarginTrading: 'Margin Trading',
  Bank: 'Bank',
  Custody: 'Custody',
  Settlement: 'Settlement',
};

export const ASSET_CLASSES = ['FIAT', 'CRYPTO'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const WALLET_TYPES = [
  'Regulated Custodian Wallet',
  'Private DeFi Wallet',
  'Private Hardware Wallet',
  'Wallet as a Service',
] as const;
/** A wallet whose type is still to be set carries this value. */
export const WALLET_TYPE_UNKNOWN = 'Unknown';
export type WalletType = (typeof WALLET_TYPES)[number] | typeof WALLET_TYPE_UNKNOWN;

export const REQUEST_TYPES = [
  'BANK ACCOUNT',
  'WALLET ADDRESS',
  'REMOVE BANK ACCOUNT',
  'REMOVE WALLET',
  'WITHDRAWAL',
  'DEPOSIT',
  'UPDATE WALLET',
  'UPDATE BANK ACCOUNT',
  'INTERNAL TRANSFER',
  // A change of an approval policy, when the policies are themselves under four eyes.
  'APPROVAL POLICY',
  // Staff's booking at a price beyond the instrument's tolerance, booked once another approves.
  'OFF MARKET TRADE',
  // A barrier touch the rate sheet missed, applied to an option once another approves.
  'BARRIER EVENT',
  // A change of a ceiling (limits module), applied once another person approves it.
  'LIMIT',
  // A back-office cash entry above its ceiling, booked once another person approves it.
  'LARGE CASH ENTRY',
  // An entity's move to another parent where approval policies are under four eyes.
  'ENTITY MOVE',
] as const;
/** The bookings an 'OFF MARKET TRADE' request may carry (each a booking row). */
export const OFF_MARKET_BOOKINGS = [
  'DELIVERABLE_FX',
  'DELIVERABLE_FX_COUNTER',
  'MARGIN_FX',
  'CFD',
  'FX_SWAP',
  'FX_OPTION',
] as const;
export type OffMarketBooking = (typeof OFF_MARKET_BOOKINGS)[number];
export type RequestType = (typeof REQUEST_TYPES)[number];
// Each type's display label, payload and approve key: request-types/request-types.ts.

/** The request types of whitelisting (bank accounts and wallets). */
export const WHITELIST_REQUEST_TYPES = [
  'BANK ACCOUNT',
  'WALLET ADDRESS',
  'REMOVE BANK ACCOUNT',
  'REMOVE WALLET',
  'UPDATE WALLET',
  'UPDATE BANK ACCOUNT',
] as const satisfies readonly RequestType[];

/** A VASP's status in the registry. */
export const VASP_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type VaspStatus = (typeof VASP_STATUSES)[number];
export const VASP_STATUS_LABELS: Record<VaspStatus, string> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

/** Request statuses: the spec leaves them open; this is the chosen state machine. */
export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'COMPLETED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUIRE_2FA_VALUES = ['no', 'success', 'setup', 'verify'] as const;
export type Require2fa = (typeof REQUIRE_2FA_VALUES)[number];

export const SESSION_STATUSES = ['loading', 'authenticated', 'unauthenticated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const ENVIRONMENTS = ['production', 'demo', 'uat', 'dev'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Title labels of spec section 2: none in production. */
export const ENVIRONMENT_LABELS: Record<Environment, string | null> = {
  production: null,
  demo: 'Demo',
  uat: 'Uat',
  dev: 'Dev',
};

/** What the platform trades: FX pairs (spot, forwards, swaps), CFDs and FX options on a pair. */
export const INSTRUMENT_KINDS = ['FX', 'CFD', 'FX_OPTION'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export const OPTION_STYLES = ['EUROPEAN', 'AMERICAN'] as const;
export type OptionStyle = (typeof OPTION_STYLES)[number];
/** The FX swap tenors of the swap-points curve, shortest first. */
export const FX_TENORS = ['ON', 'TN', 'SN', '1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y'] as const;
export type FxTenor = (typeof FX_TENORS)[number];

/**
 * What a booked trade is: a margin (rolling spot) FX position, a deliverable FX spot or
 * forward, an FX swap (near and far leg), a conversion sweep into the base currency, a CFD.
 */
export const TRADE_TYPES = [
  'MARGIN_FX',
  'DELIVERABLE_FX',
  'FX_SWAP',
  'CONVERSION_SWEEP',
  'CFD',
  'FX_OPTION',
] as const;
export type TradeType = (typeof TRADE_TYPES)[number];
export const TRADE_TYPE_LABELS: Record<TradeType, string> = {
  MARGIN_FX: 'Margin FX',
  DELIVERABLE_FX: 'Deliverable FX',
  FX_SWAP: 'FX swap',
  CONVERSION_SWEEP: 'Conversion sweep',
  CFD: 'CFD',
  FX_OPTION: 'FX option',
};
/** The side of the instrument's base (a CFD: of the contract) the client takes. */
export const TRADE_SIDES = ['BUY', 'SELL'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];
export const TRADE_SIDE_LABELS: Record<TradeSide, string> = { BUY: 'Buy', SELL: 'Sell' };
/**
 * A trade's life: PENDING until its legs settle on their value dates (SETTLED); a position
 * (margin FX, CFD) OPEN until closed out (CLOSED). Cancelled before settling (CANCELLED),
 * or after it, by opposite postings (REVERSED). A trade is never deleted. An FX option is OPEN
 * while it can be exercised, INACTIVE until a knock-in barrier is reached, and ends EXERCISED
 * (its underlying trade booked), EXPIRED (nothing delivered) or KNOCKED_OUT.
 */
export const TRADE_STATUSES = [
  'PENDING',
  'OPEN',
  'SETTLED',
  'CLOSED',
  'CANCELLED',
  'REVERSED',
  'INACTIVE',
  'EXERCISED',
  'EXPIRED',
  'KNOCKED_OUT',
  'ALLOCATED',
] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  PENDING: 'Pending',
  OPEN: 'Open',
  SETTLED: 'Settled',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
  REVERSED: 'Reversed',
  INACTIVE: 'Not knocked in',
  EXERCISED: 'Exercised',
  EXPIRED: 'Expired',
  KNOCKED_OUT: 'Knocked out',
  ALLOCATED: 'Allocated',
};
/** A delivery leg: its pay side held from booking, both sides posted on its value date. */
export const TRADE_LEG_STATUSES = ['PENDING', 'SETTLED', 'CANCELLED', 'REVERSED'] as const;
export type TradeLegStatus = (typeof TRADE_LEG_STATUSES)[number];
export const TRADE_LEG_STATUS_LABELS: Record<TradeLegStatus, string> = {
  PENDING: 'Pending',
  SETTLED: 'Settled',
  CANCELLED: 'Cancelled',
  REVERSED: 'Reversed',
};
/** What happened to a trade, appended in order (never changed). */
export const TRADE_EVENT_KINDS = [
  'BOOKED',
  'SETTLED',
  'ROLLED',
  'FINANCED',
  'CLOSED',
  'REOPENED',
  'CANCELLED',
  'REVERSED',
  'PREMIUM_POSTED',
  'KNOCKED_IN',
  'KNOCKED_OUT',
  'EXERCISED',
  'EXPIRED',
  'ALLOCATED',
] as const;
export type TradeEventKind = (typeof TRADE_EVENT_KINDS)[number];
export const TRADE_EVENT_LABELS: Record<TradeEventKind, string> = {
  BOOKED: 'Booked',
  SETTLED: 'Settled',
  ROLLED: 'Rolled',
  FINANCED: 'Financed',
  CLOSED: 'Closed out',
  REOPENED: 'Reopened',
  CANCELLED: 'Cancelled',
  REVERSED: 'Reversed',
  PREMIUM_POSTED: 'Premium posted',
  KNOCKED_IN: 'Knocked in',
  KNOCKED_OUT: 'Knocked out',
  EXERCISED: 'Exercised',
  EXPIRED: 'Expired',
  ALLOCATED: 'Allocated',
};
/**
 * An allocation group's life: ACTIVE allocates; SUSPENDED keeps its investors but allocates
 * nothing until made active again; CLOSED is final and keeps its history.
 */
export const ALLOCATION_GROUP_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export type AllocationGroupStatus = (typeof ALLOCATION_GROUP_STATUSES)[number];
/** How a group's investor weights read: ratios (any positive numbers) or percentages totalling 100. */
export const ALLOCATION_WEIGHTINGS = ['RATIO', 'PERCENT'] as const;
export type AllocationWeighting = (typeof ALLOCATION_WEIGHTINGS)[number];
/** An FX option's right: to buy the base at the strike (CALL) or to sell it (PUT). */
export const OPTION_TYPES = ['CALL', 'PUT'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];
export const OPTION_TYPE_LABELS: Record<OptionType, string> = { CALL: 'Call', PUT: 'Put' };
/**
 * An option's expiry cut: the time and place on the expiry date at which it expires (and from
 * which a European option may be exercised).
 */
export const OPTION_CUTS = ['NY', 'TOKYO', 'LONDON'] as const;
export type OptionCut = (typeof OPTION_CUTS)[number];
export const OPTION_CUT_TIMES: Record<OptionCut, { time: string; zone: string; label: string }> = {
  NY: { time: '10:00', zone: 'America/New_York', label: 'New York 10:00' },
  TOKYO: { time: '15:00', zone: 'Asia/Tokyo', label: 'Tokyo 15:00' },
  LONDON: { time: '15:00', zone: 'Europe/London', label: 'London 15:00' },
};
/** A barrier: reached from below (UP) or above (DOWN); it brings the option to life (KNOCK_IN) or ends it (KNOCK_OUT). */
export const BARRIER_DIRECTIONS = ['UP', 'DOWN'] as const;
export type BarrierDirection = (typeof BARRIER_DIRECTIONS)[number];
export const BARRIER_KINDS = ['KNOCK_IN', 'KNOCK_OUT'] as const;
export type BarrierKind = (typeof BARRIER_KINDS)[number];
export const BARRIER_LABELS: Record<`${BarrierDirection}_${BarrierKind}`, string> = {
  UP_KNOCK_IN: 'Up-and-in',
  UP_KNOCK_OUT: 'Up-and-out',
  DOWN_KNOCK_IN: 'Down-and-in',
  DOWN_KNOCK_OUT: 'Down-and-out',
};
/**
 * A stored enum value as people read it: its display label, or the value itself when the
 * labels do not know it (a value newer than this build, or free text such as an account
 * type read from an older row).
 */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}
