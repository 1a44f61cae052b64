import type { Db } from '../../platform/db';
import type { EntitiesService } from '../entities/entities.service';
import type { ReferenceDataService } from '../reference-data/reference-data.service';
import type { UsersService } from '../users/users.service';
import { createCalendarsService } from './calendars.service';
import { createCfdPricesService } from './cfd-prices.service';
import { createInstrumentsService } from './instruments.service';
import { createOptionMarketService } from './option-market.service';
import { createRatesService } from './rates.service';
import { createSwapPointsService } from './swap-points.service';
import { createValueDatesService } from './value-dates.service';

type Deps = { db: Db; users: UsersService; referenceData: ReferenceDataService; entities: EntitiesService };

/**
 * The instruments module as other modules use it: the catalogue (`catalog`), holiday
 * calendars, value dates, the rate sheet, swap points with forwards, and CFD prices.
 */
export function createInstrumentsModule({ db, users, referenceData, entities }: Deps) {
  const catalog = createInstrumentsService({ db, users, referenceData, entities });
  const calendars = createCalendarsService(db, users);
  const valueDates = createValueDatesService(calendars, catalog);
  const rates = createRatesService(db, users, referenceData);
  const swapPoints = createSwapPointsService(db, { users, rates, valueDates });
  const cfdPrices = createCfdPricesService(db, users);
  const optionMarket = createOptionMarketService({ db, users, referenceData, entities });
  return { catalog, calendars, valueDates, rates, swapPoints, cfdPrices, optionMarket };
}
export type InstrumentsModule = ReturnType<typeof createInstrumentsModule>;
