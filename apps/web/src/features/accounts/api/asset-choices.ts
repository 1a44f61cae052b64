import type { TBalance } from '@clearway/contracts/endpoints/money.schemas';
import { runtimeConfig } from '../../../lib/runtime-config';

type Currency = { code: string; name: string; assetClass: 'FIAT' | 'CRYPTO' };
export type AssetClass = Currency['assetClass'];

/**
 * The assets an outflow may take: what the account holds with something available (every
 * open account's when none is picked yet) — never the whole ISO list.
 */
export function heldAssets(balances: readonly TBalance[], accountId?: number): string[] {
  const rows = balances.filter(
    (b) => (accountId === undefined || b.accountId === accountId) && Number(b.available) > 0,
  );
  return [...new Set(rows.map((b) => b.asset))].sort();
}

/**
 * The assets money comes in with: the configured transfer currencies (TRANSFER_FIAT_CURRENCIES,
 * TRANSFER_CRYPTO_CURRENCIES), and whatever the account already holds.
 */
export function incomingAssets(balances: readonly TBalance[], accountId?: number): string[] {
  const configured = [...runtimeConfig.transferFiatCurrencies, ...runtimeConfig.transferCryptoCurrencies];
  const held = balances
    .filter((b) => accountId === undefined || b.accountId === accountId)
    .map((b) => b.asset);
  return [...new Set([...configured, ...held])];
}

/** Codes as a picker lists them (`USD — US Dollar`), of one asset class when given. */
export function assetOptions(codes: readonly string[], currencies: readonly Currency[], only?: AssetClass) {
  return codes.flatMap((code) => {
    const c = currencies.find((x) => x.code === code);
    if (!c || (only && c.assetClass !== only)) return [];
    return [{ value: c.code, label: `${c.code} — ${c.name}` }];
  });
}
