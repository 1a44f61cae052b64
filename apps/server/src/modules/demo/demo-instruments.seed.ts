import type { FxTenor } from '@clearway/contracts/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { entities } from '../entities/entities.tables';
import type { InstrumentsModule } from '../instruments/instruments.module';
import {
  entityInstrumentListItems,
  entityInstrumentLists,
  instruments,
} from '../instruments/instruments.tables';
import { fxTradeDate, yearOf } from '../instruments/iso-dates';

/** The rate sheet loaded with the demo, [base, quote, bid, mid, ask] (staff keep it current in production). */
export const DEMO_RATES: [string, string, string, string, string][] = [
  ['EUR', 'USD', '1.0841', '1.0842', '1.0843'],
  ['GBP', 'USD', '1.2713', '1.2715', '1.2717'],
  ['USD', 'CHF', '0.8855', '0.8857', '0.8859'],
  ['USD', 'SGD', '1.3438', '1.3440', '1.3442'],
  ['USD', 'JPY', '151.18', '151.20', '151.22'],
  ['AUD', 'USD', '0.6561', '0.6563', '0.6565'],
  ['NZD', 'USD', '0.6012', '0.6014', '0.6016'],
  ['USD', 'CAD', '1.3598', '1.3600', '1.3602'],
  ['EUR', 'GBP', '0.8525', '0.8527', '0.8529'],
  ['EUR', 'JPY', '163.91', '163.94', '163.97'],
  ['EUR', 'CHF', '0.9601', '0.9603', '0.9605'],
  ['GBP', 'JPY', '192.22', '192.25', '192.28'],
  ['BTC', 'USD', '64240.00', '64250.00', '64260.00'],
  ['ETH', 'USD', '3120.00', '3120.50', '3121.00'],
  ['USDT', 'USD', '0.9999', '1.0000', '1.0001'],
  ['USDC', 'USD', '0.9997', '0.9998', '0.9999'],
];

/** FX pairs (the majors, USD/CAD at T+1, a few crosses and the Singapore desk's USD/SGD). */
const DEMO_PAIRS: [string, string][] = [
  ['EUR', 'USD'],
  ['GBP', 'USD'],
  ['USD', 'JPY'],
  ['USD', 'CHF'],
  ['AUD', 'USD'],
  ['NZD', 'USD'],
  ['USD', 'CAD'],
  ['USD', 'SGD'],
  ['EUR', 'GBP'],
  ['EUR', 'JPY'],
  ['EUR', 'CHF'],
  ['GBP', 'JPY'],
];

/** CFDs: [symbol, name, underlying, quote, contract size, price decimals, long %, short %]. */
const DEMO_CFDS: [string, string, string, string, string, number, string, string][] = [
  ['US500', 'US 500 index', 'S&P 500', 'USD', '1', 1, '7.33', '-3.17'],
  ['UK100', 'UK 100 index', 'FTSE 100', 'GBP', '1', 1, '7.20', '-3.05'],
  ['GER40', 'Germany 40 index', 'DAX 40', 'EUR', '1', 1, '5.90', '-1.90'],
  ['XAUUSD', 'Gold spot', 'Gold (troy ounce)', 'USD', '100', 2, '7.50', '-3.25'],
  ['BRENT', 'Brent crude oil', 'Brent crude (barrel)', 'USD', '1000', 2, '6.80', '-2.70'],
  ['AAPL.US', 'Apple Inc.', 'Apple Inc. (NASDAQ: AAPL)', 'USD', '1', 2, '8.33', '-3.42'],
];

