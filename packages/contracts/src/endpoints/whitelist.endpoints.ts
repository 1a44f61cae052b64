import { z } from 'zod';
import { endpoint, type HttpMethod, row } from '../endpoint';
import type { PermissionRequirement } from '../permissions';
import {
  ZBankInfo,
  ZBankInfoCreate,
  ZBankInfoList,
  ZBankInfoRef,
  ZBankInfoRequest,
  ZBankInfoUpdate,
} from './bank-info.schemas';
import { P } from './permission-sets';
import { ZRequestView } from './requests.schemas';
import {
  ZCreateVasp,
  ZNetworks,
  ZUpdateVasp,
  ZVasp,
  ZVaspRef,
  ZWallet,
  ZWalletEdit,
  ZWalletList,
  ZWalletRef,
  ZWalletRequest,
  ZWalletSearch,
  ZWalletSearchResult,
  ZWalletTypeUpdate,
  ZWorkflowsRequest,
} from './wallet.schemas';

const call = <M extends HttpMethod, B extends z.ZodType, R extends z.ZodType>(
  method: M,
  path: string,
  tag: string,
  summary: string,
  permissions: PermissionRequirement,
  body: B,
  response: R,
) => endpoint({ method, path, access: 'authenticated' as const, tag, summary, permissions, body, response });

export const bankInfoEndpoints = {
  list: call(
    'POST',
    '/bank-info',
    'bank-info',
    'Bank accounts of an entity (entityId)',
    P.whitelistView,
    ZBankInfoList,
    z.array(ZBankInfo),
  ),
  create: call(
    'POST',
    '/bank-info/create',
    'bank-info',
    'Whitelist a bank account directly (staff)',
    P.approveWhitelist,
    ZBankInfoCreate,
    ZBankInfo,
  ),
  update: call(
    'POST',
    '/bank-info/update',
    'bank-info',
    'Change a bank account directly (staff; restarts the cool-down)',
    P.approveWhitelist,
    ZBankInfoUpdate,
    ZBankInfo,
  ),
  whitelistCreate: call(
    'POST',
    '/whitelist/bank-info/create',
    'bank-info',
    'Request a bank account (BANK ACCOUNT) or a change (UPDATE BANK ACCOUNT)',
    P.requestWhitelist,
    ZBankInfoRequest,
    ZRequestView,
  ),
  whitelistRemove: call(
    'DELETE',
    '/whitelist/bank-info/remove',
    'bank-info',
    'Remove a bank account (staff)',
    P.approveWhitelist,
    ZBankInfoRef,
    ZBankInfo,
  ),
  requestRemoval: call(
    'POST',
    '/requests/removal/bank-info/delete',
    'bank-info',
    'Request a removal (REMOVE BANK ACCOUNT)',
    P.requestWhitelist,
    ZBankInfoRef,
    ZRequestView,
  ),
} as const;

export const walletEndpoints = {
  list: call(
    'POST',
    '/wallet',
    'wallets',
    'Wallets of an entity (entityId)',
    P.whitelistView,
    ZWalletList,
    z.array(ZWallet),
  ),
  create: call(
    'POST',
    '/wallet/create',
    'wallets',
    'Whitelist a wallet directly (staff)',
    P.approveWhitelist,
    ZWalletRequest,
    ZWallet,
  ),
  search: call(
    'POST',
    '/wallet/search',
    'wallets',
    'Search wallets across child entities',
    P.walletSearch,
    ZWalletSearch,
    ZWalletSearchResult,
  ),
  update: call(
    'POST',
    '/wallet/update',
    'wallets',
    'Edit friendly name and tag/memo',
    P.whitelistAny,
    ZWalletEdit,
    ZWallet,
  ),
  updateType: call(
    'PATCH',
    '/wallet/update/type',
    'wallets',
    'Set the type of an Unknown wallet',
    P.whitelistAny,
    ZWalletTypeUpdate,
    ZWallet,
  ),
  whitelistCreate: call(
    'POST',
    '/whitelist/wallet/create',
    'wallets',
    'Request a wallet (WALLET ADDRESS)',
    P.requestWhitelist,
    ZWalletRequest,
    ZRequestView,
  ),
  whitelistRemove: call(
    'DELETE',
    '/whitelist/wallet/remove',
    'wallets',
    'Remove a wallet (staff)',
    P.approveWhitelist,
    ZWalletRef,
    ZWallet,
  ),
  requestRemoval: call(
    'POST',
    '/requests/removal/wallets/delete',
    'wallets',
    'Request a removal (REMOVE WALLET)',
    P.requestWhitelist,
    ZWalletRef,
    ZRequestView,
  ),
  blockchainNetworks: endpoint({
    method: 'GET',
    path: '/whitelist/blockchain-networks',
    access: 'authenticated',
    tag: 'wallets',
    summary: 'Blockchain networks, their assets and tag rules',
    response: ZNetworks,
  }),
  workflows: call(
    'POST',
    '/whitelist/workflows',
    'wallets',
    'Whitelist requests and their approvals',
    P.whitelistAny,
    ZWorkflowsRequest,
    z.object({ items: z.array(ZRequestView), total: z.number() }),
  ),
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
  list: endpoint({
    method: 'GET',
    path: '/vasps/list',
    access: 'authenticated',
    permissions: P.vaspView,
    tag: 'vasps',
    summary: 'VASPs (travel-rule counterparties)',
    response: z.array(ZVasp),
  }),
  create: call('POST', '/vasps/create', 'vasps', 'Create a VASP', P.vaspManage, ZCreateVasp, ZVasp),
  update: call('PUT', '/vasps/update', 'vasps', 'Update a VASP', P.vaspManage, ZUpdateVasp, ZVasp),
  delete: call(
    'DELETE',
    '/vasps/delete',
    'vasps',
    'Delete a VASP (refused while a wallet refers to it)',
    P.vaspManage,
    ZVaspRef,
    z.object({ message: z.string() }),
  ),
} as const;
