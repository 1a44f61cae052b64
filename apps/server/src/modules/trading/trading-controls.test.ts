import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { fxTradeDate, plusDays } from '../instruments/iso-dates';
import { tradingDaysBefore } from './desk-rules';
import {
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  STAFF_KEYS,
  setTrading,
  settleOn,
  staffAt,
  type TradingWorld,
} from './trading-test-kit';

/**
 * Issue 37: clients trade on the house's quotes, staff book within tolerance (beyond it only
 * off-market, under four eyes), dates are the desk's, and one gate stops every booking of a
 * frozen or trading-disabled entity before anything is written. Default limits throughout.
 */
describe('trading controls', () => {
  const t = useTestApp();
  const w = {} as TradingWorld;
  let client: Agent;
  let checker: Agent;
  const eurUsd = () => w.pairs['EUR/USD']!;
  const quoteBody = (over: object = {}) => ({
    kind: 'DELIVERABLE_FX',
    accountId: w.account,
    instrumentId: eurUsd(),
    side: 'BUY',
    amount: '10000.00',
    ...over,
  });
  const ask = (agent: Agent, over: object = {}) => agent.post('/api/trades/quote', quoteBody(over));
  const spot = (over: object = {}) => ({
    accountId: w.account,
    instrumentId: eurUsd(),
    side: 'BUY',
    amount: '10000.00',
    ...over,
  });
  /** A booking sent exactly as given (bookVia adds a reason to dated ones). */
  const bookRaw = (agent: Agent, path: string, body: object) =>
    agent.post(`/api/trades/${path}`, body, { headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  const written = async () => ({
    trades: await count('trades'),
    postings: await count('postings'),
    holds: await count('holds'),
    events: await count('trade_events'),
    requests: await count('requests'),
  });

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const c = await signedInUser(t, w.client);
    await grant(t, c.user.id, w.client, ['manual_trade_booking', 'account_view']);
    client = c.agent;
    const k = await signedInUser(t, w.broker);
    await grant(t, k.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    checker = k.agent;
    await grant(t, (await whoIsStaff()).id, w.broker, ['approve_withdrawal']);
  });
  /** The world's staff user (to grant it an approver's key: the inbox and decisions need one). */
  const whoIsStaff = async () =>
    (await t.database.db.execute<{ id: string }>(sql`select id from users where username = ${w.staffName}`))
      .rows[0]!;

  describe('quotes', () => {
    it('books a client at exactly the quoted price — the sheet’s ask for a buy — once', async () => {
      const q = await ask(client);
      expect(q.statusCode, q.body).toBe(200);
      const quote = q.json();
      expect(quote, q.body).toMatchObject({
        price: '1.0851',
        mid: '1.085',
        counterAmount: '10851.00',
        ttlSeconds: 10,
      });
      const res = await bookVia(client, 'bookManualDeliverableFxTrade', spot({ quoteId: quote.quoteId }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().trade).toMatchObject({ rate: '1.0851', counterAmount: '10851.00' });
      const again = await bookVia(client, 'bookManualDeliverableFxTrade', spot({ quoteId: quote.quoteId }));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/quote has been used/);
    });

    it('answers 400 to a bad quote request, 403 without manual_trade_booking, 404 for another tree’s account', async () => {
      const bad = await ask(client, { amount: '-1', colour: 'red' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['amount', 'colour']));
      expect((await ask(w.viewer)).statusCode).toBe(403);
      expect((await ask(w.staff, { accountId: w.strangerAccount })).statusCode).toBe(404);
      expect((await ask(client, { kind: 'FX_OPTION' })).statusCode).toBe(400);
    });

    it('books two concurrent bookings at one quote once: one trade, one refusal', async () => {
      const quote = (await ask(client)).json();
      const before = await count('trades');
      const both = await Promise.all(
        [1, 2].map(() => bookVia(client, 'bookManualDeliverableFxTrade', spot({ quoteId: quote.quoteId }))),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await count('trades')).toBe(before + 1);
      await expectLedgerSound(t);
    });

    it('refuses an expired quote, a quote of other terms, and another entity’s quote', async () => {
      const expired = (await ask(client)).json();
      await t.database.db.execute(
        sql`update trade_quotes set quoted_at = now() - interval '1 minute', expires_at = now() - interval '30 seconds' where id = ${expired.quoteId}`,
      );
      const late = await bookVia(client, 'bookManualDeliverableFxTrade', spot({ quoteId: expired.quoteId }));
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/expired/);
      const quote = (await ask(client)).json();
      const other = await bookVia(
        client,
        'bookManualDeliverableFxTrade',
        spot({ quoteId: quote.quoteId, amount: '20000.00' }),
      );
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.quoteId).toMatch(/other terms \(amount 10000\)/);
      const sold = await bookVia(
        client,
        'bookManualDeliverableFxTrade',
        spot({ quoteId: quote.quoteId, side: 'SELL' }),
      );
      expect(sold.statusCode).toBe(422);
      // Another client of the same broker, booked by staff with the first client's quote.
      const neighbour = (await createEntity(t, uniqueName('Neighbour '), w.broker)).id;
      await setTrading(t, neighbour, true);
      const account = await clientAccount(t.database.db, neighbour);
      await fund(t.database.db, account, 'USD', '100000.00');
      const foreign = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ accountId: account, quoteId: quote.quoteId }),
      );
      expect(foreign.statusCode).toBe(404);
      // The quote was never claimed by those refusals: its own booking still goes through.
      const own = await bookVia(client, 'bookManualDeliverableFxTrade', spot({ quoteId: quote.quoteId }));
      expect(own.statusCode, own.body).toBe(200);
    });

    it('refuses a client’s typed rate — a quote is required — and writes nothing', async () => {
      const before = await written();
      for (const [path, body] of [
        ['bookManualDeliverableFxTrade', spot({ rate: '1.0850' })],
        ['bookManualDeliverableFxTrade2', spot({ counterAmount: '1.00' })],
        ['bookManualDeliverableFxTrade', spot({ rate: '0.00108' })],
      ] as const) {
        const res = await bookVia(client, path, body);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors.quoteId).toMatch(/Book at a quote/);
      }
      const staffOnly = await bookVia(
        client,
        'bookManualDeliverableFxTrade',
        spot({ reason: 'I say so', offMarket: true }),
      );
      expect(staffOnly.statusCode).toBe(422);
      expect(await written()).toEqual(before);
    });
  });

  describe('every kind at a quote', () => {
    /** A business day of EUR/USD about `days` ahead (the spot of that trade date). */
    const businessDayAhead = async (days: number) =>
      (
        await t.services.instruments.valueDates.spot({
          base: 'EUR',
          quote: 'USD',
          tradeDate: plusDays(fxTradeDate(), days),
        })
      ).valueDate;
    let us500 = 0;

    beforeAll(async () => {
      const m = t.services.instruments;
      us500 = (
        await m.catalog.create(await staffAt(t, w.root), {
          kind: 'CFD',
          symbol: 'US500',
          name: 'US 500 index',
          underlying: 'S&P 500',
          quote: 'USD',
          contractSize: '10',
          pricePrecision: 1,
          financingRateLong: '7.3',
          financingRateShort: '-3',
          settlementLag: 0,
        } as never)
      ).id;
      await m.cfdPrices.load({ instrumentId: us500, price: '5010.0', bid: '5009.5', ask: '5010.5' }, 'test');
      await m.swapPoints.load('EUR', 'USD', [
        { tenor: '1M', bid: '18.0', ask: '19.0' },
        { tenor: '3M', bid: '52.0', ask: '54.0' },
      ]);
      const root = await staffAt(t, w.root);
      await m.optionMarket.setVolatilities(root, {
        base: 'EUR',
        quote: 'USD',
        points: [{ tenor: '1Y', volatilityPct: '10' }],
      });
      await m.optionMarket.setInterestRate(root, { currency: 'USD', ratePct: '5' });
      await m.optionMarket.setInterestRate(root, { currency: 'EUR', ratePct: '3' });
    });

    const quoteAndBook = async (q: object, path: string, booking: object) => {
      const quote = await client.post('/api/trades/quote', q);
      expect(quote.statusCode, quote.body).toBe(200);
      const res = await bookVia(client, path, { ...booking, quoteId: quote.json().quoteId });
      expect(res.statusCode, res.body).toBe(200);
      return { quote: quote.json(), trade: res.json().trade };
    };

    it('books margin FX at the bid for a sale', async () => {
      const { quote, trade } = await quoteAndBook(
        quoteBody({ kind: 'MARGIN_FX', side: 'SELL' }),
        'bookManualFxTrade',
        spot({ side: 'SELL' }),
      );
      expect(quote.price).toBe('1.0849');
      expect(trade.rate).toBe('1.0849');
    });

    it('books a CFD at its ask for a purchase', async () => {
      const { trade } = await quoteAndBook(
        { kind: 'CFD', accountId: w.account, instrumentId: us500, side: 'BUY', quantity: '2' },
        'bookManualCfdTrade',
        { accountId: w.account, instrumentId: us500, side: 'BUY', quantity: '2' },
      );
      expect(trade.rate).toBe('5010.5');
    });

    it('books a swap at the quote’s near rate and swap points', async () => {
      const farValueDate = await businessDayAhead(40);
      const { quote, trade } = await quoteAndBook(
        quoteBody({ kind: 'FX_SWAP', farValueDate }),
        'bookManualFxSwap',
        spot({ farValueDate }),
      );
      expect(trade.rate).toBe(quote.price);
      // The far leg is a forward: the curve's points on the bid the client sells back at.
      expect(Number(quote.farPrice)).toBeGreaterThan(1.0849);
      expect(trade.rate).toBe('1.0851');
    });

    it('never quotes a forward at spot: a pair without points for the date is refused', async () => {
      const res = await ask(client, {
        instrumentId: w.pairs['USD/CAD'],
        valueDate: await businessDayAhead(60),
      });
      expect(res.statusCode).toBe(422);
    });

    it('keeps a client’s option dates the market’s: premium at spot, delivery at spot after expiry', async () => {
      const expiryDate = await businessDayAhead(30);
      const terms = {
        accountId: w.account,
        instrumentId: eurUsd(),
        side: 'BUY',
        optionType: 'CALL',
        notional: '100000',
        strike: '1.1000',
        expiryDate,
        cut: 'NY',
        premiumCurrency: 'USD',
      };
      const quote = (await client.post('/api/trades/quote', { kind: 'FX_OPTION', ...terms })).json();
      const late = await bookRaw(client, 'bookManualDeliverableFxOptionTrade', {
        ...terms,
        quoteId: quote.quoteId,
        premiumDate: expiryDate,
      });
      expect(late.statusCode).toBe(422);
      expect(late.json().errors.premiumDate).toMatch(/must be the spot date/);
    });

    it('books an option at the model’s premium, and refuses a premium other than the quote’s', async () => {
      const expiryDate = await businessDayAhead(30);
      const terms = {
        accountId: w.account,
        instrumentId: eurUsd(),
        side: 'BUY',
        optionType: 'CALL',
        notional: '100000',
        strike: '1.1000',
        expiryDate,
        cut: 'NY',
        premiumCurrency: 'USD',
      };
      const quote = (await client.post('/api/trades/quote', { kind: 'FX_OPTION', ...terms })).json();
      expect(Number(quote.price)).toBeGreaterThan(0);
      const other = await bookVia(client, 'bookManualDeliverableFxOptionTrade', {
        ...terms,
        quoteId: quote.quoteId,
        premium: '0.01',
      });
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.premium).toMatch(/must be the quote’s/);
      const res = await bookVia(client, 'bookManualDeliverableFxOptionTrade', {
        ...terms,
        quoteId: quote.quoteId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().trade.option.premium).toBe(quote.price);
    });
  });

  describe('staff within tolerance, off-market under four eyes', () => {
    it('books staff’s typed rate within 2 % of the sheet’s mid', async () => {
      const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ rate: '1.0900' }));
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a rate beyond the tolerance without offMarket, naming market and tolerance, and writes nothing', async () => {
      const before = await written();
      const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ rate: '1.2000' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.rate).toMatch(/10\.5991% off the sheet’s mid 1\.085, beyond the 2% tolerance/);
      const noReason = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.2000', offMarket: true }),
      );
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors.reason).toMatch(/off-market/);
      expect(await written()).toEqual(before);
    });

    it('makes an off-market booking a request, booked only when another staff member approves it', async () => {
      const trades = await count('trades');
      const res = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.2000', offMarket: true, reason: 'Historic rate agreed with the client' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const pending = res.json().pendingRequest;
      expect(pending).toMatchObject({ type: 'OFF MARKET TRADE', requiredApprovals: 1 });
      expect(await count('trades')).toBe(trades);
      const decide = (agent: Agent) =>
        agent.post('/api/requests/status/update', { requestId: pending.id, status: 'APPROVED' });
      const self = await decide(w.staff);
      expect(self.statusCode).toBe(403);
      expect(await count('trades')).toBe(trades);
      const approved = await decide(checker);
      expect(approved.statusCode, approved.body).toBe(200);
      const [row] = (
        await t.database.db.execute<{ rate: string }>(
          sql`select rate::text from trades order by id desc limit 1`,
        )
      ).rows;
      expect(row!.rate).toMatch(/^1\.2/);
      expect(await count('trades')).toBe(trades + 1);
      await expectLedgerSound(t);
    });
  });

  describe('dates', () => {
    const today = () => fxTradeDate();

    it('refuses a client’s back-dated trade date and a value date before spot', async () => {
      const quote = await ask(client, { valueDate: today() });
      expect(quote.statusCode, quote.body).toBe(422);
      expect(quote.json().errors?.valueDate, quote.body).toMatch(/must not be before the spot date/);
      const q = (await ask(client)).json();
      const back = await bookRaw(
        client,
        'bookManualDeliverableFxTrade',
        spot({ quoteId: q.quoteId, tradeDate: tradingDaysBefore(today(), 1) }),
      );
      expect(back.statusCode).toBe(422);
      expect(back.json().errors.tradeDate).toMatch(/only the house's staff back-date/);
    });

    it('lets staff back-date within five business days with a reason, audited; not further, not without one', async () => {
      const within = tradingDaysBefore(today(), 2);
      const noReason = await w.staff.post(
        '/api/trades/bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', tradeDate: within }),
        {
          headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
        },
      );
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors.reason).toMatch(/back-dated/);
      const ok = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', tradeDate: within, reason: 'Missed booking from Tuesday' }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const [audit] = (
        await t.database.db.execute<{ details: { input: { reason: string } } }>(
          sql`select details from audit_events where target = ${ok.json().trade.ticket}`,
        )
      ).rows;
      expect(audit!.details.input.reason).toBe('Missed booking from Tuesday');
      const far = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', tradeDate: tradingDaysBefore(today(), 6), reason: 'Too late' }),
      );
      expect(far.statusCode).toBe(422);
      expect(far.json().errors.tradeDate).toMatch(/at most 5 business days/);
    });

    it('settles staff’s past value date at the next end of day, counted as late in the run’s figures', async () => {
      const tradeDate = tradingDaysBefore(today(), 4);
      const valueDate = (
        await t.services.instruments.valueDates.spot({ base: 'EUR', quote: 'USD', tradeDate })
      ).valueDate;
      expect(valueDate < today()).toBe(true);
      const res = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', tradeDate, valueDate, reason: `Booked late: dealt by phone on ${tradeDate}` }),
      );
      expect(res.statusCode, res.body).toBe(200);
      await settleOn(t, today());
      expect((await t.services.trading.endOfDayCounts(today())).lateSettled).toBeGreaterThanOrEqual(1);
      await expectLedgerSound(t);
    });

    it('refuses a trade date after today, a value date fifty years ahead and an option already expired', async () => {
      const future = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', tradeDate: plusDays(today(), 7) }),
      );
      expect(future.statusCode).toBe(422);
      const fifty = await bookVia(
        w.staff,
        'bookManualDeliverableFxTrade',
        spot({ rate: '1.0850', valueDate: '2076-11-30' }),
      );
      expect(fifty.statusCode).toBe(422);
      expect(fifty.json().errors.valueDate).toMatch(/the longest tenor is 730 days/);
      const expired = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
        accountId: w.account,
        instrumentId: eurUsd(),
        side: 'BUY',
        optionType: 'CALL',
        notional: '100000',
        strike: '0.5000',
        expiryDate: tradingDaysBefore(today(), 3),
        cut: 'NY',
        premium: '100.00',
        premiumCurrency: 'USD',
        reason: 'Hindsight',
      });
      expect(expired.statusCode).toBe(422);
    });
  });

  describe('what a hostile client tried next', () => {
    it('never makes a client staff: a holding company’s users type no rate for its fund', async () => {
      const holding = (await createEntity(t, uniqueName('Holding '), w.broker)).id;
      const fundEntity = (await createEntity(t, uniqueName('Fund '), holding)).id;
      await setTrading(t, fundEntity, true);
      const account = await clientAccount(t.database.db, fundEntity);
      await fund(t.database.db, account, 'USD', '100000.00');
      const insider = await signedInUser(t, holding);
      await grant(t, insider.user.id, holding, [
        'manual_trade_booking',
        'account_view',
        'account_management',
      ]);
      const typed = await bookVia(
        insider.agent,
        'bookManualDeliverableFxTrade',
        spot({ accountId: account, rate: '1.0640' }),
      );
      expect(typed.statusCode).toBe(422);
      expect(typed.json().errors.quoteId).toMatch(/Book at a quote/);
      // Nor may it make itself a broker, or lift its fund's trading stop, from within.
      const view = (await insider.agent.post('/api/entity/view', { entityId: holding })).json();
      const broker = await insider.agent.call({
        method: 'PUT',
        url: '/api/entity/update',
        payload: { entityId: holding, entityName: view.entityName, attributes: ['Executing Broker'] },
      });
      expect(broker.statusCode, broker.body).toBe(403);
      expect(broker.json().message).toMatch(/Only an administrator above .* may change its attributes/);
    });

    it('refuses a quote to anyone but its asker, and an expired quote to a retry of a refused booking', async () => {
      const quote = (await ask(client)).json();
      const other = await bookVia(w.staff, 'bookManualDeliverableFxTrade', spot({ quoteId: quote.quoteId }));
      expect(other.statusCode).toBe(404);
      const big = (await ask(client, { amount: '9000000.00' })).json();
      const key = `k-${crypto.randomUUID()}`;
      const poor = await bookVia(
        client,
        'bookManualDeliverableFxTrade',
        spot({ amount: '9000000.00', quoteId: big.quoteId }),
        key,
      );
      expect(poor.statusCode).toBe(422);
      await t.database.db.execute(
        sql`update trade_quotes set quoted_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' where id = ${big.quoteId}`,
      );
      await fund(t.database.db, w.account, 'USD', '10000000.00');
      const later = await bookVia(
        client,
        'bookManualDeliverableFxTrade',
        spot({ amount: '9000000.00', quoteId: big.quoteId }),
        key,
      );
      expect(later.statusCode, later.body).toBe(409);
      expect(later.json().message).toMatch(/expired/);
    });

    it('keeps barrier options the desk’s, never breached at booking, their rebate within the notional', async () => {
      const option = {
        accountId: w.account,
        instrumentId: eurUsd(),
        side: 'BUY',
        optionType: 'CALL',
        notional: '100000',
        strike: '1.1500',
        expiryDate: (
          await t.services.instruments.valueDates.spot({
            base: 'EUR',
            quote: 'USD',
            tradeDate: plusDays(fxTradeDate(), 30),
          })
        ).valueDate,
        cut: 'NY',
        premiumCurrency: 'USD',
      };
      const knockOut = {
        direction: 'UP',
        kind: 'KNOCK_OUT',
        level: '1.0860',
        rebate: '1000000.00',
        rebateCurrency: 'USD',
      };
      const q = await client.post('/api/trades/quote', { kind: 'FX_OPTION', ...option });
      const viaQuote = await bookVia(client, 'bookManualDeliverableFxOptionTrade', {
        ...option,
        quoteId: q.json().quoteId,
        barrier: knockOut,
      });
      expect(viaQuote.statusCode).toBe(422);
      expect(viaQuote.json().errors.barrier).toMatch(/booked by the house’s desk/);
      const staff = (over: object) =>
        bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', { ...option, premium: '50.00', ...over });
      const rich = await staff({ barrier: knockOut, offMarket: true, reason: 'Desk trade' });
      expect(rich.json().errors?.['barrier.rebate'], rich.body).toMatch(
        /not be more than the notional’s value/,
      );
      const breached = await staff({ barrier: { ...knockOut, level: '1.0800', rebate: '100.00' } });
      expect(breached.json().errors?.['barrier.level'], breached.body).toMatch(/already breached/);
      const unpriced = await staff({ barrier: { ...knockOut, rebate: '100.00' } });
      expect(unpriced.statusCode).toBe(422);
      expect(unpriced.json().errors.premium).toMatch(/book it off-market/);
      const desk = await staff({
        barrier: { ...knockOut, rebate: '100.00' },
        offMarket: true,
        reason: 'Desk barrier, priced by the desk',
      });
      expect(desk.statusCode, desk.body).toBe(200);
      expect(desk.json().pendingRequest.type).toBe('OFF MARKET TRADE');
    });
  });

  describe('one trading gate', () => {
    /** Every booking row, as staff would send it (the quote row as a client asks). */
    const rows = (): [string, object][] => [
      ['bookManualDeliverableFxTrade', spot({ rate: '1.0850' })],
      ['bookManualDeliverableFxTrade2', spot({ counterAmount: '10850.00' })],
      ['bookManualFxTrade', spot({ rate: '1.0850' })],
      [
        'bookManualCfdTrade',
        { accountId: w.account, instrumentId: eurUsd(), side: 'BUY', quantity: '1', price: '1' },
      ],
      ['bookManualFxSwap', spot({ rate: '1.0850', swapPoints: '1', farValueDate: plusDays(today(), 40) })],
      ['bookConversionSweepTrade', { accountId: w.account }],
      [
        'bookManualDeliverableFxOptionTrade',
        {
          accountId: w.account,
          instrumentId: eurUsd(),
          side: 'BUY',
          optionType: 'CALL',
          notional: '10000',
          strike: '1.1000',
          expiryDate: plusDays(today(), 60),
          cut: 'NY',
          premium: '10.00',
          premiumCurrency: 'USD',
        },
      ],
      ['quote', quoteBody()],
    ];
    const today = () => fxTradeDate();

    it('refuses every booking of a frozen entity with the freeze’s message, writing nothing', async () => {
      await t.database.db.execute(
        sql`update entities set frozen_at = now(), frozen_by = 'test', frozen_reason = 'gate' where id = ${w.client}`,
      );
      try {
        const before = { ...(await written()), quotes: await count('trade_quotes') };
        for (const [path, body] of rows()) {
          const res = await bookVia(w.staff, path, body);
          expect(res.statusCode, `${path}: ${res.body}`).toBe(409);
          expect(res.json().message).toMatch(/is frozen: no new requests, trades or bookings/);
        }
        expect({ ...(await written()), quotes: await count('trade_quotes') }).toEqual(before);
      } finally {
        await t.database.db.execute(
          sql`update entities set frozen_at = null, frozen_by = null, frozen_reason = null where id = ${w.client}`,
        );
      }
    });

    it('refuses every booking of an entity with trading disabled, writing nothing', async () => {
      await setTrading(t, w.client, false);
      try {
        const before = { ...(await written()), quotes: await count('trade_quotes') };
        for (const [path, body] of rows()) {
          const res = await bookVia(w.staff, path, body);
          expect(res.statusCode, `${path}: ${res.body}`).toBe(422);
          expect(res.json().message).toMatch(/^Trading is not enabled for/);
        }
        expect({ ...(await written()), quotes: await count('trade_quotes') }).toEqual(before);
      } finally {
        await setTrading(t, w.client, true);
      }
    });
  });
});
