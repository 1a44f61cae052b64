import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import type { Agent } from '../../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../../test/fixtures';
import { clientAccount, fund } from '../../../test/ledger-fixtures';
import { useTestApp } from '../../../test/test-app';
import { entities } from '../../entities/entities.tables';
import { fxTradeDate, isWeekend, plusDays } from '../../instruments/iso-dates';
import {
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  STAFF_KEYS,
  type TradingWorld,
} from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';
import { CLIENT_EXERCISE_WINDOW_MINUTES } from './option-lifecycle';
import { cutInstant } from './option-terms';

/**
 * Issue 37, after a hostile review: an option's expiry is judged on the market at its cut, and
 * an option's barrier on the market after its booking.
 * - A client exercises only within its window after the cut (CLIENT_EXERCISE_WINDOW_MINUTES),
 *   judged in the money against the sheet's rate recorded AT the cut — never the market now,
 *   so waiting five days for the sheet to move buys nothing. Staff exercise later only with an
 *   override and a reason, audited. The end of day settles what the window left: exercised as
 *   the system when in the money at the cut, expired when not; once, however often it runs;
 *   one it cannot settle is named and the others go on.
 * - A barrier is watched strictly after the booking instant: the rate in force when the option
 *   was booked is no touch, for staff, a barrier event and the end of day alike; one option
 *   that fails never stops the end of day's barrier step for the others.
 * Time passes in the database: an option can no longer be booked already expired, so its
 * expiry cut (expires_at, expiry_date) is moved into the past directly, and the sheet's rate at
 * that cut is written into the rate history with its as_of. The sheet's EUR/USD mid is 1.0850
 * between tests.
 */
