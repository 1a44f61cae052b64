import type { RequestType } from '../enums';
import type { PayloadInputOf } from './request-types';

/** Payloads as the server stores them today, and as it stored them before (older rows must still read). */
export const STORED: { [T in RequestType]: PayloadInputOf<T>[] } = {
  'BANK ACCOUNT': [
    {
      beneficiaryName: 'Northwind Capital Ltd',
      beneficiaryAddress: '1 Bank Street, London',
      bankName: 'NatWest',
      iban: 'GB29NWBK60161331926819',
      bic: 'NWBKGB2L',
      currency: 'GBP',
    },
  ],
  'UPDATE BANK ACCOUNT': [
    {
      bankInfoId: 7,
      beneficiaryName: 'Northwind Capital Ltd',
      beneficiaryAddress: '1 Bank Street, London',
      bankName: 'NatWest',
      accountNumber: '0123456789',
      bic: 'NWBKGB2L',
      currency: 'GBP',
    },
  ],
  'REMOVE BANK ACCOUNT': [
    { bankInfoId: 7, bankName: 'NatWest', iban: null, accountNumber: '0123456789', currency: 'GBP' },
  ],
  'WALLET ADDRESS': [
    {
      network: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      friendlyName: 'Cold store',
      digitalAssets: ['BTC'],
      walletType: 'Unknown',
    },
  ],
  'UPDATE WALLET': [
    {
      walletId: 3,
      network: 'XRP',
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      tagMemo: '12345',
      friendlyName: 'Exchange',
      digitalAssets: ['XRP'],
      walletType: 'Regulated Custodian Wallet',
      vaspId: 2,
    },
  ],
  'REMOVE WALLET': [
    { walletId: 3, network: 'ETH', address: `0x${'1f'.repeat(20)}`, friendlyName: 'Treasury' },
  ],
  DEPOSIT: [
    { kind: 'fiat', accountId: 12, asset: 'USD', amount: '125.50', reference: 'INV-1', memo: 'wire' },
    {
      kind: 'crypto',
      network: 'ETH',
      accountId: 12,
      asset: 'ETH',
      amount: '0.5',
      transactionHash: `0x${'ab'.repeat(32)}`,
    },
  ],
  WITHDRAWAL: [
    {
      kind: 'fiat',
      accountId: 12,
      asset: 'USD',
      amount: '100',
      destination: {
        bankInfoId: 7,
        bankName: 'Citibank',
        iban: null,
        accountNumber: '0123456789',
        bic: 'CITIUS33',
        beneficiaryName: 'Northwind',
      },
    },
    {
      kind: 'crypto',
      network: 'ETH',
      accountId: 12,
      asset: 'ETH',
      amount: '0.01',
      memo: 'payout',
      destination: {
        walletId: 3,
        network: 'ETH',
        address: `0x${'1f'.repeat(20)}`,
        tagMemo: null,
        friendlyName: 'Treasury',
      },
    },
  ],
  'INTERNAL TRANSFER': [
    {
      accountId: 12,
      toAccountId: 13,
      toAccountName: 'Settlement',
      toEntityName: 'Harbor',
      asset: 'USD',
      amount: '400.00',
    },
    // Before the target was named in the payload (commit 57cdb51).
    { accountId: 12, toAccountId: 13, asset: 'USD', amount: '400.00', memo: 'rebalance' },
  ],
  'ENTITY MOVE': [
    {
      fromParentId: 4,
      fromParentName: 'Aurora London Desk',
      toParentId: 5,
      toParentName: 'Aurora Singapore Desk',
    },
  ],
  'APPROVAL POLICY': [
    { requestType: 'WITHDRAWAL', requiredApprovals: 2, approverGroupId: null },
    { requestType: 'APPROVAL POLICY', requiredApprovals: null, approverGroupId: 7 },
  ],
  'OFF MARKET TRADE': [
    {
      booking: 'DELIVERABLE_FX',
      symbol: 'EUR/USD',
      side: 'BUY',
      amount: '1000000.00',
      price: '1.1500',
      market: '1.0850',
      deviationPct: '5.9908',
      tolerancePct: '2',
      reason: 'Client agreed the historic rate by phone',
      terms: JSON.stringify({
        accountId: 12,
        instrumentId: 3,
        side: 'BUY',
        amount: '1000000.00',
        rate: '1.1500',
      }),
    },
  ],
  'BARRIER EVENT': [
    {
      tradeId: 41,
      ticket: 'T-2f7c',
      event: 'KNOCK_OUT',
      observedRate: '1.1201',
      observedAt: '2026-11-27T14:05:00.000Z',
      source: 'Reuters EURUSD= page',
      reason: 'The sheet was stale for an hour',
    },
  ],
  LIMIT: [
    {
      kind: 'CASH_ENTRY',
      ceilingAsset: null,
      maximum: '5000000',
      currency: 'USD',
      current: '10000000 USD (platform default)',
    },
    {
      kind: 'MONEY_REQUEST',
      ceilingAsset: 'BTC',
      maximum: null,
      currency: 'BTC',
      current: '50 BTC (Aurora Markets)',
    },
  ],
  'LARGE CASH ENTRY': [
    {
      type: 'DEPOSIT',
      accountId: 12,
      counterAccountId: null,
      asset: 'USD',
      amount: '25000000.00',
      valueDate: '2026-11-20',
      reference: 'Wire 88812',
      memo: null,
      ceiling: '10000000 USD (platform default)',
    },
  ],
};
