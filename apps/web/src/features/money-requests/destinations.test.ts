import type { TBankInfo } from '@clearway/contracts/endpoints/bank-info.schemas';
import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';
import { describe, expect, it } from 'vitest';
import { usableBankAccounts, usableWallets } from './destinations';

const bank = (id: number, over: Partial<TBankInfo> = {}) =>
  ({ id, currency: 'USD', status: 'ACTIVE', active: true, usable: true, ...over }) as TBankInfo;
const wallet = (id: number, name: string, over: Partial<TWallet> = {}) =>
  ({
    id,
    friendlyName: name,
    digitalAssets: ['USDT'],
    status: 'ACTIVE',
    active: true,
    usable: true,
    ...over,
  }) as TWallet;

describe('withdrawal destinations offered in the picker', () => {
  it('offers only whitelisted, active bank accounts past their cool-down in the asset', () => {
    const banks = [
      bank(1),
      bank(2, { status: 'REMOVED' }),
      bank(3, { active: false }),
      bank(4, { usable: false }),
      bank(5, { currency: 'EUR' }),
    ];
    expect(usableBankAccounts(banks, 'USD').map((b) => b.id)).toEqual([1]);
  });

  it('offers only usable wallets taking the asset, sorted by friendly name', () => {
    const wallets = [
      wallet(1, 'Zeta'),
      wallet(2, 'Alpha'),
      wallet(3, 'Removed', { status: 'REMOVED' }),
      wallet(4, 'Cooling', { usable: false }),
      wallet(5, 'Bitcoin', { digitalAssets: ['BTC'] }),
    ];
    expect(usableWallets(wallets, 'USDT').map((w) => w.id)).toEqual([2, 1]);
  });
});
