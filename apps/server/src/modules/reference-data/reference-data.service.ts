import { asc, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { countries, currencies } from './reference-data.tables';

/**
 * An asset's scale (decimals an amount may carry) as a SQL expression, for another module's
 * query that shows amounts at their scale (a lookup on the primary key per row).
 */
export const scaleOfAsset = (asset: Column | SQL): SQL<number> =>
  sql<number>`(select c.scale from ${currencies} c where c.code = ${asset})`;

/** Read access to currencies and countries for other modules. */
export function createReferenceDataService(db: Db) {
  return {
    listCountries: () => db.select().from(countries).orderBy(asc(countries.name)),
    listCurrencies: () =>
      db.select().from(currencies).where(eq(currencies.active, true)).orderBy(asc(currencies.code)),
    /** A currency or asset by code: its scale and class (undefined: unknown). */
    async asset(code: string) {
      const [row] = await db
        .select({ scale: currencies.scale, assetClass: currencies.assetClass })
        .from(currencies)
        .where(eq(currencies.code, code));
      return row;
    },
  };
}
export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