describe('option expiry and barrier paths', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let client: Agent;
  let otherStaff: Agent;
  let expiryDate = '';
  /** A second client of the broker, whose account a test closes to make one option fail. */
  let harbour = { entityId: 0, account: 0 };

  const rebateKo = {
    direction: 'UP',
    kind: 'KNOCK_OUT',
    level: '1.1200',
    rebate: '5000.00',
    rebateCurrency: 'USD',
  };
  const premiumOf = (strike: string) =>
    (
      garmanKohlhagen({
        kind: 'CALL',
        spot: 1.085,
        strike: Number(strike),
        years: yearsBetween(fxTradeDate(), expiryDate),
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      }).price * 1_000_000
    ).toFixed(2);
  type Booked = { id: number; ticket: string; status: string };
  /** Staff book a EUR/USD call of 1,000,000 today, expiring in about a month (a barrier one off-market, approved by other staff). */
  const book = async (
    over: { strike?: string; barrier?: object; accountId?: number } = {},
  ): Promise<Booked> => {
    const strike = over.strike ?? '1.0800';
    const res = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD']!,
      side: 'BUY',
      optionType: 'CALL',
      notional: '1000000.00',
      strike,
      expiryDate,
      cut: 'NY',
      premium: premiumOf(strike),
      premiumCurrency: 'USD',
      ...(over.barrier ? { offMarket: true, reason: 'Barrier option priced by the desk' } : {}),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    if (!over.barrier) return res.json().trade;
    const approved = await otherStaff.post('/api/requests/status/update', {
      requestId: res.json().pendingRequest.id,
      status: 'APPROVED',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [trade] = (
      await t.database.db.execute<Booked>(
        sql`select id, ticket, status from trades where type = 'FX_OPTION' order by id desc limit 1`,
      )
    ).rows;
    return trade!;
  };
  const act = (agent: Agent, path: string, tradeId: number, over: object = {}) =>
    bookVia(agent, path, { tradeId, reason: 'Desk instruction', ...over });
  const view = async (id: number) => (await w.staff.post('/api/trades/view', { tradeId: id })).json();
  const setMid = (rate: string) => t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate });
  /** The sheet recorded EUR/USD at `rate` at instant `at` (its history, as the sheet would have kept it). */
  const recorded = (rate: string, at: Date) =>
    t.database.db.execute(sql`
      insert into fx_rate_history (base, quote, rate, bid, ask, as_of, set_by)
      values ('EUR', 'USD', ${rate}, ${new Money(rate).minus('0.0001').toString()},
              ${new Money(rate).plus('0.0001').toString()}, ${at.toISOString()}, 'test')`);
  /**
   * Time passes: the option's expiry cut is moved to `cut` in the database (an option cannot be
   * booked already expired), and the sheet's EUR/USD at that cut is recorded (a minute before it).
   */
  const cutAt = async (ids: number[], cut: Date, expiry: string, rateAtCut = '1.0850') => {
    await t.database.db.execute(sql`
      update fx_options set expiry_date = ${expiry}, expires_at = ${cut.toISOString()}::timestamptz
       where trade_id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})`);
    await recorded(rateAtCut, new Date(cut.getTime() - 60_000));
  };
  /** A weekday about `days` before today, and its New York cut. */
  const pastCut = (days: number) => {
    let d = plusDays(fxTradeDate(), -days);
    while (isWeekend(d)) d = plusDays(d, -1);
    return { expiry: d, cut: cutInstant(d, 'NY') };
  };
  /** The first weekday whose end-of-day cut-off is still ahead. */
  const businessDay = () => {
    let d = fxTradeDate();
    while (isWeekend(d) || t.services.eod.cutoffOf(d).getTime() <= Date.now() + 60_000) d = plusDays(d, 1);
    return d;
  };
  const nextWeekday = (d: string) => {
    let n = plusDays(d, 1);
    while (isWeekend(n)) n = plusDays(n, 1);
    return n;
  };
  const count = async (q: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ n: number }>(q)).rows[0]!.n;
  const rebatesOf = (ticket: string) =>
    count(sql`select count(*)::int as n from ledger_transactions
               where kind = 'FX_OPTION_REBATE' and reference = ${ticket}`);
  const underlyingsOf = (ticket: string) =>
    count(sql`select count(*)::int as n from trades where type = 'DELIVERABLE_FX' and reference = ${ticket}`);
  const setAccountActive = (accountId: number, active: boolean) =>
    t.database.db.execute(sql`update accounts set active = ${active} where id = ${accountId}`);

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const m = t.services.instruments.optionMarket;
    await m.setVolatilities(actingAs(w.root), {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '10' }],
    });
    await m.setInterestRate(actingAs(w.root), { currency: 'USD', ratePct: '5' });
    await m.setInterestRate(actingAs(w.root), { currency: 'EUR', ratePct: '3' });
    expiryDate = plusDays(fxTradeDate(), 30);
    for (;;) {
      const ok = await t.services.instruments.valueDates
        .validate({ base: 'EUR', quote: 'USD' }, expiryDate)
        .then(() => true)
        .catch(() => false);
      if (ok) break;
      expiryDate = plusDays(expiryDate, 1);
    }
    const c = await signedInUser(t, w.client);
    await grant(t, c.user.id, w.client, ['manual_trade_booking', 'account_view', 'approve_withdrawal']);
    client = c.agent;
    const s = await signedInUser(t, w.broker);
    await grant(t, s.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    otherStaff = s.agent;
    const owner = (await createEntity(t, uniqueName('Harbour '), w.broker)).id;
    await t.database.db
      .update(entities)
      .set({ tradingEnabled: true, currencyCode: 'USD' })
      .where(sql`${entities.id} = ${owner}`);
    harbour = { entityId: owner, account: await clientAccount(t.database.db, owner) };
    await fund(t.database.db, harbour.account, 'USD', '5000000.00');
  });

  // The sheet's EUR/USD mid is 1.0850 between tests, whatever a test left.
  afterEach(async () => {
    await setMid('1.0850');
  });

  describe('a barrier is watched strictly after the booking', () => {
    it('counts no rate in force at the booking instant: staff, a barrier event and the end of day all refuse it; a later touch knocks out', async () => {
      const ko = await book({ barrier: rebateKo });
      const [{ booked_at: bookedAt }] = (
        await t.database.db.execute<{ booked_at: string }>(
          sql`select booked_at::text from trades where id = ${ko.id}`,
        )
      ).rows as [{ booked_at: string }];
      // The sheet stood beyond the barrier at the very instant of the booking (a booking the desk
      // now refuses; this one stands as one booked before that rule would).
      const at = new Date(bookedAt);
      await recorded('1.1300', at);
      const byStaff = await act(w.staff, 'knockOutOption', ko.id);
      expect(byStaff.statusCode).toBe(409);
      expect(byStaff.json().message).toMatch(
        /^EUR\/USD has no recorded rate since this option was booked: the UP barrier at 1\.12\d* has not been touched$/,
      );
      const event = await bookVia(w.staff, 'barrierEvent', {
        tradeId: ko.id,
        event: 'KNOCK_OUT',
        observedRate: '1.1300',
        observedAt: at.toISOString(),
        source: 'Rate sheet at booking',
        reason: 'Breached when booked',
      });
      expect([event.statusCode, Object.keys(event.json().errors ?? {})]).toEqual([422, ['observedAt']]);
      const day = businessDay();
      // The end of day's step judges the same path: nothing to do, and no failure (it used to find
      // the touch at the booking, then refuse it as evidence from before the booking, every run).
      expect(await t.services.trading.options.applyBarriersDue(day, t.services.eod.cutoffOf(day))).toEqual({
        knockedIn: 0,
        knockedOut: 0,
        failures: [],
      });
      expect((await view(ko.id)).trade.status).toBe('OPEN');
      expect(await rebatesOf(ko.ticket)).toBe(0);
      // A touch after the booking is one.
      await setMid('1.1250');
      await setMid('1.0850');
      expect(await t.services.trading.options.applyBarriersDue(day, t.services.eod.cutoffOf(day))).toEqual({
        knockedIn: 0,
        knockedOut: 1,
        failures: [],
      });
      expect((await view(ko.id)).events.at(-1)).toMatchObject({
        kind: 'KNOCKED_OUT',
        by: 'end of day',
        details: { evidence: { rate: '1.125', source: 'rate sheet' } },
      });
      expect(await rebatesOf(ko.ticket)).toBe(1);
      await expectLedgerSound(t);
    });

    it('names one option the barrier step cannot move, with its ticket, and knocks out the others; the next run moves it', async () => {
      const good = await book({ barrier: rebateKo });
      const bad = await book({ barrier: rebateKo, accountId: harbour.account });
      await setMid('1.1300');
      await setMid('1.0850');
      // The rebate cannot be posted to a closed account.
      await setAccountActive(harbour.account, false);
      const day = businessDay();
      const run = await t.services.trading.options.applyBarriersDue(day, t.services.eod.cutoffOf(day));
      expect(run).toMatchObject({ knockedIn: 0, knockedOut: 1 });
      expect(run.failures).toEqual([{ tradeId: bad.id, ticket: bad.ticket, error: expect.any(String) }]);
      expect((await view(good.id)).trade.status).toBe('KNOCKED_OUT');
      expect((await view(bad.id)).trade.status).toBe('OPEN');
      expect(await rebatesOf(bad.ticket)).toBe(0);
      await setAccountActive(harbour.account, true);
      expect(await t.services.trading.options.applyBarriersDue(day, t.services.eod.cutoffOf(day))).toEqual({
        knockedIn: 0,
        knockedOut: 1,
        failures: [],
      });
      expect([await rebatesOf(good.ticket), await rebatesOf(bad.ticket)]).toEqual([1, 1]);
      await expectLedgerSound(t);
    });
  });

  describe('exercise is judged at the cut', () => {
    it('judges a client’s exercise in its window against the sheet at the cut, never the market now', async () => {
      const otm = await book({ strike: '1.1200' });
      const itm = await book({ strike: '1.0800' });
      // The cut was half an hour ago (within the window); EUR/USD stood at 1.0850 then.
      const cut = new Date(Date.now() - 30 * 60_000);
      await cutAt([otm.id, itm.id], cut, fxTradeDate());
      // The market ran to 1.20 since: the 1.12 call is in the money now, but was not at its cut.
      await setMid('1.2000');
      const late = await act(client, 'exerciseOption', otm.id);
      expect([late.statusCode, late.json().message]).toEqual([
        409,
        'This option is not in the money: only an in-the-money option can be exercised',
      ]);
      expect((await view(otm.id)).trade.status).toBe('OPEN');
      // And the other way: out of the money now, in the money at its cut.
      await setMid('1.0000');
      const mine = await act(client, 'exerciseOption', itm.id);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().events.at(-1)).toMatchObject({
        kind: 'EXERCISED',
        details: { spot: '1.085', spotAt: new Date(cut.getTime() - 60_000).toISOString() },
      });
      await setMid('1.0850');
      await expectLedgerSound(t);
    });

    it('refuses a client’s exercise after its window, even in the money at the cut; staff exercise then only with an override and a reason, audited', async () => {
      const option = await book({ strike: '1.0800' });
      const { expiry, cut } = pastCut(5);
      await cutAt([option.id], cut, expiry);
      await setMid('1.2000');
      const byClient = await act(client, 'exerciseOption', option.id);
      expect(byClient.statusCode).toBe(409);
      expect(byClient.json().message).toBe(
        `The exercise window of this option closed at ${new Date(cut.getTime() + CLIENT_EXERCISE_WINDOW_MINUTES * 60_000).toISOString()}, ${CLIENT_EXERCISE_WINDOW_MINUTES} minutes after its expiry cut (${expiry} New York 10:00): the end of day exercises it if it was in the money at the cut and expires it if not, or the house’s dealing staff exercise it with an override`,
      );
      const plain = await act(w.staff, 'exerciseOption', option.id);
      expect(plain.statusCode).toBe(409);
      expect(plain.json().message).toMatch(
        /exercise window of this option closed at .*: exercising it now needs an override with a reason$/,
      );
      expect((await view(option.id)).trade.status).toBe('OPEN');
      const forced = await act(w.staff, 'exerciseOption', option.id, {
        override: true,
        reason: 'Client instructed before the cut; desk missed it',
      });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json().events.at(-1)).toMatchObject({
        kind: 'EXERCISED',
        by: w.staffName,
        reason: 'Client instructed before the cut; desk missed it',
        details: { override: true, afterWindow: true, spot: '1.085' },
      });
      const [audit] = (
        await t.database.db.execute<{ details: Record<string, unknown> }>(
          sql`select details from audit_events where action = 'trades.option.exercise' and target = ${option.ticket}`,
        )
      ).rows;
      expect(audit?.details).toMatchObject({
        override: true,
        afterWindow: true,
        reason: 'Client instructed before the cut; desk missed it',
        to: 'EXERCISED',
      });
      await setMid('1.0850');
    });
  });

  describe('the end of day settles what the window left', () => {
    it('exercises as the system an option in the money at its cut, expires one out of it (whatever the sheet says now) and a knock-in never knocked in; once however often it runs', async () => {
      const itm = await book({ strike: '1.0800' });
      const otm = await book({ strike: '1.1200' });
      const ki = await book({ barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1500' } });
      const open = await book({ strike: '1.0800' });
      const { expiry, cut } = pastCut(5);
      await cutAt([itm.id, otm.id, ki.id], cut, expiry);
      // Its cut ten minutes ago: the client's window is still open, so the end of day leaves it.
      await cutAt([open.id], new Date(Date.now() - 10 * 60_000), fxTradeDate());
      // The hindsight the review tried: the sheet has since moved the 1.12 call into the money.
      await setMid('1.2000');
      const day = businessDay();
      const run = await t.services.eod.run(day);
      expect(run).toMatchObject({ status: 'COMPLETED', failures: [] });

      const exercised = await view(itm.id);
      expect(exercised.trade.status).toBe('EXERCISED');
      expect(exercised.events.at(-1)).toMatchObject({
        kind: 'EXERCISED',
        by: 'end of day',
        businessDate: day,
        details: { spot: '1.085' },
      });
      expect(exercised.events.at(-1).reason).toMatch(/in the money: .* was 1\.085, against the strike 1\.08/);
      const underlying = await view(exercised.trade.option.underlyingTradeId);
      expect(underlying.trade).toMatchObject({
        type: 'DELIVERABLE_FX',
        status: 'PENDING',
        side: 'BUY',
        amount: '1000000.00',
        rate: '1.08',
        tradeDate: expiry,
        valueDate: exercised.trade.option.deliveryDate,
        reference: itm.ticket,
        bookedBy: 'system',
      });
      expect(underlying.legs[0]).toMatchObject({
        payAsset: 'USD',
        payAmount: '1080000.00',
        status: 'PENDING',
      });
      const [audit] = (
        await t.database.db.execute<{ actor_id: string | null; details: Record<string, unknown> }>(
          sql`select actor_id, details from audit_events where action = 'trades.option.exercise' and target = ${itm.ticket}`,
        )
      ).rows;
      expect(audit).toMatchObject({ actor_id: null, details: { to: 'EXERCISED' } });

      const expired = await view(otm.id);
      expect(expired.trade.status).toBe('EXPIRED');
      expect(expired.events.at(-1)).toMatchObject({ kind: 'EXPIRED', by: 'end of day', businessDate: day });
      expect(expired.events.at(-1).reason).toMatch(
        /out of the money: .* was 1\.085, against the strike 1\.12/,
      );
      expect((await view(ki.id)).trade.status).toBe('EXPIRED');
      expect((await view(open.id)).trade.status).toBe('OPEN');

      // Again: the step itself, and the next day's run.
      expect(await t.services.trading.options.settleExpiriesDue(day, t.services.eod.cutoffOf(day))).toEqual({
        exercised: 0,
        expired: 0,
        failures: [],
      });
      expect(await t.services.eod.run(nextWeekday(day))).toMatchObject({ status: 'COMPLETED', failures: [] });
      expect(await underlyingsOf(itm.ticket)).toBe(1);
      expect(await underlyingsOf(otm.ticket)).toBe(0);
      await setMid('1.0850');
      await expectLedgerSound(t);
    });

    it('names an option it cannot settle, with its ticket, leaves it live and settles the others', async () => {
      const good = await book({ strike: '1.0800' });
      const bad = await book({ strike: '1.0800', accountId: harbour.account });
      const { expiry, cut } = pastCut(4);
      await cutAt([good.id, bad.id], cut, expiry);
      // The underlying trade's pay side cannot be held on a closed account.
      await setAccountActive(harbour.account, false);
      const day = businessDay();
      const step = () => t.services.trading.options.settleExpiriesDue(day, t.services.eod.cutoffOf(day));
      const run = await step();
      expect(run).toMatchObject({ exercised: 1, expired: 0 });
      expect(run.failures).toEqual([{ tradeId: bad.id, ticket: bad.ticket, error: expect.any(String) }]);
      expect([(await view(good.id)).trade.status, (await view(bad.id)).trade.status]).toEqual([
        'EXERCISED',
        'OPEN',
      ]);
      expect(await underlyingsOf(bad.ticket)).toBe(0);
      await setAccountActive(harbour.account, true);
      expect(await step()).toEqual({ exercised: 1, expired: 0, failures: [] });
      expect(await underlyingsOf(bad.ticket)).toBe(1);
      await expectLedgerSound(t);
    });
  });
});
