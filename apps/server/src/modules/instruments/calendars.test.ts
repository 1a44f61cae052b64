import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/** Holiday calendars: seeded from date-holidays (TARGET for the euro), amended by staff. */
describe('holiday calendars', () => {
  const t = useTestApp();
  let root = 0;
  let staff: Agent;
  let viewer: Agent;
  const holidays = async (calendar: string, year: number) => {
    const res = await viewer.post('/api/instruments/holidays', { calendar, year });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { date: string; name: string; active: boolean; source: string }[];
  };

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Platform '))).id;
    const s = await signedInUser(t, root);
    await grant(t, s.user.id, root, ['instrument_management']);
    staff = s.agent;
    const v = await signedInUser(t, (await createEntity(t, uniqueName('Client '), root)).id);
    await grant(t, v.user.id, v.user.homeEntityId, ['account_view'], 'SELF');
    viewer = v.agent;
  });

  it('lists one calendar per settlement currency, with its source', async () => {
    const res = (await viewer.post('/api/instruments/calendars', {})).json();
    expect(res).toContainEqual({
      code: 'EUR',
      name: 'TARGET (euro payments)',
      source: 'TARGET closing days (date-holidays rules)',
    });
    expect(res).toContainEqual({
      code: 'GBP',
      name: 'London',
      source: 'date-holidays GB-ENG, public and bank holidays',
    });
  });

  it('holds the TARGET closing days that fall on weekdays', async () => {
    // 26 December 2026 is a Saturday.
    expect((await holidays('EUR', 2026)).map((h) => [h.date, h.name])).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-04-03', 'Good Friday'],
      ['2026-04-06', 'Easter Monday'],
      ['2026-05-01', 'Labour Day'],
      ['2026-12-25', 'Christmas Day'],
    ]);
  });

  it('holds the Federal Reserve’s holidays, without a Friday for a Saturday holiday', async () => {
    expect((await holidays('USD', 2026)).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('seeds a year once: a holiday staff removed stays removed', async () => {
    const removed = await staff.call({
      method: 'DELETE',
      url: '/api/instruments/holidays/delete',
      payload: { entityId: root, calendar: 'GBP', date: '2026-08-31' },
    });
    expect(removed.json()).toMatchObject({ date: '2026-08-31', active: false, source: 'SEEDED' });
    await t.services.instruments.calendars.ensureSeeded(['GBP'], [2026]);
    expect((await holidays('GBP', 2026)).find((h) => h.date === '2026-08-31')).toMatchObject({
      active: false,
    });
    const seeded = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from holiday_calendar_years where calendar = 'GBP' and year = 2026`,
    );
    expect(seeded.rows[0]!.n).toBe(1);
    // Added again, it comes back under the name given, still a seeded day.
    const back = await staff.post('/api/instruments/holidays/create', {
      entityId: root,
      calendar: 'GBP',
      date: '2026-08-31',
      name: 'Summer bank holiday',
    });
    expect(back.json()).toMatchObject({ active: true, source: 'SEEDED', name: 'Summer bank holiday' });
  });

  it('adds a holiday staff name, audited, and refuses a weekend, a day that already is one, or no calendar', async () => {
    const add = (body: object) => staff.post('/api/instruments/holidays/create', { entityId: root, ...body });
    const ok = await add({ calendar: 'CHF', date: '2027-03-10', name: 'Market closure' });
    expect(ok.json()).toMatchObject({ calendar: 'CHF', date: '2027-03-10', source: 'ADDED', active: true });
    const again = await add({ calendar: 'CHF', date: '2027-03-10', name: 'Again' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      '2027-03-10 is already a holiday of CHF (Market closure)',
    ]);
    const weekend = await add({ calendar: 'CHF', date: '2027-03-13', name: 'Saturday' });
    expect([weekend.statusCode, weekend.json().errors]).toEqual([400, { date: 'is a weekend day' }]);
    const none = await add({ calendar: 'BTC', date: '2027-03-10', name: 'None' });
    expect([none.statusCode, none.json().errors]).toEqual([400, { calendar: 'has no holiday calendar' }]);
    const gone = await staff.call({
      method: 'DELETE',
      url: '/api/instruments/holidays/delete',
      payload: { entityId: root, calendar: 'CHF', date: '2027-03-11' },
    });
    expect([gone.statusCode, gone.json().message]).toEqual([404, '2027-03-11 is not a holiday of CHF']);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_events where target like 'CHF %' order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['holidays.add']);
  });

  it('lets a viewer read calendars but not change them', async () => {
    const res = await viewer.post('/api/instruments/holidays/create', {
      calendar: 'USD',
      date: '2027-03-10',
      name: 'x',
    });
    expect(res.statusCode).toBe(403);
  });
});
