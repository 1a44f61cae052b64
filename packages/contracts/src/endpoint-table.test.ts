import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST, endpointKey } from './endpoint-table';
import { PERMISSION_KEYS } from './permissions';

/** Spec section 7, call by call, as the spec writes them (base paths expanded). */
const SPEC_SECTION_7 = `
GET auth/session|GET auth/csrf|GET auth/providers|POST auth/signin/{provider}|POST auth/callback/{provider}
POST auth/signout|POST auth/session|POST auth/_log
POST auth/login|POST auth/exchange|POST auth/authenticate-via-sso|POST auth/login-via-sso|POST auth/login-via-ms-entra
POST auth/forgot-password|POST auth/reset-password|GET auth/reset-password-requirements|GET server/mode
POST auth/twoFactor/verify|POST auth/twoFactor/setup-verify|POST server/maintenance|POST account/logout|POST profile/change-password
POST account/balances|POST account/base-currency|POST account/balances-toward-clients|POST account/list|POST account/create
POST account/view|POST account/profitLoss|POST account/profit-loss-toward-clients|POST account/fx-option/profitLoss
POST account/summary|POST account/summary-toward-clients|POST account/scol/children|POST account/scol/broker
PUT account/update|GET account/types
POST bank-info|POST bank-info/create|POST bank-info/update|POST whitelist/bank-info/create|DELETE whitelist/bank-info/remove
POST requests/removal/bank-info/delete
POST wallet|POST wallet/create|POST wallet/search|POST wallet/update|PATCH wallet/update/type|POST whitelist/wallet/create
DELETE whitelist/wallet/remove|POST requests/removal/wallets/delete|GET whitelist/blockchain-networks|POST whitelist/workflows
POST cashentry/list|POST cashentry/deposit|POST cashentry/withdrawal|POST cashentry/internal-transfer|GET cashentry/currencies
GET cashentry/{entityId}/children/summary
POST requests/status/update|POST requests/deposit/fiat|POST requests/deposit/crypto|POST requests/withdrawal/fiat
POST requests/withdrawal/crypto|POST requests/internal-transfer|POST requests/list|POST requests/pending
POST requests/file-proof|POST requests/{id}/file-proof|PUT requests/upload-transaction-hash
POST ssi-profile/list|POST ssi-profile/wallet/list|POST ssi-profile/assign|DELETE ssi-profile/delete
GET entity|POST entity/list|POST entity/{id}/list|POST entity/create|POST entity/view|POST entity/accounts
POST entity/celer-user|POST entity/instruments|POST entity/linked-entities|POST entity/margin-requirements
POST entity/celer-user/account-properties|POST entity/celer-user/account-properties/update
POST entity/related-entities|POST entity/related-entities-upstream|PUT entity/update
GET entity/addressTypes|GET entity/attributes|GET entity/baseCurrencies|GET entity/conversionProfile
GET entity/conversionProfiles|GET entity/nameSources|GET entity/countries|GET entity/parentEntities|GET entity/rollProfiles
GET template|POST template/create|POST template/view|POST template/{id}/create|PUT template/update|DELETE template/delete
POST instruments/list|POST instruments/fx/spotValueDate|POST instruments/cfd/valueDate|GET instruments/currencies
POST fx-swap-rates
POST trades/bookManualFxTrade|POST trades/bookConversionSweepTrade|POST trades/bookManualDeliverableFxTrade
POST trades/bookManualDeliverableFxTrade2|POST trades/bookManualFxSwap|POST trades/bookManualCfdTrade
POST trades/bookManualDeliverableFxOptionTrade|POST trades/view|POST trades/list|POST trades/cancel
POST trades/expireOption|POST trades/exerciseOption|POST trades/knockInOption|POST trades/knockOutOption
POST statement/generate|POST statement/status|POST statement/download|POST statement/last-eod
POST user-management/|POST user-management/create|POST user-management/create/portal-user
POST user-management/create-via-template|POST user-management/celer-user/reset-password
POST user-management/celer-user/details|POST user-management/assign|POST user-management/list
PUT user-management/update|PUT user-management/2fa/update|PUT user-management/roles/update|PUT user-management/celer-user/update
GET user-management/api-keys/list|POST user-management/api-keys/create|PUT user-management/api-keys/groups
PUT user-management/api-keys/roles|PUT user-management/api-keys/direct-permissions
GET groups|GET roles|GET permissions|GET permission-scopes|GET permission-scopes/types|GET sso/list
POST groups/create|POST groups/role/append|POST roles/create|POST permission-scopes/create|POST permission-scopes/delete
POST direct-permissions/create|POST sso/create
PUT groups/update|PUT groups/role/update|PUT roles/update|PUT permission-scopes/update
DELETE groups/delete|DELETE roles/delete|DELETE direct-permissions/delete|DELETE sso/delete
POST entity/allocations/groups/list|POST entity/allocations/groups/create|POST entity/allocations/investors/add
POST entity/allocations/trades/fx|POST entity/allocations/trades/cfd|PATCH entity/allocations/groups/update
DELETE entity/allocations/groups/delete|DELETE entity/allocations/investors/remove|PUT entity/allocations/investors/update
GET vasps/list|POST vasps/create|PUT vasps/update|DELETE vasps/delete
POST transfer/withdrawal|POST transfer/estimate|POST transfer/list|POST transfer/fees/list|POST transfer/fees/create
PUT transfer/fees/update|DELETE transfer/fees/delete
`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    const [method, path] = s.split(' ');
    return endpointKey(method!, `/${path}`);
  });

