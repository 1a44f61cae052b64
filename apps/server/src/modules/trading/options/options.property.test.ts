import type { TradeStatus } from '@clearway/contracts/enums';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/agent';
import { grant, signedInUser } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { fxTradeDate, plusDays } from '../../instruments/iso-dates';
import {
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  openHolds,
  REPLAY_CONFIG,
  STAFF_KEYS,
  staffAt,
  type TradingWorld,
} from '../trading-test-kit';
import { garmanKohlhagen, yearsBetween } from './garman-kohlhagen';

/**
 * Spec section 4, "Options can be expired, exercised, knocked in or knocked out", as a state
 * machine checked against a model (fast-check commands): every move on every kind of option in
 * every state, allowed or refused. A refused move answers 409 and changes nothing; after every
 * move the ledger balances (Σ postings = 0 per transaction and asset). All options here are
 * past their expiry cut and the market touched both barriers before it (booked today at the
 * model's premium, issue 37; then the sheet records the touch, and time passes); the sheet's
 * EUR/USD mid is 1.0850.
 */

type Kind = 'VANILLA' | 'KNOCK_IN' | 'KNOCK_OUT';
type Opt = { id: number; kind: Kind; itm: boolean };
type Model = { options: { kind: Kind; itm: boolean; status: TradeStatus }[] };
type Real = { options: Opt[] };
type Action = 'knockInOption' | 'knockOutOption' | 'exerciseOption' | 'expireOption';

const ENDED: TradeStatus[] = ['EXERCISED', 'EXPIRED', 'KNOCKED_OUT'];

/** The model's rules, written out on their own: what each move does from each state, or null (refused). */
function expected(action: Action, o: Model['options'][number], override: boolean): TradeStatus | null {
  if (ENDED.includes(o.status)) return null;
  switch (action) {
    case 'knockInOption':
      return o.kind === 'KNOCK_IN' && o.status === 'INACTIVE' ? 'OPEN' : null;
    case 'knockOutOption':
      return o.kind === 'KNOCK_OUT' && o.status === 'OPEN' ? 'KNOCKED_OUT' : null;
    case 'exerciseOption':
      return o.status === 'OPEN' && (o.itm || override) ? 'EXERCISED' : null;
    case 'expireOption':
      return o.status === 'OPEN' || o.status === 'INACTIVE' ? 'EXPIRED' : null;
  }
}

