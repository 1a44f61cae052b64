/** Permission keys of spec section 6, held per entity (own) and for child entities. */
export const PERMISSION_KEYS = [
  'user_management',
  'order_management',
  'account_view',
  'account_management',
  'account_config_view',
  'request_withdrawal',
  'approve_withdrawal',
  'request_deposit',
  'approve_deposit',
  'request_whitelist',
  'approve_whitelist',
  'authorization_management',
  'authentication_management',
  'entity_template_management',
  'limited_account_management',
  'manual_trade_booking',
  'user_support',
  'trade_amend',
  'exposure_monitoring',
  'system_management',
  'eod_processing',
  'send_statements',
  'instrument_management',
  'fees_management',
  'roll_profile_management',
  'conversion_profile_management',
  'test_new_features',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export type PermissionMode = 'any' | 'all';

/** Whose permissions a check reads: the entity's own, its children's, or either. */
export type PermissionScope = 'current' | 'child' | 'currentOrChild';

export type EntityPermissions = {
  permissions: readonly PermissionKey[];
  childPermissions: readonly PermissionKey[];
};

export type PermissionRequirement = {
  keys: readonly PermissionKey[];
  mode?: PermissionMode;
  scope?: PermissionScope;
};

/** The one rule every check uses: keys (any/all) against own, child or either set. */
export function satisfies(held: EntityPermissions, req: PermissionRequirement): boolean {
  if (req.keys.length === 0) return true;
  const scope = req.scope ?? 'current';
  const has = (key: PermissionKey) =>
    (scope !== 'child' && held.permissions.includes(key)) ||
    (scope !== 'current' && held.childPermissions.includes(key));
  return req.mode === 'all' ? req.keys.every(has) : req.keys.some(has);
}

/** The permission catalogue as section 6 lists it, line by line: how pickers group the keys. */
export const PERMISSION_GROUPS: ReadonlyArray<{ label: string; keys: readonly PermissionKey[] }> = [
  {
    label: 'Users and accounts',
    keys: [
      'user_management',
      'order_management',
      'account_view',
      'account_management',
      'account_config_view',
    ],
  },
  {
    label: 'Requests and approvals',
    keys: [
      'request_withdrawal',
      'approve_withdrawal',
      'request_deposit',
      'approve_deposit',
      'request_whitelist',
      'approve_whitelist',
    ],
  },
  {
    label: 'Administration',
    keys: [
      'authorization_management',
      'authentication_management',
      'entity_template_management',
      'limited_account_management',
    ],
  },
  {
    label: 'Trading and operations',
    keys: [
      'manual_trade_booking',
      'user_support',
      'trade_amend',
      'exposure_monitoring',
      'system_management',
      'eod_processing',
    ],
  },
  {
    label: 'Statements, instruments and configuration',
    keys: [
      'send_statements',
      'instrument_management',
      'fees_management',
      'roll_profile_management',
      'conversion_profile_management',
      'test_new_features',
    ],
  },
];
