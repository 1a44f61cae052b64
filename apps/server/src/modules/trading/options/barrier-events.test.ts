import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../../platform/money';
import type { Agent } from '../../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../../test/fixtures';
import { clientAccount, fund } from '../../../test/ledger-fixtures';
import { useTestApp } from '../../../test/test-app';
import { entities } from '../../entities/entities.tables';
import { fxTradeDate, isWeekend, plusDays } from '../../instruments/iso-dates';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  STAFF_KEYS,
  type TradingWorld,
} from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Issue 37, item 4: option events happen when the market makes them happen. A knock-in or
 * knock-out needs a recorded touch of the barrier (the rate sheet's history since booking),
 * or a touch the sheet missed reported by staff and approved by another staff member; the
 * end of day applies the touches itself, once. A client only exercises its own bought,
 * in-the-money option after its cut; every move passes the trading gate. The sheet's
 * EUR/USD mid is 1.0850 between tests.
 */
describe('barrier events and who moves an option', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let client: Agent;
  let otherStaff: Agent;
  let expiryDate = '';
  let precision = 5;

  const rebateKo = {
    direction: 'UP',
    kind: 'KNOCK_OUT',
    level: '1.1200',
    rebate: '5000.00',
    rebateCurrency: 'USD',
  };
  /** What the house's model asks for the option (within the desk's tolerance of it). */
  const premiumOf = (strike: string, optionType: 'CALL' | 'PUT' = 'CALL') =>
    (
      garmanKohlhagen({
        kind: optionType,
        spot: 1.085,
        strike: Number(strike),
        years: yearsBetween(fxTradeDate(), expiryDate),
        domesticRate: 0.05,
        foreignRate: 0.03,
        volatility: 0.1,
      }).price * 1_000_000
    ).toFixed(2);
  /** Staff book a EUR/USD option of 1,000,000 today, expiring in about a month. */
  const book = async (
    over: { strike?: string; side?: string; barrier?: object; accountId?: number } = {},
  ) => {
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
      // No model prices a barrier: the desk books one off-market, and another staff member approves it.
      ...(over.barrier ? { offMarket: true, reason: 'Barrier option priced by the desk' } : {}),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    if (!over.barrier) return res.json().trade as { id: number; ticket: string; status: string };
    const approved = await otherStaff.post('/api/requests/status/update', {
      requestId: res.json().pendingRequest.id,
      status: 'APPROVED',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [trade] = (
      await t.database.db.execute<{ id: number; ticket: string; status: string }>(
        sql`select id, ticket, status from trades where type = 'FX_OPTION' order by id desc limit 1`,
      )
    ).rows;
    return trade!;
  };
  const act = (agent: Agent, path: string, tradeId: number, over: object = {}) =>
    bookVia(agent, path, { tradeId, reason: 'Desk instruction', ...over });
  const view = async (id: number) => (await w.staff.post('/api/trades/view', { tradeId: id })).json();
  /** The sheet's EUR/USD mid moves (its spread kept). */
  const setMid = (rate: string) => t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate });
  const shown = (v: string) => new Money(v).toFixed(precision);
  /** The option's expiry cut has passed (the clock moved on). */
  const pastCut = (id: number) =>
    t.database.db.execute(
      sql`update fx_options set expires_at = now() - interval '1 minute' where trade_id = ${id}`,
    );
  const count = async (q: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ n: number }>(q)).rows[0]!.n;
  const rebatesOf = (ticket: string) =>
    count(sql`select count(*)::int as n from ledger_transactions
               where kind = 'FX_OPTION_REBATE' and reference = ${ticket}`);

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
    // A business day of EUR and USD about a month ahead.
    expiryDate = plusDays(fxTradeDate(), 30);
    for (;;) {
      const ok = await t.services.instruments.valueDates
        .validate({ base: 'EUR', quote: 'USD' }, expiryDate)
        .then(() => true)
        .catch(() => false);
      if (ok) break;
      expiryDate = plusDays(expiryDate, 1);
    }
    // Deciding a request needs one of the request keys at the route (P.decideRequests, which
    // has no trading key yet): approve_withdrawal lets each reach the engine, which judges.
    const c = await signedInUser(t, w.client);
    await grant(t, c.user.id, w.client, ['manual_trade_booking', 'account_view', 'approve_withdrawal']);
    client = c.agent;
    const s = await signedInUser(t, w.broker);
    await grant(t, s.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    otherStaff = s.agent;
    const staff = await t.database.db.execute<{ id: string }>(
      sql`select id from users where username = ${w.staffName}`,
    );
    await grant(t, staff.rows[0]!.id, w.broker, ['approve_withdrawal']);
    precision = Number(
      (
        await t.database.db.execute<{ p: number }>(
          sql`select price_precision as p from instruments where id = ${w.pairs['EUR/USD']!}`,
        )
      ).rows[0]!.p,
    );
  });

  describe('evidence', () => {
    it('refuses a knock-out and a knock-in without a recorded touch (409), naming the range EUR/USD traded in since booking, and writes nothing', async () => {
      const ko = await book({ barrier: rebateKo });
      const ki = await book({ barrier: { direction: 'DOWN', kind: 'KNOCK_IN', level: '1.0500' } });
      await setMid('1.1100');
      await setMid('1.0850');
      const before = { ko: await view(ko.id), ki: await view(ki.id) };
      const out = await act(w.staff, 'knockOutOption', ko.id);
      expect([out.statusCode, out.json().message]).toEqual([
        409,
        `EUR/USD has traded between ${shown('1.085')} and ${shown('1.11')} since this option was booked: the UP barrier at ${shown('1.12')} has not been touched`,
      ]);
      const inn = await act(w.staff, 'knockInOption', ki.id);
      expect([inn.statusCode, inn.json().message]).toEqual([
        409,
        `EUR/USD has traded between ${shown('1.085')} and ${shown('1.11')} since this option was booked: the DOWN barrier at ${shown('1.05')} has not been touched`,
      ]);
      expect({ ko: await view(ko.id), ki: await view(ki.id) }).toEqual(before);
      expect(await rebatesOf(ko.ticket)).toBe(0);
    });

    it('applies them once the sheet records a touching rate: the rebate posted to the holder, the evidence (rate, time) in the event and the audit', async () => {
      const ko = await book({ barrier: rebateKo });
      const ki = await book({ barrier: { direction: 'DOWN', kind: 'KNOCK_IN', level: '1.0500' } });
      const before = await balanceOf(t, w.account, 'USD');
      await setMid('1.1250');
      await setMid('1.0450');
      await setMid('1.0850');
      const out = await act(w.staff, 'knockOutOption', ko.id);
      expect(out.statusCode, out.body).toBe(200);
      const shownKo = out.json();
      expect(shownKo.trade.status).toBe('KNOCKED_OUT');
      const event = shownKo.events.at(-1);
      expect(event).toMatchObject({
        kind: 'KNOCKED_OUT',
        by: w.staffName,
        details: { evidence: { rate: '1.125', source: 'rate sheet', at: expect.any(String) } },
      });
      expect(Date.parse(event.details.evidence.at)).toBeGreaterThanOrEqual(
        Date.parse(shownKo.trade.bookedAt),
      );
      expect((await balanceOf(t, w.account, 'USD')).posted).toBe(
        new Money(before.posted).plus(5000).toString(),
      );
      const [audit] = (
        await t.database.db.execute<{ details: { evidence: { rate: string } } }>(
          sql`select details from audit_events where action = 'trades.option.knock_out' and target = ${ko.ticket}`,
        )
      ).rows;
      expect(audit?.details.evidence.rate).toBe('1.125');
      const inn = await act(w.staff, 'knockInOption', ki.id);
      expect(inn.statusCode, inn.body).toBe(200);
      expect(inn.json().trade.status).toBe('OPEN');
      expect(inn.json().events.at(-1).details.evidence).toMatchObject({
        rate: '1.045',
        source: 'rate sheet',
      });
      await expectLedgerSound(t);
    });
  });

  describe('who moves an option', () => {
    it('refuses a client its own knock-in, knock-out and expiry (403), even with the barrier touched, and writes nothing', async () => {
      const ko = await book({ barrier: rebateKo });
      const ki = await book({ barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1200' } });
      await setMid('1.1300');
      await setMid('1.0850');
      await pastCut(ko.id);
      const before = { ko: await view(ko.id), ki: await view(ki.id) };
      for (const [path, id] of [
        ['knockOutOption', ko.id],
        ['knockInOption', ki.id],
        ['expireOption', ko.id],
      ] as const) {
        const res = await act(client, path, id);
        expect([path, res.statusCode], res.body).toEqual([path, 403]);
        expect(res.json().message).toMatch(/dealing staff/);
      }
      expect({ ko: await view(ko.id), ki: await view(ki.id) }).toEqual(before);
      expect(await rebatesOf(ko.ticket)).toBe(0);
    });

    it('refuses a client exercise of a sold option, of one out of the money and with an override; exercises its own bought, in-the-money option after the cut', async () => {
      const sold = await book({ side: 'SELL' });
      const otm = await book({ strike: '1.1000' });
      const itm = await book();
      for (const o of [sold, otm, itm]) await pastCut(o.id);
      const soldRes = await act(client, 'exerciseOption', sold.id);
      expect([soldRes.statusCode, soldRes.json().message]).toEqual([
        403,
        'This option was sold: only its holder, the house, can exercise it',
      ]);
      const otmRes = await act(client, 'exerciseOption', otm.id);
      expect([otmRes.statusCode, otmRes.json().message]).toEqual([
        409,
        'This option is not in the money: only an in-the-money option can be exercised',
      ]);
      const forced = await act(client, 'exerciseOption', otm.id, { override: true });
      expect([forced.statusCode, forced.json().message]).toEqual([
        403,
        'Only the house’s dealing staff may override an exercise (an option out of the money)',
      ]);
      for (const o of [sold, otm]) expect((await view(o.id)).trade.status).toBe('OPEN');
      const mine = await act(client, 'exerciseOption', itm.id);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().trade.status).toBe('EXERCISED');
    });

    it('lets staff override an out-of-the-money exercise with a reason, audited with the spot', async () => {
      const otm = await book({ strike: '1.1000' });
      await pastCut(otm.id);
      const res = await act(w.staff, 'exerciseOption', otm.id, {
        override: true,
        reason: 'Client instruction by phone',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().events.at(-1)).toMatchObject({
        kind: 'EXERCISED',
        reason: 'Client instruction by phone',
        details: { override: true, spot: '1.085' },
      });
      const [audit] = (
        await t.database.db.execute<{ details: Record<string, unknown> }>(
          sql`select details from audit_events where action = 'trades.option.exercise' and target = ${otm.ticket}`,
        )
      ).rows;
      expect(audit?.details).toMatchObject({
        override: true,
        spot: '1.085',
        reason: 'Client instruction by phone',
        to: 'EXERCISED',
      });
    });
  });

  describe('the end of day', () => {
    /** The first weekday whose cut-off is still ahead: the touch below falls within its day. */
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

    it('knocks out a barrier the day’s rates touched and knocks in another, posting the rebate once however often the day runs', async () => {
      const ko = await book({ barrier: rebateKo });
      const ki = await book({ barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1200' } });
      const untouched = await book({ barrier: { ...rebateKo, level: '1.2000' } });
      await setMid('1.1300');
      await setMid('1.0850');
      const day = businessDay();
      const run = await t.services.eod.run(day);
      expect(run).toMatchObject({ status: 'COMPLETED', failures: [] });
      const out = await view(ko.id);
      expect(out.trade.status).toBe('KNOCKED_OUT');
      expect(out.events.at(-1)).toMatchObject({
        kind: 'KNOCKED_OUT',
        by: 'end of day',
        businessDate: day,
        details: { evidence: { rate: '1.13', source: 'rate sheet' } },
      });
      expect((await view(ki.id)).trade.status).toBe('OPEN');
      expect((await view(untouched.id)).trade.status).toBe('OPEN');
      // Again: the step itself, and the next day's run.
      const again = await t.services.trading.options.applyBarriersDue(day, t.services.eod.cutoffOf(day));
      expect(again).toEqual({ knockedIn: 0, knockedOut: 0, failures: [] });
      expect(await t.services.eod.run(nextWeekday(day))).toMatchObject({ status: 'COMPLETED' });
      expect(await rebatesOf(ko.ticket)).toBe(1);
      const rebates = (await view(ko.id)).postings.filter(
        (p: { accountId: number; amount: string }) => p.accountId === w.account && p.amount === '5000.00',
      );
      expect(rebates).toHaveLength(1);
      await expectLedgerSound(t);
    });
  });

  describe('a barrier event the sheet missed (four eyes)', () => {
    const report = (agent: Agent, tradeId: number, over: object = {}) =>
      bookVia(agent, 'barrierEvent', {
        tradeId,
        event: 'KNOCK_OUT',
        observedRate: '1.12015',
        observedAt: new Date().toISOString(),
        source: 'Reuters EURUSD= 14:02',
        reason: 'Spike the sheet missed',
        ...over,
      });
    const decide = (agent: Agent, requestId: number) =>
      agent.post('/api/requests/status/update', { entityId: w.client, requestId, status: 'APPROVED' });

    it('is refused for a rate that does not touch the barrier, a time before the booking, or a client (403)', async () => {
      const ko = await book({ barrier: rebateKo });
      const low = await report(w.staff, ko.id, { observedRate: '1.1100' });
      expect([low.statusCode, low.json().errors]).toEqual([
        422,
        { observedRate: '1.11 does not touch the UP barrier at 1.12' },
      ]);
      const early = await report(w.staff, ko.id, { observedAt: '2020-01-02T10:00:00Z' });
      expect([early.statusCode, Object.keys(early.json().errors)]).toEqual([422, ['observedAt']]);
      expect((await report(client, ko.id)).statusCode).toBe(403);
    });

    it('is submitted by staff, cannot be approved by the same person, and knocks the option out when another staff member approves it', async () => {
      const ko = await book({ barrier: rebateKo });
      const res = await report(w.staff, ko.id);
      expect(res.statusCode, res.body).toBe(200);
      const request = res.json();
      expect(request).toMatchObject({
        type: 'BARRIER EVENT',
        status: 'PENDING',
        entityId: w.client,
        payload: { tradeId: ko.id, ticket: ko.ticket, event: 'KNOCK_OUT', observedRate: '1.12015' },
      });
      expect((await view(ko.id)).trade.status).toBe('OPEN');
      const self = await decide(w.staff, request.id);
      expect([self.statusCode, self.json().message]).toEqual([
        403,
        'You cannot decide a request you made yourself',
      ]);
      // The client holds manual_trade_booking at its own entity, but is not the house's staff.
      const byClient = await decide(client, request.id);
      expect([byClient.statusCode, byClient.json().message]).toEqual([
        403,
        'Only the house’s dealing staff approve a barrier event',
      ]);
      expect((await view(ko.id)).trade.status).toBe('OPEN');
      const approved = await decide(otherStaff, request.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe('COMPLETED');
      const out = await view(ko.id);
      expect(out.trade.status).toBe('KNOCKED_OUT');
      expect(out.events.at(-1).details.evidence).toMatchObject({
        rate: '1.12015',
        source: 'Reuters EURUSD= 14:02',
        requestId: request.id,
      });
      expect(await rebatesOf(ko.ticket)).toBe(1);
      await expectLedgerSound(t);
    });
  });

  describe('the trading gate', () => {
    it('refuses every move on an option of a frozen owner (409) and of one whose trading is disabled (422), writing nothing', async () => {
      const owner = (await createEntity(t, uniqueName('Frozen client '), w.broker)).id;
      await t.database.db
        .update(entities)
        .set({ tradingEnabled: true, currencyCode: 'USD' })
        .where(sql`${entities.id} = ${owner}`);
      const accountId = await clientAccount(t.database.db, owner);
      await fund(t.database.db, accountId, 'USD', '1000000.00');
      const ko = await book({ accountId, barrier: rebateKo });
      const ki = await book({ accountId, barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.1200' } });
      const vanilla = await book({ accountId });
      await pastCut(vanilla.id);
      await setMid('1.1300');
      await setMid('1.0850');
      const moves: [string, number, object][] = [
        ['knockOutOption', ko.id, {}],
        ['knockInOption', ki.id, {}],
        ['exerciseOption', vanilla.id, {}],
        ['expireOption', vanilla.id, {}],
        [
          'barrierEvent',
          ko.id,
          {
            event: 'KNOCK_OUT',
            observedRate: '1.13',
            observedAt: new Date().toISOString(),
            source: 'Screen',
          },
        ],
      ];
      const written = async () => ({
        events: await count(
          sql`select count(*)::int as n from trade_events where trade_id in (${ko.id}, ${ki.id}, ${vanilla.id})`,
        ),
        ledger: await count(sql`select count(*)::int as n from ledger_transactions`),
        requests: await count(sql`select count(*)::int as n from requests`),
        trades: await count(sql`select count(*)::int as n from trades`),
      });
      const before = await written();
      const frozen = sql`update entities set frozen_at = now(), frozen_by = 'compliance', frozen_reason = 'Sanctions review' where id = ${owner}`;
      for (const [state, status] of [
        [frozen, 409],
        [
          sql`update entities set frozen_at = null, frozen_by = null, frozen_reason = null, trading_enabled = false where id = ${owner}`,
          422,
        ],
      ] as const) {
        await t.database.db.execute(state);
        for (const [path, id, over] of moves) {
          const res = await act(w.staff, path, id, over);
          expect([path, res.statusCode], res.body).toEqual([path, status]);
        }
      }
      expect(await written()).toEqual(before);
    });
  });
});