/** Swap points in pips per tenor [bid, ask] for the majors, as a dealing desk would quote them. */
const DEMO_POINTS: Record<string, Partial<Record<FxTenor, [string, string]>>> = {
  'EUR/USD': {
    ON: ['0.42', '0.48'],
    TN: ['0.41', '0.47'],
    SN: ['0.43', '0.49'],
    '1W': ['2.95', '3.15'],
    '2W': ['5.90', '6.20'],
    '1M': ['12.80', '13.30'],
    '2M': ['25.10', '25.90'],
    '3M': ['37.40', '38.40'],
    '6M': ['73.20', '75.00'],
    '9M': ['106.50', '109.50'],
    '1Y': ['137.00', '141.00'],
  },
  'GBP/USD': {
    ON: ['-0.12', '-0.06'],
    TN: ['-0.11', '-0.05'],
    SN: ['-0.12', '-0.06'],
    '1W': ['-0.95', '-0.65'],
    '2W': ['-1.90', '-1.40'],
    '1M': ['-4.10', '-3.40'],
    '2M': ['-8.20', '-7.10'],
    '3M': ['-12.00', '-10.60'],
    '6M': ['-22.50', '-20.10'],
    '9M': ['-31.80', '-28.40'],
    '1Y': ['-40.20', '-35.80'],
  },
  'USD/JPY': {
    ON: ['-1.95', '-1.85'],
    TN: ['-1.94', '-1.84'],
    SN: ['-1.96', '-1.86'],
    '1W': ['-13.70', '-13.20'],
    '2W': ['-27.40', '-26.60'],
    '1M': ['-59.50', '-58.30'],
    '2M': ['-117.00', '-115.00'],
    '3M': ['-174.00', '-171.00'],
    '6M': ['-340.00', '-334.00'],
    '9M': ['-497.00', '-488.00'],
    '1Y': ['-645.00', '-633.00'],
  },
  'USD/CHF': {
    ON: ['-0.78', '-0.72'],
    TN: ['-0.77', '-0.71'],
    SN: ['-0.79', '-0.73'],
    '1W': ['-5.50', '-5.20'],
    '2W': ['-11.00', '-10.50'],
    '1M': ['-23.80', '-23.00'],
    '2M': ['-47.00', '-45.80'],
    '3M': ['-69.50', '-67.90'],
    '6M': ['-136.00', '-133.00'],
    '9M': ['-199.00', '-195.00'],
    '1Y': ['-258.00', '-252.00'],
  },
  'USD/CAD': {
    ON: ['-0.35', '-0.29'],
    TN: ['-0.34', '-0.28'],
    SN: ['-0.35', '-0.29'],
    '1W': ['-2.40', '-2.10'],
    '2W': ['-4.80', '-4.30'],
    '1M': ['-10.40', '-9.60'],
    '2M': ['-20.50', '-19.30'],
    '3M': ['-30.40', '-28.80'],
    '6M': ['-59.50', '-56.50'],
    '9M': ['-87.00', '-83.00'],
    '1Y': ['-113.00', '-108.00'],
  },
};

/** What the demo's deliverable client may trade: FX pairs only, no CFDs or options. */
const DELIVERABLE_CLIENT = 'Harbor Commodities';

/**
 * Instruments, the rate sheet, swap points and holiday calendars of the demo. Instruments
 * and the allow-list are loaded once; rates and points are set again at each start so the
 * sheet is fresh.
 */
/** The option model's volatilities (percent a year) per pair and tenor. */
const DEMO_VOLATILITIES: Record<string, Record<string, string>> = {
  'EUR/USD': { '1M': '7.2', '3M': '7.6', '1Y': '8.1' },
  'GBP/USD': { '1M': '8.0', '3M': '8.3', '1Y': '8.8' },
  'USD/JPY': { '1M': '9.5', '3M': '9.9', '1Y': '10.4' },
};
/** The currencies' interest rates (percent a year, continuously compounded). */
const DEMO_INTEREST_RATES: Record<string, string> = { USD: '4.50', EUR: '2.75', GBP: '4.25', JPY: '0.50' };