const byKey = new Map(ENDPOINT_LIST.map((e) => [endpointKey(e.method, e.path), e]));

describe('the endpoint table (spec section 7)', () => {
  it('holds every call of section 7', () => {
    expect(SPEC_SECTION_7.filter((k) => !byKey.has(k))).toEqual([]);
  });

  it('holds nothing beyond section 7 but health, readiness, the notification stream and centre, the rate sheet (with its history), approval policies, the approvals inbox and one request’s view, reversals of cash entries, the management of instruments, swap points, CFD prices, holiday calendars and what an entity may trade, entity freezes, conversion and roll profiles and the address types, name sources and attributes staff keep, running the end of day, the statements list, sending and e-mail opt-in, what options and margin are computed with (volatilities, interest rates, margin rates), and user administration’s templates, effective access, key updates and revocation, the rights preview, the audit trail and the ceilings (limits)', () => {
    const spec = new Set(SPEC_SECTION_7);
    expect(ENDPOINT_LIST.map((e) => endpointKey(e.method, e.path)).filter((k) => !spec.has(k))).toEqual([
      'GET /health',
      'GET /ready',
      'GET /notifications/stream',
      'POST /notifications/list',
      'POST /notifications/read',
      'POST /notifications/read-all',
      'POST /cashentry/deposit/reverse',
      'POST /cashentry/withdrawal/reverse',
      'POST /cashentry/internal-transfer/reverse',
      'POST /requests/approval-policies',
      'PUT /requests/approval-policies',
      'POST /requests/inbox',
      'POST /requests/view',
      'POST /entity/freeze',
      'POST /entity/unfreeze',
      'PUT /entity/instruments',
      'POST /entity/conversionProfiles/create',
      'PUT /entity/conversionProfiles/update',
      'POST /entity/rollProfiles/create',
      'PUT /entity/rollProfiles/update',
      'GET /entity/addressTypes/all',
      'POST /entity/addressTypes/create',
      'PUT /entity/addressTypes/update',
      'GET /entity/nameSources/all',
      'POST /entity/nameSources/create',
      'PUT /entity/nameSources/update',
      'GET /entity/attributes/all',
      'POST /entity/attributes/create',
      'PUT /entity/attributes/update',
      'POST /instruments/create',
      'PUT /instruments/update',
      'PUT /instruments/status',
      'POST /instruments/fx/forwardRate',
      'PUT /fx-swap-rates',
      'POST /instruments/calendars',
      'POST /instruments/holidays',
      'POST /instruments/holidays/create',
      'DELETE /instruments/holidays/delete',
      'POST /instruments/rates',
      'POST /instruments/rates/history',
      'POST /instruments/cfd/prices',
      'PUT /instruments/cfd/prices',
      'PUT /instruments/rates',
      'POST /instruments/option-market',
      'PUT /instruments/volatilities',
      'PUT /instruments/interest-rates',
      'POST /instruments/margin-rates',
      'PUT /instruments/margin-rates',
      'PUT /entity/margin-rates',
      'POST /trades/quote',
      'POST /trades/barrierEvent',
      'POST /statement/list',
      'POST /statement/send',
      'POST /statement/email-preference',
      'POST /eod/run',
      'POST /eod/runs',
      'POST /user-management/templates',
      'POST /user-management/templates/create',
      'POST /user-management/effective-access',
      'PUT /user-management/api-keys/update',
      'POST /user-management/api-keys/revoke',
      'POST /user-management/email/confirm',
      'POST /rights/preview',
      'POST /audit/list',
      'POST /limits/list',
      'POST /limits/update',
    ]);
  });

  it.each([
    'POST /auth/login',
    'POST /auth/exchange',
    'POST /auth/authenticate-via-sso',
    'POST /auth/login-via-sso',
    'POST /auth/login-via-ms-entra',
    'POST /auth/forgot-password',
    'POST /auth/reset-password',
    'GET /auth/reset-password-requirements',
    'GET /server/mode',
  ])('marks %s public', (key) => {
    expect(byKey.get(key)?.access).toBe('public');
  });

  it('lets a session with a pending second factor reach only the two-factor calls', () => {
    const pending = ENDPOINT_LIST.filter((e) => e.access === 'twoFactorPending').map((e) => e.path);
    expect(pending.sort()).toEqual(['/auth/twoFactor/setup-verify', '/auth/twoFactor/verify']);
  });

  it.each([
    ['POST /account/balances', ['account_view', 'order_management']],
    ['POST /account/list', ['account_view', 'order_management']],
    ['GET /groups', ['authorization_management']],
    ['POST /permission-scopes/create', ['authorization_management']],
    [
      'POST /user-management/',
      ['user_management', 'account_management', 'user_support', 'limited_account_management'],
    ],
    // The approve_* key of the request's type decides; requesters (request_*) may cancel;
    // authorization_management decides approval-policy changes (four eyes on the policies);
    // system_management decides ceilings ('LIMIT').
    [
      'POST /requests/status/update',
      [
        'request_withdrawal',
        'approve_withdrawal',
        'request_deposit',
        'approve_deposit',
        'request_whitelist',
        'approve_whitelist',
        'authorization_management',
        'system_management',
      ],
    ],
    ['POST /requests/withdrawal/fiat', ['request_withdrawal']],
    ['POST /requests/deposit/crypto', ['request_deposit']],
    ['POST /trades/bookManualFxTrade', ['manual_trade_booking']],
    ['POST /trades/knockOutOption', ['manual_trade_booking']],
    ['POST /trades/cancel', ['trade_amend']],
    ['POST /transfer/fees/create', ['fees_management']],
    ['POST /entity/allocations/groups/list', ['system_management']],
    [
      'POST /instruments/list',
      ['instrument_management', 'order_management', 'manual_trade_booking', 'account_view'],
    ],
    ['POST /entity/create', ['account_management']],
    ['POST /entity/view', ['account_management', 'limited_account_management', 'account_config_view']],
    ['GET /template', ['entity_template_management']],
    ['PATCH /wallet/update/type', ['approve_whitelist', 'request_whitelist']],
    ['POST /server/maintenance', ['system_management']],
  ])('guards %s with section 6 keys %j (any)', (key, keys) => {
    const e = byKey.get(key);
    expect(e?.permissions?.keys).toEqual(keys);
    expect(e?.permissions?.mode ?? 'any').toBe('any');
  });

  it('uses only catalogue permission keys', () => {
    const known = new Set<string>(PERMISSION_KEYS);
    const used = ENDPOINT_LIST.flatMap((e) => e.permissions?.keys ?? []);
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });

  it('marks every money-moving request and cash entry idempotent', () => {
    const moving = [
      '/cashentry/deposit',
      '/cashentry/withdrawal',
      '/cashentry/internal-transfer',
      '/requests/withdrawal/fiat',
    ];
    for (const path of moving) expect(ENDPOINT_LIST.find((e) => e.path === path)?.idempotent).toBe(true);
  });
});
