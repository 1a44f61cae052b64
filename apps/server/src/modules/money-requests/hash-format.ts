import type { NetworkCode } from '@clearway/contracts/networks';

/** The shape of a transaction hash on each network. */
const FORMATS: Record<NetworkCode, RegExp> = {
  BTC: /^[0-9a-f]{64}$/i,
  LTC: /^[0-9a-f]{64}$/i,
  ETH: /^0x[0-9a-f]{64}$/i,
  TRX: /^[0-9a-f]{64}$/i,
  XRP: /^[0-9A-F]{64}$/i,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
};

export const isTransactionHash = (network: NetworkCode, hash: string) => FORMATS[network].test(hash);