export async function seedDemoInstruments(db: Db, m: InstrumentsModule): Promise<void> {
  const pip = (quote: string) => (quote === 'JPY' ? '0.01' : '0.0001');
  const rows = [
    ...DEMO_PAIRS.map(([base, quote]) => ({
      kind: 'FX' as const,
      symbol: `${base}/${quote}`,
      name: `${base}/${quote}`,
      baseCurrency: base,
      quoteCurrency: quote,
      pipSize: pip(quote),
      pricePrecision: quote === 'JPY' ? 3 : 5,
      spotLag: base === 'USD' && quote === 'CAD' ? 1 : 2,
      updatedBy: 'system',
    })),
    ...DEMO_CFDS.map(([symbol, name, underlying, quote, contractSize, pricePrecision, long, short]) => ({
      kind: 'CFD' as const,
      symbol,
      name,
      underlying,
      quoteCurrency: quote,
      contractSize,
      pricePrecision,
      financingRateLong: long,
      financingRateShort: short,
      settlementLag: 0,
      updatedBy: 'system',
    })),
  ];
  await db.insert(instruments).values(rows).onConflictDoNothing();
  const [eurUsd] = await db.select().from(instruments).where(eq(instruments.symbol, 'EUR/USD'));
  await db
    .insert(instruments)
    .values({
      kind: 'FX_OPTION',
      symbol: 'EUR/USD OPT',
      name: 'EUR/USD option',
      baseCurrency: 'EUR',
      quoteCurrency: 'USD',
      pricePrecision: 5,
      pairId: eurUsd!.id,
      styles: ['EUROPEAN', 'AMERICAN'],
      updatedBy: 'system',
    })
    .onConflictDoNothing();

  for (const [base, quote, bid, rate, ask] of DEMO_RATES) await m.rates.load({ base, quote, rate, bid, ask });
  for (const [symbol, points] of Object.entries(DEMO_POINTS)) {
    const [base, quote] = symbol.split('/') as [string, string];
    await m.swapPoints.load(
      base,
      quote,
      Object.entries(points).map(([tenor, [bid, ask]]) => ({ tenor: tenor as FxTenor, bid, ask })),
    );
  }

  // The option model's market: volatilities of the majors and the currencies' interest rates,
  // so the house quotes option premiums (and judges staff's) from the first start.
  for (const [symbol, vols] of Object.entries(DEMO_VOLATILITIES)) {
    const [base, quote] = symbol.split('/') as [string, string];
    for (const [tenor, pct] of Object.entries(vols))
      await db.execute(sql`insert into fx_volatilities (base, quote, tenor, volatility_pct, set_by)
        values (${base}, ${quote}, ${tenor}, ${pct}, 'system') on conflict do nothing`);
  }
  for (const [currency, pct] of Object.entries(DEMO_INTEREST_RATES))
    await db.execute(sql`insert into interest_rates (currency, rate_pct, set_by)
      values (${currency}, ${pct}, 'system') on conflict do nothing`);

  // The calendars screen has last year to the year after next from the first start.
  const year = yearOf(fxTradeDate());
  const currencies = [...new Set(DEMO_PAIRS.flat().concat(DEMO_CFDS.map((c) => c[3])))];
  await m.calendars.ensureSeeded(currencies, [year - 1, year, year + 1, year + 2]);

  const [client] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(eq(entities.name, DELIVERABLE_CLIENT));
  if (!client) return;
  const [listed] = await db
    .select()
    .from(entityInstrumentLists)
    .where(eq(entityInstrumentLists.entityId, client.id));
  if (listed) return;
  const pairs = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(
      and(
        eq(instruments.kind, 'FX'),
        inArray(
          instruments.symbol,
          DEMO_PAIRS.map(([b, q]) => `${b}/${q}`),
        ),
      ),
    );
  await db.transaction(async (tx) => {
    await tx.insert(entityInstrumentLists).values({ entityId: client.id, updatedBy: 'system' });
    await tx
      .insert(entityInstrumentListItems)
      .values(pairs.map((p) => ({ entityId: client.id, instrumentId: p.id })));
  });
}
