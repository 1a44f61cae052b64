/// <reference path="../../types/multicoin-address-validator.d.ts" />
import { BLOCKCHAIN_NETWORKS, type NetworkCode, networkCarries } from '@clearway/contracts/networks';
import validator from 'multicoin-address-validator';
import { badRequest } from '../../platform/errors';

const CURRENCY: Record<NetworkCode, string> = {
  BTC: 'btc',
  ETH: 'eth',
  TRX: 'trx',
  SOL: 'sol',
  XRP: 'xrp',
  LTC: 'ltc',
};
const XRP_TAG = /^\d{1,10}$/;

/**
 * Checks an address with its network's own checksum (base58check/bech32, EIP-55, Tron,
 * Solana, XRP) through multicoin-address-validator, the assets against the network, and
 * the destination tag where the network requires one. @throws BadRequest with field messages
 */
export function validateDestination(input: {
  network: NetworkCode;
  address: string;
  tagMemo?: string | null;
  digitalAssets: string[];
}) {
  const network = BLOCKCHAIN_NETWORKS.find((n) => n.code === input.network)!;
  const errors: Record<string, string> = {};
  let valid = false;
  try {
    valid = validator.validate(input.address, CURRENCY[input.network], { networkType: 'prod' });
  } catch {
    valid = false;
  }
  if (!valid) errors.address = `is not a valid ${network.name} address`;
  const foreign = input.digitalAssets.filter((a) => !networkCarries(network.code, a));
  if (foreign.length)
    errors.digitalAssets = `${foreign.join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not carried on ${network.name}`;
  if (network.tag === 'required') {
    if (!input.tagMemo) errors.tagMemo = `${network.name} needs a destination tag`;
    else if (!XRP_TAG.test(input.tagMemo) || Number(input.tagMemo) > 4_294_967_295)
      errors.tagMemo = 'must be a number from 0 to 4294967295';
  }
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
}
