import { row } from '../endpoint';
import { P } from './permission-sets';

export const bankInfoEndpoints = {
  list: row('POST', '/bank-info', 'bank-info', 'Bank accounts of an entity (entityId)', {
    permissions: P.whitelistView,
  }),
  create: row('POST', '/bank-info/create', 'bank-info', 'Create a bank account (staff, direct)', {
    permissions: P.approveWhitelist,
  }),
  update: row('POST', '/bank-info/update', 'bank-info', 'Update a bank account (staff, direct)', {
    permissions: P.approveWhitelist,
  }),
  whitelistCreate: row(
    'POST',
    '/whitelist/bank-info/create',
    'bank-info',
    'Request a bank account (BANK ACCOUNT)',
    { permissions: P.requestWhitelist },
  ),
  whitelistRemove: row('DELETE', '/whitelist/bank-info/remove', 'bank-info', 'Remove a bank account', {
    permissions: P.approveWhitelist,
  }),
  requestRemoval: row(
    'POST',
    '/requests/removal/bank-info/delete',
    'bank-info',
    'Request a removal (REMOVE BANK ACCOUNT)',
    { permissions: P.requestWhitelist },
  ),
} as const;

export const walletEndpoints = {
  list: row('POST', '/wallet', 'wallets', 'Wallets of an entity (entityId)', {
    permissions: P.whitelistView,
  }),
  create: row('POST', '/wallet/create', 'wallets', 'Create a wallet (staff, direct)', {
    permissions: P.approveWhitelist,
  }),
  search: row('POST', '/wallet/search', 'wallets', 'Search wallets across child entities', {
    permissions: P.walletSearch,
  }),
  update: row('POST', '/wallet/update', 'wallets', 'Edit friendly name and tag/memo', {
    permissions: P.whitelistAny,
  }),
  updateType: row('PATCH', '/wallet/update/type', 'wallets', 'Set the type of an Unknown wallet', {
    permissions: P.whitelistAny,
  }),
  whitelistCreate: row('POST', '/whitelist/wallet/create', 'wallets', 'Request a wallet (WALLET ADDRESS)', {
    permissions: P.requestWhitelist,
  }),
  whitelistRemove: row('DELETE', '/whitelist/wallet/remove', 'wallets', 'Remove a wallet', {
    permissions: P.approveWhitelist,
  }),
  requestRemoval: row(
    'POST',
    '/requests/removal/wallets/delete',
    'wallets',
    'Request a removal (REMOVE WALLET)',
    { permissions: P.requestWhitelist },
  ),
  blockchainNetworks: row('GET', '/whitelist/blockchain-networks', 'wallets', 'Blockchain networks'),
  workflows: row('POST', '/whitelist/workflows', 'wallets', 'Whitelist requests and their approvals', {
    permissions: P.whitelistAny,
  }),
} as const;

export const ssiProfileEndpoints = {
  list: row('POST', '/ssi-profile/list', 'ssi-profiles', 'SSI profiles of an entity', {
    permissions: P.ssiView,
  }),
  walletList: row('POST', '/ssi-profile/wallet/list', 'ssi-profiles', 'Deposit addresses of a profile', {
    permissions: P.ssiView,
  }),
  assign: row('POST', '/ssi-profile/assign', 'ssi-profiles', 'Assign a profile to an entity', {
    permissions: P.ssiManage,
  }),
  delete: row('DELETE', '/ssi-profile/delete', 'ssi-profiles', 'Delete a profile', {
    permissions: P.ssiManage,
  }),
} as const;

export const vaspEndpoints = {
  list: row('GET', '/vasps/list', 'vasps', 'VASPs', { permissions: P.vaspView }),
  create: row('POST', '/vasps/create', 'vasps', 'Create a VASP', { permissions: P.vaspManage }),
  update: row('PUT', '/vasps/update', 'vasps', 'Update a VASP', { permissions: P.vaspManage }),
  delete: row('DELETE', '/vasps/delete', 'vasps', 'Delete a VASP', { permissions: P.vaspManage }),
} as const;
