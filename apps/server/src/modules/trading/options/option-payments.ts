import type { Money } from '../../../platform/money';
import type { Leg } from '../../ledger/booking';

/** The client's side of a premium or rebate: who pays whom (long pays the premium, receives the rebate). */
export function paymentLegs(
  clientPays: boolean,
  accountId: number,
  house: number,
  asset: string,
  amount: Money,
): Leg[] {
  const a = amount.toString();
  const n = amount.neg().toString();
  return clientPays
    ? [
        { accountId, asset, amount: n },
        { accountId: house, asset, amount: a },
      ]
    : [
        { accountId: house, asset, amount: n },
        { accountId, asset, amount: a },
      ];
}
