import type {
  TInstrument,
  ZCfdValueDate,
  ZSpotValueDate,
} from '@clearway/contracts/endpoints/instruments.schemas';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors';
import type { CalendarsService } from './calendars.service';
import type { InstrumentsService } from './instruments.service';
import { fxTradeDate, type IsoDate, plusDays, weekdayName } from './iso-dates';
import {
  businessDaysAfter,
  defaultSpotLag,
  type HolidayBook,
  holidaysBetween,
  isBusinessDay,
  nextBusinessDay,
  type Pair,
  settlementCalendars,
  spotDate,
  tenorDates,
} from './value-dates';

/** Holidays read for one computation: far enough for spot, and for every tenor up to 1Y. */
const SPOT_WINDOW_DAYS = 60;
const CURVE_WINDOW_DAYS = 460;

/** What a value date settles on: a pair (its currencies and USD) or a list of calendars. */
export type Settlement = Pair | { calendars: string[] };
const calendarsOf = (s: Settlement) => ('calendars' in s ? s.calendars : settlementCalendars(s));

/**
 * Value dates on the holiday calendars: spot for a pair, a CFD's settlement, the tenor
 * dates of a curve, and the check every booking runs on the value date it is given.
 */
export function createValueDatesService(calendars: CalendarsService, catalog: InstrumentsService) {
  /** The pair's spot lag: its instrument's when one exists, else the market's. */
  async function lagOf(p: Pair): Promise<number> {
    return (await catalog.findPair(p.base, p.quote))?.spotLag ?? defaultSpotLag(p);
  }

  /** Spot for a pair and trade date (today's FX trade date when none is given). */
  async function spot(p: Pair & { tradeDate?: IsoDate }): Promise<z.infer<typeof ZSpotValueDate>> {
    const tradeDate = p.tradeDate ?? fxTradeDate();
    const lag = await lagOf(p);
    const cals = settlementCalendars(p);
    const book = await calendars.book(cals, tradeDate, plusDays(tradeDate, SPOT_WINDOW_DAYS));
    const valueDate = spotDate(book, p, tradeDate, lag);
    return {
      base: p.base,
      quote: p.quote,
      tradeDate,
      spotLag: lag,
      valueDate,
      calendars: cals,
      skipped: holidaysBetween(book, cals, tradeDate, valueDate),
    };
  }

  return {
    spot,

    /**
     * A CFD's value date: its settlement lag in business days of its quote currency after the
     * trade date (T+0: the trade date, or the next business day when it is a holiday).
     * @throws BadRequest when the instrument is not a CFD
     */
    async cfd(
      instrument: TInstrument,
      tradeDate: IsoDate = fxTradeDate(),
    ): Promise<z.infer<typeof ZCfdValueDate>> {
      if (instrument.kind !== 'CFD')
        throw badRequest(`instrumentId: ${instrument.symbol} is not a CFD`, { instrumentId: 'is not a CFD' });
      const cals = [instrument.quote];
      const book = await calendars.book(cals, tradeDate, plusDays(tradeDate, SPOT_WINDOW_DAYS));
      const valueDate = businessDaysAfter(book, cals, tradeDate, instrument.settlementLag);
      return {
        instrumentId: instrument.id,
        symbol: instrument.symbol,
        tradeDate,
        settlementLag: instrument.settlementLag,
        valueDate,
        calendars: cals,
        skipped: holidaysBetween(book, cals, plusDays(tradeDate, -1), valueDate),
      };
    },

    /**
     * The holidays of every pair's settlement calendars from `tradeDate` to past the 1Y
     * tenor: one read for as many curves as there are pairs.
     */
    curveBook: (pairs: Pair[], tradeDate: IsoDate) =>
      calendars.book(pairs.flatMap(settlementCalendars), tradeDate, plusDays(tradeDate, CURVE_WINDOW_DAYS)),

    /** Spot and the dates of every tenor of a pair with spot lag `lag`, on a curve book. */
    curveDates(book: HolidayBook, p: Pair, lag: number, tradeDate: IsoDate) {
      const spotOn = spotDate(book, p, tradeDate, lag);
      return { spotDate: spotOn, tenors: tenorDates(book, p, tradeDate, spotOn) };
    },

    /**
     * Refuses a value date that is not a business day of the settlement's calendars (for a
     * pair: both currencies and USD), or that lies before `notBefore`; the message names the
     * next business day and the holiday in the way.
     * @throws AppError 422 with a field error on `field`
     */
    async validate(s: Settlement, valueDate: IsoDate, opts: { field?: string; notBefore?: IsoDate } = {}) {
      const field = opts.field ?? 'valueDate';
      const refuse = (message: string) =>
        new AppError('BadRequest', 422, `${field}: ${message}`, { [field]: message });
      if (opts.notBefore && valueDate < opts.notBefore)
        throw refuse(`${valueDate} is before the trade date ${opts.notBefore}`);
      const cals = calendarsOf(s);
      const book: HolidayBook = await calendars.book(cals, valueDate, plusDays(valueDate, SPOT_WINDOW_DAYS));
      if (isBusinessDay(book, cals, valueDate)) return;
      const why =
        cals
          .map((c) => (book.holiday(c, valueDate) ? `${book.holiday(c, valueDate)} (${c})` : null))
          .find((x) => x !== null) ?? `a ${weekdayName(valueDate)}`;
      throw refuse(
        `${valueDate} is not a business day for ${cals.join('/')}: ${why}; the next one is ${nextBusinessDay(book, cals, valueDate)}`,
      );
    },
  };
}
export type ValueDatesService = ReturnType<typeof createValueDatesService>;
