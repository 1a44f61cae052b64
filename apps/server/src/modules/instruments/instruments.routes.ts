import { API } from '@clearway/contracts/endpoint-table';
import type { FastifyInstance } from 'fastify';
import { actingOn as on, serve } from '../../platform/routes';
import type { InstrumentsModule } from './instruments.module';

/** The instruments rows of the contract (section 7 and their management) and `entity/instruments`. */
export function instrumentsRoutes(app: FastifyInstance, m: InstrumentsModule) {
  const I = API.instruments;
  serve(app, I.list, (c) => m.catalog.list(c.body));
  serve(app, I.create, (c) => m.catalog.create(on(c), c.body));
  serve(app, I.update, (c) => m.catalog.update(on(c), c.body));
  serve(app, I.setStatus, (c) => m.catalog.setStatus(on(c), c.body.instrumentId, c.body.enabled));
  serve(app, I.currencies, () => m.catalog.currencies());

  serve(app, I.fxSpotValueDate, (c) => m.valueDates.spot(c.body));
  serve(app, I.cfdValueDate, async (c) =>
    m.valueDates.cfd(await m.catalog.get(c.body.instrumentId), c.body.tradeDate),
  );
  serve(app, I.calendars, async () => m.calendars.list());
  serve(app, I.holidays, (c) => m.calendars.holidaysOf(c.body.calendar, c.body.year));
  serve(app, I.addHoliday, (c) => m.calendars.add(on(c), c.body));
  serve(app, I.removeHoliday, (c) => m.calendars.remove(on(c), c.body));

  serve(app, I.rates, () => m.rates.rates());
  serve(app, I.rateHistory, (c) => m.rates.history(c.body.base, c.body.quote));
  serve(app, I.setRate, (c) => m.rates.set(on(c), c.body));

  serve(app, I.fxSwapRates, (c) => m.swapPoints.curves(c.body));
  serve(app, I.setSwapPoints, (c) => m.swapPoints.set(on(c), c.body));
  serve(app, I.fxForwardRate, (c) => m.swapPoints.forward(c.body));
  serve(app, I.cfdPrices, () => m.cfdPrices.latest());
  serve(app, I.setCfdPrice, (c) => m.cfdPrices.set(on(c), c.body));

  serve(app, I.optionMarket, () => m.optionMarket.market());
  serve(app, I.setVolatilities, (c) => m.optionMarket.setVolatilities(on(c), c.body));
  serve(app, I.setInterestRate, (c) => m.optionMarket.setInterestRate(on(c), c.body));
  serve(app, I.marginRates, () => m.optionMarket.marginRates());
  serve(app, I.setMarginRate, (c) => m.optionMarket.setMarginRate(on(c), c.body));
  serve(app, I.setEntityMarginRate, (c) =>
    m.optionMarket.setMarginRate(on(c), { ...c.body, forEntityId: on(c).entityId }),
  );

  serve(app, API.entity.instruments, (c) => m.catalog.forEntity(on(c).entityId));
  serve(app, API.entity.setInstruments, (c) =>
    m.catalog.setForEntity(on(c), c.body.clientId, c.body.instrumentIds),
  );
}
