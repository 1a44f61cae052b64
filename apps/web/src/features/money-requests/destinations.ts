import type { TBankInfo } from '@clearway/contracts/endpoints/bank-info.schemas';
import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';

/**
 * The destinations a withdrawal of `asset` may go to: whitelisted, active, past their
 * cool-down (the server's `usable`), and taking that asset. The server refuses any other.
 */
export const usableBankAccounts = (banks: readonly TBankInfo[], asset: string) =>
  banks.filter((b) => b.usable && b.status === 'ACTIVE' && b.active && b.currency === asset);

export const usableWallets = (wallets: readonly TWallet[], asset: string) =>
  wallets
    .filter((w) => w.usable && w.status === 'ACTIVE' && w.active && w.digitalAssets.includes(asset))
    .sort((a, b) => a.friendlyName.localeCompare(b.friendlyName));
