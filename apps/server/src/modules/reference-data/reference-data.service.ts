import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { countries, currencies } from './reference-data.tables';

/** Read access to currencies and countries for other modules. */
export function createReferenceDataService(db: Db) {
  return {
    listCountries: () => db.select().from(countries).orderBy(asc(countries.name)),
    listCurrencies: () =>
      db.select().from(currencies).where(eq(currencies.active, true)).orderBy(asc(currencies.code)),
  };
}
export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
