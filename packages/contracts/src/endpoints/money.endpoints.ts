import { row } from '../endpoint';
import { P } from './permission-sets';

const params = (field: string) => ({ in: 'params', field }) as const;

export const accountEndpoints = {
  balances: row('POST', '/account/balances', 'accounts', 'Balances per account and asset', {
    permissions: P.accountData,
  }),
  baseCurrency: row('POST', '/account/base-currency', 'accounts', 'Balances in the base currency', {
    permissions: P.accountData,
  }),
  balancesTowardClients: row(
    'POST',
    '/account/balances-toward-clients',
    'accounts',
    'What a broker owes its clients',
    { permissions: P.accountData },
  ),
  list: row('POST', '/account/list', 'accounts', 'Accounts (sortMode, allAccessible)', {
    permissions: P.accountData,
  }),
  create: row('POST', '/account/create', 'accounts', 'Create an account', { permissions: P.accountChange }),
  view: row('POST', '/account/view', 'accounts', 'One account', { permissions: P.accountData }),
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
  summary: row('POST', '/account/summary', 'accounts', 'Account summary', { permissions: P.accountData }),
  summaryTowardClients: row(
    'POST',
    '/account/summary-toward-clients',
    'accounts',
    'Summary towards clients',
    { permissions: P.accountData },
  ),
  scolChildren: row('POST', '/account/scol/children', 'accounts', 'Child accounts', {
    permissions: P.accountData,
  }),
  scolBroker: row('POST', '/account/scol/broker', 'accounts', 'Broker accounts', {
    permissions: P.accountData,
  }),
  update: row('PUT', '/account/update', 'accounts', 'Update an account', { permissions: P.accountChange }),
  types: row('GET', '/account/types', 'accounts', 'Account types', { permissions: P.accountData }),
} as const;

export const cashEntryEndpoints = {
  list: row('POST', '/cashentry/list', 'cash-entries', 'Cash entries', { permissions: P.cashEntryView }),
  deposit: row('POST', '/cashentry/deposit', 'cash-entries', 'Book a historic deposit', {
    permissions: P.cashDeposit,
    idempotent: true,
  }),
  withdrawal: row('POST', '/cashentry/withdrawal', 'cash-entries', 'Book a historic withdrawal', {
    permissions: P.cashWithdrawal,
    idempotent: true,
  }),
  internalTransfer: row(
    'POST',
    '/cashentry/internal-transfer',
    'cash-entries',
    'Book a historic internal transfer',
    { permissions: P.cashWithdrawal, idempotent: true },
  ),
  currencies: row('GET', '/cashentry/currencies', 'cash-entries', 'Currencies and digital assets'),
  childrenSummary: row(
    'GET',
    '/cashentry/{entityId}/children/summary',
    'cash-entries',
    'Cash balance summary of the children',
    {
      permissions: P.cashEntryView,
      entity: params('entityId'),
    },
  ),
} as const;

export const requestEndpoints = {
  statusUpdate: row(
    'POST',
    '/requests/status/update',
    'requests',
    'Approve, reject, cancel or complete a request',
    { permissions: P.approvals },
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
