import { ASSET_CLASSES } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import { boolean, check, pgEnum, pgTable, smallint, text } from 'drizzle-orm/pg-core';

export const assetClassEnum = pgEnum('asset_class', ASSET_CLASSES);

/** Currencies and crypto assets; `scale` is how many decimals an amount may carry. */
export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    digitalAssetName: text('digital_asset_name'),
    scale: smallint('scale').notNull(),
    assetClass: assetClassEnum('asset_class').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('currencies_scale_range', sql`${t.scale} between 0 and 18`)],
);

/** ISO 3166-1 countries. */
export const countries = pgTable('countries', {
  alpha2: text('alpha2').primaryKey(),
  alpha3: text('alpha3').notNull().unique(),
  numeric: text('numeric').notNull(),
  name: text('name').notNull(),
});
