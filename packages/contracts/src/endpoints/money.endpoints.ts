import { z } from 'zod';
import { endpoint, type HttpMethod, row } from '../endpoint';
import type { PermissionRequirement } from '../permissions';
import {
  ZAccount,
  ZAccountList,
  ZAccountRef,
  ZAssetTotal,
  ZBalance,
  ZBalancesRequest,
  ZBaseCurrency,
  ZCashEntry,
  ZCashEntryList,
  ZCashEntryPage,
  ZCashMovement,
  ZCashTransfer,
  ZChildrenSummary,
  ZCodeNames,
  ZCreateAccount,
  ZCurrency,
  ZEntityScope,
  ZSummary,
  ZUpdateAccount,
} from './money.schemas';
import { P } from './permission-sets';
import { ZRequestStatusUpdate, ZRequestView } from './requests.schemas';

/** A row with schemas: method, path, keys, body and response. */
const call = <M extends HttpMethod, B extends z.ZodType, R extends z.ZodType>(
  method: M,
  path: string,
  tag: string,
  summary: string,
  permissions: PermissionRequirement,
  body: B,
  response: R,
  extra: { idempotent?: boolean } = {},
) =>
  endpoint({
    method,
    path,
    access: 'authenticated' as const,
    tag,
    summary,
    permissions,
    body,
    response,
    ...extra,
  });

const params = (field: string) => ({ in: 'params', field }) as const;

export const accountEndpoints = {
  balances: call(
    'POST',
    '/account/balances',
    'accounts',
    'Balances per account and asset',
    P.accountData,
    ZBalancesRequest,
    z.array(ZBalance),
  ),
  baseCurrency: call(
    'POST',
    '/account/base-currency',
    'accounts',
    'Available balances in the entity’s base currency',
    P.accountData,
    ZBalancesRequest,
    ZBaseCurrency,
  ),
  balancesTowardClients: call(
    'POST',
    '/account/balances-toward-clients',
    'accounts',
    'What a broker owes its clients, per asset',
    P.accountData,
    ZEntityScope,
    z.array(ZAssetTotal),
  ),
  list: call(
    'POST',
    '/account/list',
    'accounts',
    'Accounts (sortMode, allAccessible)',
    P.accountData,
    ZAccountList,
    z.array(ZAccount),
  ),
  create: call(
    'POST',
    '/account/create',
    'accounts',
    'Create an account',
    P.accountChange,
    ZCreateAccount,
    ZAccount,
  ),
  view: call(
    'POST',
    '/account/view',
    'accounts',
    'One account with its balances',
    P.accountData,
    ZAccountRef,
    ZAccount.extend({ balances: z.array(ZBalance) }),
  ),
  profitLoss: row('POST', '/account/profitLoss', 'accounts', 'Profit and loss', {
    permissions: P.accountData,
  }),
  profitLossTowardClients: row(
    'POST',
    '/account/profit-loss-toward-clients',
    'accounts',
    'P&L towards clients',
    { permissions: P.accountData },
  ),
  fxOptionProfitLoss: row('POST', '/account/fx-option/profitLoss', 'accounts', 'FX option P&L', {
    permissions: P.accountData,
  }),
  summary: call(
    'POST',
    '/account/summary',
    'accounts',
    'Account summary of the entity',
    P.accountData,
    ZEntityScope,
    ZSummary,
  ),
  summaryTowardClients: call(
    'POST',
    '/account/summary-toward-clients',
    'accounts',
    'Summary over the client subtree',
    P.accountData,
    ZEntityScope,
    ZSummary,
  ),
  scolChildren: call(
    'POST',
    '/account/scol/children',
    'accounts',
    'Accounts of the child entities',
    P.accountData,
    ZEntityScope,
    z.array(ZAccount),
  ),
  scolBroker: call(
    'POST',
    '/account/scol/broker',
    'accounts',
    'Accounts of the entity’s broker',
    P.accountData,
    ZEntityScope,
    z.array(ZAccount),
  ),
  update: call(
    'PUT',
    '/account/update',
    'accounts',
    'Update an account',
    P.accountChange,
    ZUpdateAccount,
    ZAccount,
  ),
  types: endpoint({
    method: 'GET',
    path: '/account/types',
    access: 'authenticated',
    permissions: P.accountData,
    tag: 'accounts',
    summary: 'Account types',
    response: ZCodeNames,
  }),
} as const;

