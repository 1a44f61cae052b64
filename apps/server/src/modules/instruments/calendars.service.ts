import type { ZCalendar, ZHoliday } from '@clearway/contracts/endpoints/instruments.schemas';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import type { UsersService } from '../users/users.service';
import { CALENDAR_SOURCES, describeSource, sourceHolidays } from './holiday-sources';
import { holidayCalendarYears, holidays } from './instruments.tables';
import { type IsoDate, isWeekend, weekdayName, yearOf } from './iso-dates';
import type { HolidayBook } from './value-dates';

type Who = { principal: Principal; entityId: number };
type THoliday = z.infer<typeof ZHoliday>;
type HolidayRow = typeof holidays.$inferSelect;

const toHoliday = (r: HolidayRow): THoliday => ({
  calendar: r.calendar,
  date: r.day,
  name: r.name,
  source: r.source as THoliday['source'],
  active: r.removedAt === null,
  changedBy: r.changedBy,
  changedAt: r.changedAt?.toISOString() ?? null,
});

/** @throws BadRequest for a currency without a settlement calendar */
function assertCalendar(code: string, field = 'calendar') {
  if (!(code in CALENDAR_SOURCES))
    throw badRequest(`${field}: ${code} has no holiday calendar`, { [field]: 'has no holiday calendar' });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Holiday calendars, one per settlement currency: seeded a year at a time from their source
 * the first time a date of that year is asked about (so any year the date window allows has
 * its holidays), amended by staff, and read as a HolidayBook for value-date arithmetic.
 */
export function createCalendarsService(db: Db, users: UsersService) {
  /** Seeds the years of these calendars not seeded yet; a day staff removed stays removed. */
  async function ensureSeeded(codes: readonly string[], years: readonly number[], tx: DbOrTx = db) {
    const known = codes.filter((c) => c in CALENDAR_SOURCES);
    if (!known.length || !years.length) return;
    const seeded = await tx
      .select({ calendar: holidayCalendarYears.calendar, year: holidayCalendarYears.year })
      .from(holidayCalendarYears)
      .where(
        and(
          sql`${holidayCalendarYears.calendar} = any(${sql.param(known)}::text[])`,
          sql`${holidayCalendarYears.year} = any(${sql.param(years)}::int[])`,
        ),
      );
    const missing = known.flatMap((calendar) =>
      years
        .filter((y) => !seeded.some((s) => s.calendar === calendar && s.year === y))
        .map((year) => ({ calendar, year })),
    );
    if (!missing.length) return;
    const rows = missing.flatMap(({ calendar, year }) =>
      sourceHolidays(calendar, year).map((h) => ({ calendar, day: h.day, name: h.name, source: 'SEEDED' })),
    );
    await tx.transaction(async (inner) => {
      if (rows.length) await inner.insert(holidays).values(rows).onConflictDoNothing();
      await inner.insert(holidayCalendarYears).values(missing).onConflictDoNothing();
    });
  }

  /**
   * The holidays of `codes` from `from` to `to` (seeding the years first). Asking the book
   * about a day outside the window is a programming error, not a business day.
   */
  async function book(codes: readonly string[], from: IsoDate, to: IsoDate): Promise<HolidayBook> {
    const unique = [...new Set(codes)];
    for (const c of unique) assertCalendar(c, 'currency');
    await ensureSeeded(unique, range(yearOf(from), yearOf(to)));
    const rows = await db
      .select({ calendar: holidays.calendar, day: holidays.day, name: holidays.name })
      .from(holidays)
      .where(
        and(
          sql`${holidays.calendar} = any(${sql.param(unique)}::text[])`,
          between(holidays.day, from, to),
          isNull(holidays.removedAt),
        ),
      );
    const names = new Map(rows.map((r) => [`${r.calendar} ${r.day}`, r.name]));
    return {
      holiday(calendar, day) {
        if (day < from || day > to) throw new Error(`${day} is outside the holidays read (${from} … ${to})`);
        return names.get(`${calendar} ${day}`);
      },
    };
  }

  async function findHoliday(tx: DbOrTx, calendar: string, day: IsoDate) {
    const [row] = await tx
      .select()
      .from(holidays)
      .where(and(eq(holidays.calendar, calendar), eq(holidays.day, day)))
      .for('update');
    return row;
  }

  return {
    book,
    ensureSeeded,

    list(): z.infer<typeof ZCalendar>[] {
      return Object.entries(CALENDAR_SOURCES).map(([code, s]) => ({
        code,
        name: s.name,
        source: describeSource(code),
      }));
    },

    /** A calendar's holidays in a year, removed ones included (in date order). */
    async holidaysOf(calendar: string, year: number): Promise<THoliday[]> {
      assertCalendar(calendar);
      await ensureSeeded([calendar], [year]);
      const rows = await db
        .select()
        .from(holidays)
        .where(and(eq(holidays.calendar, calendar), between(holidays.day, `${year}-01-01`, `${year}-12-31`)))
        .orderBy(asc(holidays.day));
      return rows.map(toHoliday);
    },

    /**
     * Makes `date` a holiday of `calendar` (a removed one comes back under the new name). Audited.
     * @throws BadRequest for a weekend or an unknown calendar; Conflict when it already is one
     */
    async add(who: Who, i: { calendar: string; date: IsoDate; name: string }): Promise<THoliday> {
      assertCalendar(i.calendar);
      if (isWeekend(i.date))
        throw badRequest(`date: ${i.date} is a ${weekdayName(i.date)}, never a business day`, {
          date: 'is a weekend day',
        });
      await ensureSeeded([i.calendar], [yearOf(i.date)]);
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const existing = await findHoliday(tx, i.calendar, i.date);
        if (existing && existing.removedAt === null)
          throw conflict(`${i.date} is already a holiday of ${i.calendar} (${existing.name})`);
        const values = { name: i.name, changedBy: by, changedAt: new Date(), removedAt: null };
        const [row] = existing
          ? await tx
              .update(holidays)
              .set(values)
              .where(and(eq(holidays.calendar, i.calendar), eq(holidays.day, i.date)))
              .returning()
          : await tx
              .insert(holidays)
              .values({ calendar: i.calendar, day: i.date, source: 'ADDED', ...values })
              .returning();
        await recordAudit(tx, who, {
          action: 'holidays.add',
          outcome: 'success',
          target: `${i.calendar} ${i.date}`,
          details: { name: i.name, restored: Boolean(existing) },
        });
        return toHoliday(row!);
      });
    },

    /**
     * Makes `date` a business day of `calendar` again (the row stays, marked removed). Audited.
     * @throws NotFound when the day is not a holiday of the calendar
     */
    async remove(who: Who, i: { calendar: string; date: IsoDate }): Promise<THoliday> {
      assertCalendar(i.calendar);
      await ensureSeeded([i.calendar], [yearOf(i.date)]);
      const by = await users.displayName(who.principal);
      return db.transaction(async (tx) => {
        const existing = await findHoliday(tx, i.calendar, i.date);
        if (!existing || existing.removedAt !== null)
          throw notFound(`${i.date} is not a holiday of ${i.calendar}`);
        const now = new Date();
        const [row] = await tx
          .update(holidays)
          .set({ removedAt: now, changedAt: now, changedBy: by })
          .where(and(eq(holidays.calendar, i.calendar), eq(holidays.day, i.date)))
          .returning();
        await recordAudit(tx, who, {
          action: 'holidays.remove',
          outcome: 'success',
          target: `${i.calendar} ${i.date}`,
          details: { name: existing.name },
        });
        return toHoliday(row!);
      });
    },
  };
}
export type CalendarsService = ReturnType<typeof createCalendarsService>;
