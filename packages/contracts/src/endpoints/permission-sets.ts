import { allOf, anyOf } from '../endpoint';

/** Section 6, "Per-endpoint permission keys", named once and reused by the rows. */
export const P = {
  accountData: anyOf('account_view', 'order_management'),
  accountChange: anyOf('account_management'),
  authorization: anyOf('authorization_management'),
  userList: anyOf('user_management', 'account_management', 'user_support', 'limited_account_management'),
  userSupport: anyOf('user_support', 'authorization_management'),
  sso: anyOf('authentication_management', 'authorization_management'),
  approvals: anyOf('approve_withdrawal', 'approve_deposit', 'approve_whitelist'),
  /** An approver's inbox: the requests of the entity (its own keys) and of those below it (child keys). */
  approvalsHereOrBelow: {
    // authorization_management decides approval-policy changes under four eyes; system_management
    // decides ceilings ('LIMIT').
    keys: [
      'approve_withdrawal',
      'approve_deposit',
      'approve_whitelist',
      'authorization_management',
      'system_management',
    ],
    mode: 'any',
    scope: 'currentOrChild',
  },
  viewRequests: anyOf(
    'request_withdrawal',
    'approve_withdrawal',
    'request_deposit',
    'approve_deposit',
    'request_whitelist',
    'approve_whitelist',
  ),
  /**
   * Deciding or reading one request: who may make or decide one (approval-policy changes:
   * authorization_management; ceilings: system_management).
   */
  decideRequests: anyOf(
    'request_withdrawal',
    'approve_withdrawal',
    'request_deposit',
    'approve_deposit',
    'request_whitelist',
    'approve_whitelist',
    'authorization_management',
    'system_management',
  ),
  requestDeposit: anyOf('request_deposit'),
  requestWithdrawal: anyOf('request_withdrawal'),
  requestWhitelist: anyOf('request_whitelist'),
  approveWhitelist: anyOf('approve_whitelist'),
  whitelistView: anyOf('request_whitelist', 'approve_whitelist', 'account_view'),
  /** Wallet type update: approve_whitelist or request_whitelist. */
  whitelistAny: anyOf('approve_whitelist', 'request_whitelist'),
  walletSearch: { keys: ['approve_whitelist', 'request_whitelist'], mode: 'any', scope: 'child' },
  cashEntryView: anyOf('account_view', 'order_management', 'approve_deposit', 'approve_withdrawal'),
  cashDeposit: anyOf('request_deposit', 'approve_deposit'),
  cashWithdrawal: anyOf('request_withdrawal', 'approve_withdrawal'),
  manualTrade: anyOf('manual_trade_booking'),
  tradeAmend: anyOf('trade_amend'),
  tradeView: anyOf('account_view', 'order_management', 'manual_trade_booking'),
  transferFees: anyOf('fees_management'),
  transfers: anyOf('request_withdrawal', 'account_view'),
  allocations: anyOf('system_management'),
  instruments: anyOf('instrument_management'),
  instrumentView: anyOf('instrument_management', 'order_management', 'manual_trade_booking', 'account_view'),
  entityChange: anyOf('account_management'),
  entityView: anyOf('account_management', 'limited_account_management', 'account_config_view'),
  /** What an entity may trade: read by who configures it and by who trades for it (the booking form's picker). */
  tradableView: anyOf(
    'account_management',
    'limited_account_management',
    'account_config_view',
    'manual_trade_booking',
    'order_management',
  ),
  templates: anyOf('entity_template_management'),
  conversionProfiles: anyOf('conversion_profile_management'),
  rollProfiles: anyOf('roll_profile_management'),
  /** Create an entity via a template: the template key and account_management (it opens accounts). */
  templateUse: allOf('entity_template_management', 'account_management'),
  statements: anyOf('account_view', 'order_management', 'send_statements'),
  sendStatements: anyOf('send_statements'),
  eod: anyOf('eod_processing', 'account_view', 'order_management'),
  eodRun: anyOf('eod_processing'),
  vaspView: anyOf('request_whitelist', 'approve_whitelist'),
  vaspManage: anyOf('approve_whitelist', 'system_management'),
  ssiView: anyOf('account_view', 'request_deposit', 'approve_deposit'),
  ssiManage: anyOf('account_management'),
  system: anyOf('system_management'),
  /** The audit trail screen (beyond the spec): staff who run the platform or administer rights. */
  audit: anyOf('system_management', 'authorization_management'),
} as const;