export const cashEntryEndpoints = {
  list: call(
    'POST',
    '/cashentry/list',
    'cash-entries',
    'Cash entries (filters, sorting, paging)',
    P.cashEntryView,
    ZCashEntryList,
    ZCashEntryPage,
  ),
  deposit: call(
    'POST',
    '/cashentry/deposit',
    'cash-entries',
    'Book a historic deposit (Idempotency-Key)',
    P.cashDeposit,
    ZCashMovement,
    ZCashEntry,
    { idempotent: true },
  ),
  withdrawal: call(
    'POST',
    '/cashentry/withdrawal',
    'cash-entries',
    'Book a historic withdrawal (Idempotency-Key)',
    P.cashWithdrawal,
    ZCashMovement,
    ZCashEntry,
    { idempotent: true },
  ),
  internalTransfer: call(
    'POST',
    '/cashentry/internal-transfer',
    'cash-entries',
    'Book a historic internal transfer (Idempotency-Key)',
    P.cashWithdrawal,
    ZCashTransfer,
    ZCashEntry,
    { idempotent: true },
  ),
  currencies: endpoint({
    method: 'GET',
    path: '/cashentry/currencies',
    access: 'authenticated',
    tag: 'cash-entries',
    summary: 'Currencies and digital assets (name, digitalAssetName, scale, asset class)',
    response: z.array(ZCurrency),
  }),
  childrenSummary: endpoint({
    method: 'GET',
    path: '/cashentry/{entityId}/children/summary',
    access: 'authenticated',
    tag: 'cash-entries',
    summary: 'Cash balance summary of the children',
    permissions: P.cashEntryView,
    entity: params('entityId'),
    params: z.object({ entityId: z.coerce.number().int().positive() }),
    response: ZChildrenSummary,
  }),
} as const;

export const requestEndpoints = {
  // Deciding needs the approve_* key of the request's type (checked by the request
  // engine); the requester (request_*) may cancel, so either family reaches the call.
  statusUpdate: call(
    'POST',
    '/requests/status/update',
    'requests',
    'Approve, reject, cancel or complete a request',
    P.viewRequests,
    ZRequestStatusUpdate,
    ZRequestView,
  ),
  depositFiat: row('POST', '/requests/deposit/fiat', 'requests', 'Request a fiat deposit', {
    permissions: P.requestDeposit,
    idempotent: true,
  }),
  depositCrypto: row('POST', '/requests/deposit/crypto', 'requests', 'Request a crypto deposit', {
    permissions: P.requestDeposit,
    idempotent: true,
  }),
  withdrawalFiat: row('POST', '/requests/withdrawal/fiat', 'requests', 'Request a fiat withdrawal', {
    permissions: P.requestWithdrawal,
    idempotent: true,
  }),
  withdrawalCrypto: row('POST', '/requests/withdrawal/crypto', 'requests', 'Request a crypto withdrawal', {
    permissions: P.requestWithdrawal,
    idempotent: true,
  }),
  internalTransfer: row('POST', '/requests/internal-transfer', 'requests', 'Request an internal transfer', {
    permissions: P.requestWithdrawal,
    idempotent: true,
  }),
  list: row('POST', '/requests/list', 'requests', 'Requests with filters', { permissions: P.viewRequests }),
  pending: row('POST', '/requests/pending', 'requests', 'Pending requests (limit, offset, entityId)', {
    permissions: P.approvals,
  }),
  fileProof: row('POST', '/requests/file-proof', 'requests', 'View or download a file proof', {
    permissions: P.viewRequests,
  }),
  uploadFileProof: row('POST', '/requests/{id}/file-proof', 'requests', 'Upload a file proof', {
    permissions: P.viewRequests,
    contentType: 'multipart',
  }),
  uploadTransactionHash: row(
    'PUT',
    '/requests/upload-transaction-hash',
    'requests',
    'Add the transaction hash',
    { permissions: P.approvals },
  ),
} as const;

export const transferEndpoints = {
  withdrawal: row('POST', '/transfer/withdrawal', 'transfers', 'Create a withdrawal transfer', {
    permissions: P.requestWithdrawal,
    idempotent: true,
  }),
  estimate: row('POST', '/transfer/estimate', 'transfers', 'Estimate a transfer and its fee', {
    permissions: P.transfers,
  }),
  list: row('POST', '/transfer/list', 'transfers', 'Transfers', { permissions: P.transfers }),
  feesList: row('POST', '/transfer/fees/list', 'transfers', 'Transfer fees', { permissions: P.transferFees }),
  feesCreate: row('POST', '/transfer/fees/create', 'transfers', 'Create a transfer fee', {
    permissions: P.transferFees,
  }),
  feesUpdate: row('PUT', '/transfer/fees/update', 'transfers', 'Update a transfer fee', {
    permissions: P.transferFees,
  }),
  feesDelete: row('DELETE', '/transfer/fees/delete', 'transfers', 'Delete a transfer fee', {
    permissions: P.transferFees,
  }),
} as const;
