/**
 * Blockchain networks a wallet can be whitelisted on: the assets each carries and whether
 * a destination tag / memo is required (XRP) — addresses are checked server-side with the
 * network's own checksum.
 */
export const BLOCKCHAIN_NETWORKS = [
  { code: 'BTC', name: 'Bitcoin', assets: ['BTC'], tag: 'none' },
  { code: 'ETH', name: 'Ethereum (ERC-20)', assets: ['ETH', 'USDT', 'USDC'], tag: 'none' },
  { code: 'TRX', name: 'Tron (TRC-20)', assets: ['TRX', 'USDT'], tag: 'none' },
  { code: 'SOL', name: 'Solana (SPL)', assets: ['SOL', 'USDC'], tag: 'none' },
  { code: 'XRP', name: 'XRP Ledger', assets: ['XRP'], tag: 'required' },
  { code: 'LTC', name: 'Litecoin', assets: ['LTC'], tag: 'none' },
] as const;
export type NetworkCode = (typeof BLOCKCHAIN_NETWORKS)[number]['code'];
export const NETWORK_CODES = BLOCKCHAIN_NETWORKS.map((n) => n.code) as [NetworkCode, ...NetworkCode[]];
/** A network's display name by its code (`ETH` → `Ethereum (ERC-20)`). */
export const NETWORK_NAMES = Object.fromEntries(BLOCKCHAIN_NETWORKS.map((n) => [n.code, n.name])) as Record<
  NetworkCode,
  string
>;

/** Whether an asset travels on a network (USDT on ETH or TRX, not on BTC). */
export function networkCarries(network: string, asset: string): boolean {
  const n = BLOCKCHAIN_NETWORKS.find((x) => x.code === network);
  return (n?.assets as readonly string[] | undefined)?.includes(asset) ?? false;
}

/**
 * Section 4, wallet type update: only wallets whose type is Unknown, active and with status
 * active are offered, sorted by friendly name.
 */
export function walletsAwaitingType<
  W extends { type: string; active: boolean; status: string; friendlyName: string },
>(wallets: readonly W[]): W[] {
  return wallets
    .filter((w) => w.type === 'Unknown' && w.active && w.status === 'ACTIVE')
    .sort((a, b) => a.friendlyName.localeCompare(b.friendlyName));
}
