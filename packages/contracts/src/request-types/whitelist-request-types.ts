import { z } from 'zod';
import { ZBankDetails } from '../endpoints/bank-info.schemas';
import { ZWalletDetails } from '../endpoints/wallet.schemas';
import { WALLET_TYPE_UNKNOWN, type WalletType } from '../enums';
import { NETWORK_CODES, NETWORK_NAMES } from '../networks';
import { text, ZId } from '../primitives';
import { defineRequestType } from './request-type';

/** Wallet types read as the spec names them; a wallet still to be typed says so. */
export const WALLET_TYPE_LABELS: Record<WalletType, string> = {
  'Regulated Custodian Wallet': 'Regulated Custodian Wallet',
  'Private DeFi Wallet': 'Private DeFi Wallet',
  'Private Hardware Wallet': 'Private Hardware Wallet',
  'Wallet as a Service': 'Wallet as a Service',
  [WALLET_TYPE_UNKNOWN]: 'Unknown (to be set)',
};

const bankLabels = {
  beneficiaryName: { label: 'Beneficiary' },
  beneficiaryAddress: { label: 'Beneficiary address' },
  bankName: { label: 'Bank' },
  iban: { label: 'IBAN' },
  accountNumber: { label: 'Account number' },
  bic: { label: 'BIC / SWIFT' },
  currency: { label: 'Currency' },
} as const;

const walletLabels = {
  friendlyName: { label: 'Friendly name' },
  network: { label: 'Network', values: NETWORK_NAMES },
  address: { label: 'Address' },
  tagMemo: { label: 'Destination tag' },
  digitalAssets: { label: 'Digital assets' },
  walletType: { label: 'Wallet type', values: WALLET_TYPE_LABELS },
  vaspId: { label: 'VASP (custodian)', id: true },
} as const;

/** A new bank account to whitelist: created on approval, usable after the cool-down. */
export const bankAccountRequest = defineRequestType({
  type: 'BANK ACCOUNT',
  label: 'Bank Account',
  approveKey: 'approve_whitelist',
  payload: ZBankDetails,
  fields: bankLabels,
});

/** New details for a whitelisted bank account; the cool-down starts again on approval. */
export const updateBankAccountRequest = defineRequestType({
  type: 'UPDATE BANK ACCOUNT',
  label: 'Update Bank Account',
  approveKey: 'approve_whitelist',
  payload: ZBankDetails.extend({ bankInfoId: ZId }),
  fields: { bankInfoId: { label: 'Bank account', id: true }, ...bankLabels },
});

/** Removes a whitelisted bank account; the payload names it as the requester saw it. */
export const removeBankAccountRequest = defineRequestType({
  type: 'REMOVE BANK ACCOUNT',
  label: 'Remove Bank Account',
  approveKey: 'approve_whitelist',
  payload: z.strictObject({
    bankInfoId: ZId,
    bankName: text(140),
    iban: text(42).nullable(),
    accountNumber: text(34).nullable(),
    currency: text(3),
  }),
  fields: {
    bankInfoId: { label: 'Bank account', id: true },
    bankName: bankLabels.bankName,
    iban: bankLabels.iban,
    accountNumber: bankLabels.accountNumber,
    currency: bankLabels.currency,
  },
});

/** A new wallet to whitelist (address checked with its network's checksum at submission). */
export const walletAddressRequest = defineRequestType({
  type: 'WALLET ADDRESS',
  label: 'Wallet Address',
  approveKey: 'approve_whitelist',
  payload: ZWalletDetails,
  fields: walletLabels,
});

/** New details for a whitelisted wallet; the cool-down starts again on approval. */
export const updateWalletRequest = defineRequestType({
  type: 'UPDATE WALLET',
  label: 'Update Wallet',
  approveKey: 'approve_whitelist',
  payload: ZWalletDetails.extend({ walletId: ZId }),
  fields: { walletId: { label: 'Wallet', id: true }, ...walletLabels },
});

/** Removes a whitelisted wallet; the payload names it as the requester saw it. */
export const removeWalletRequest = defineRequestType({
  type: 'REMOVE WALLET',
  label: 'Remove Wallet',
  approveKey: 'approve_whitelist',
  payload: z.strictObject({
    walletId: ZId,
    network: z.enum(NETWORK_CODES),
    address: text(128),
    friendlyName: text(80),
  }),
  fields: {
    walletId: { label: 'Wallet', id: true },
    friendlyName: walletLabels.friendlyName,
    network: walletLabels.network,
    address: walletLabels.address,
  },
});
