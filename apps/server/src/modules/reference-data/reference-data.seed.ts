import { createRequire } from 'node:module';
import currencyCodes from 'currency-codes';
import countriesLib from 'i18n-iso-countries';
import type { DbOrTx } from '../../platform/db';
import { countries, currencies } from './reference-data.tables';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** Crypto assets the platform custodies, with their on-chain precision. */
export const CRYPTO_ASSETS = [
  { code: 'BTC', name: 'Bitcoin', scale: 8 },
  { code: 'ETH', name: 'Ether', scale: 18 },
  { code: 'USDT', name: 'Tether USD', scale: 6 },
  { code: 'USDC', name: 'USD Coin', scale: 6 },
  { code: 'SOL', name: 'Solana', scale: 9 },
  { code: 'XRP', name: 'XRP', scale: 6 },
  { code: 'TRX', name: 'Tron', scale: 6 },
  { code: 'LTC', name: 'Litecoin', scale: 8 },
] as const;

// ISO 4217 codes that are funds, metals or testing codes, not currencies clients hold.
const NOT_TRADED = new Set([
  'XAG',
  'XAU',
  'XPD',
  'XPT',
  'XTS',
  'XXX',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XSU',
  'XUA',
  'XDR',
]);

function fiatRows() {
  return currencyCodes.data
    .filter((c) => !NOT_TRADED.has(c.code) && Number.isInteger(c.digits))
    .map((c) => ({
      code: c.code,
      name: c.currency,
      digitalAssetName: null,
      scale: c.digits,
      assetClass: 'FIAT' as const,
    }));
}

function countryRows() {
  const names = countriesLib.getNames('en', { select: 'official' });
  return Object.entries(names).map(([alpha2, name]) => ({
    alpha2,
    alpha3: countriesLib.alpha2ToAlpha3(alpha2) ?? alpha2,
    numeric: countriesLib.alpha2ToNumeric(alpha2) ?? '000',
    name,
  }));
}

/** Loads currencies and countries; rows already there are left as they are. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  const crypto = CRYPTO_ASSETS.map((a) => ({
    ...a,
    digitalAssetName: a.name,
    assetClass: 'CRYPTO' as const,
  }));
  await db
    .insert(currencies)
    .values([...fiatRows(), ...crypto])
    .onConflictDoNothing();
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
}