describe('the FX option state machine (model-based)', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  /** Another staff member of the broker, who approves the barrier options the world's staff submit. */
  let checker: Agent;
  /** A business day of EUR/USD about a month ahead: every option is booked alive. */
  let expiryDate = '';

  /** The model's premium (Garman–Kohlhagen at the sheet's mid) of a call on 1,000 EUR, in USD. */
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
      }).price * 1000
    ).toFixed(2);
  /** The sheet's EUR/USD mid moves, its spread kept. */
  const setSheet = (rate: string, bid: string, ask: string) =>
    t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate, bid, ask });

  beforeAll(async () => {
    Object.assign(
      w,
      await buildTradingWorld(t, {
        funds: [
          ['USD', '900000000.00'],
          ['EUR', '900000000.00'],
        ],
      }),
    );
    const k = await signedInUser(t, w.broker);
    // Deciding a request needs a request key at the route: approve_withdrawal lets it reach the engine.
    await grant(t, k.user.id, w.broker, [...STAFF_KEYS, 'approve_withdrawal']);
    checker = k.agent;
    // The market a staff's typed premium is judged against.
    const m = t.services.instruments.optionMarket;
    const root = await staffAt(t, w.root);
    await m.setVolatilities(root, {
      base: 'EUR',
      quote: 'USD',
      points: [{ tenor: '1Y', volatilityPct: '10' }],
    });
    await m.setInterestRate(root, { currency: 'USD', ratePct: '5' });
    await m.setInterestRate(root, { currency: 'EUR', ratePct: '3' });
    expiryDate = (
      await t.services.instruments.valueDates.spot({
        base: 'EUR',
        quote: 'USD',
        tradeDate: plusDays(fxTradeDate(), 30),
      })
    ).valueDate;
  });

  const view = async (id: number) => (await w.staff.post('/api/trades/view', { tradeId: id })).json();

  /** What a refusal must leave as it was: the trade, its events and postings, the account's balances and holds. */
  const snapshot = async (id: number) => ({
    view: await view(id),
    balances: (await w.staff.post('/api/account/view', { accountId: w.account })).json().balances,
    holds: (await openHolds(t, w.account)).length,
  });

  class Move implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly action: Action,
      readonly index: number,
      readonly override: boolean,
    ) {}
    check() {
      return true;
    }
    async run(m: Model, r: Real) {
      const o = m.options[this.index]!;
      const id = r.options[this.index]!.id;
      const next = expected(this.action, o, this.override);
      const before = await snapshot(id);
      const res = await bookVia(w.staff, this.action, {
        tradeId: id,
        reason: 'Model move',
        ...(this.action === 'exerciseOption' && this.override ? { override: true } : {}),
      });
      if (next === null) {
        expect(res.statusCode, `${this} from ${o.status}: ${res.body}`).toBe(409);
        expect(res.json().message).toEqual(expect.any(String));
        expect(await snapshot(id)).toEqual(before);
      } else {
        expect(res.statusCode, `${this} from ${o.status}: ${res.body}`).toBe(200);
        const after = res.json();
        expect(after.trade.status).toBe(next);
        expect(after.events.length).toBe(before.view.events.length + 1);
        if (next === 'EXERCISED') {
          const underlying = await view(after.trade.option.underlyingTradeId);
          expect(underlying.trade).toMatchObject({
            type: 'DELIVERABLE_FX',
            side: 'BUY',
            rate: after.trade.rate,
          });
        }
        o.status = next;
      }
      await expectLedgerSound(t);
    }
    toString() {
      return `${this.action}(#${this.index}${this.override ? ', override' : ''})`;
    }
  }

  const KINDS: { kind: Kind; itm: boolean }[] = [
    { kind: 'VANILLA', itm: true },
    { kind: 'VANILLA', itm: false },
    { kind: 'KNOCK_IN', itm: true },
    { kind: 'KNOCK_OUT', itm: true },
  ];

  /** Another staff member approves an off-market booking: the trade it booked. */
  async function approved(requestId: number): Promise<number> {
    const res = await checker.post('/api/requests/status/update', { requestId, status: 'APPROVED' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.database.db.execute<{ id: number }>(sql`
      select trade_id as id from trade_events
       where kind = 'BOOKED' and details->>'offMarketRequestId' = ${String(requestId)}`);
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }

  async function setup(): Promise<{ model: Model; real: Real }> {
    const options: Opt[] = [];
    for (const k of KINDS) {
      const barrier = k.kind !== 'VANILLA';
      const res = await bookVia(w.staff, 'bookManualDeliverableFxOptionTrade', {
        accountId: w.account,
        instrumentId: w.pairs['EUR/USD']!,
        side: 'BUY',
        optionType: 'CALL',
        notional: '1000.00',
        strike: k.itm ? '1.0800' : '1.1000',
        expiryDate,
        cut: 'TOKYO',
        premium: premiumOf(k.itm ? '1.0800' : '1.1000'),
        premiumCurrency: 'USD',
        ...(k.kind === 'KNOCK_IN' ? { barrier: { direction: 'UP', kind: 'KNOCK_IN', level: '1.0900' } } : {}),
        ...(k.kind === 'KNOCK_OUT'
          ? {
              barrier: {
                direction: 'UP',
                kind: 'KNOCK_OUT',
                level: '1.1200',
                rebate: '5.00',
                rebateCurrency: 'USD',
              },
            }
          : {}),
        // No model prices a barrier: its premium is off-market, booked when another staff member approves.
        ...(barrier ? { offMarket: true, reason: 'Barrier priced by the desk' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = barrier ? await approved(res.json().pendingRequest.id) : res.json().trade.id;
      options.push({ id, ...k });
    }
    // The market touches both barriers (1.0900 and 1.1200 UP) and comes back: the sheet records it.
    await setSheet('1.1300', '1.1299', '1.1301');
    await setSheet('1.0850', '1.0849', '1.0851');
    // Time passes: the expiry cut comes just after the touch (an option can no longer be booked
    // already expired, so its cut is moved in the database).
    const cut = new Date();
    await t.database.db.execute(sql`
      update fx_options set expires_at = ${cut.toISOString()}::timestamptz
       where trade_id in (${sql.join(
         options.map((o) => sql`${o.id}`),
         sql`, `,
       )})`);
    return {
      model: {
        options: options.map((o) => ({
          kind: o.kind,
          itm: o.itm,
          status: o.kind === 'KNOCK_IN' ? 'INACTIVE' : 'OPEN',
        })),
      },
      real: { options },
    };
  }

  const ACTIONS: Action[] = ['knockInOption', 'knockOutOption', 'exerciseOption', 'expireOption'];
  const move = fc
    .tuple(fc.constantFrom(...ACTIONS), fc.integer({ min: 0, max: KINDS.length - 1 }), fc.boolean())
    .map(([a, i, o]) => new Move(a, i, o));

  it('allows exactly the moves the model allows, and a refused move (409) changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([move], { maxCommands: 10 }), (cmds) => fc.asyncModelRun(setup, cmds)),
      { numRuns: 12 },
    );
  }, 600_000);

  it.each([
    ['exercise after knock-out', [new Move('knockOutOption', 3, false), new Move('exerciseOption', 3, true)]],
    ['knock-in twice', [new Move('knockInOption', 2, false), new Move('knockInOption', 2, false)]],
    ['expire after exercise', [new Move('exerciseOption', 0, false), new Move('expireOption', 0, false)]],
    ['exercise of an option never knocked in', [new Move('exerciseOption', 2, true)]],
    [
      'knock-out of a vanilla and of a knock-in',
      [new Move('knockOutOption', 0, false), new Move('knockOutOption', 2, false)],
    ],
    [
      'exercise out of the money without override, then with',
      [new Move('exerciseOption', 1, false), new Move('exerciseOption', 1, true)],
    ],
    ['knock-in then exercise', [new Move('knockInOption', 2, false), new Move('exerciseOption', 2, false)]],
    [
      'expire an inactive knock-in, then knock it in',
      [new Move('expireOption', 2, false), new Move('knockInOption', 2, false)],
    ],
  ] as const)('%s', async (_name, cmds) => {
    await fc.asyncModelRun(setup, [...cmds]);
  });
});
