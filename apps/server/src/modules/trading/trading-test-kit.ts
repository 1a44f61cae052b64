import type { PermissionKey } from '@clearway/contracts/permissions';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Money } from '../../platform/money';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount, fund, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import type { TestContext } from '../../test/test-app';
import { entities } from '../entities/entities.tables';
import { balances, holds } from '../ledger/ledger.tables';
import { marksOf } from './marks';

// The world trading tests run in: a platform root, a broker and its trading client with a
// funded MarginTrading account, broker staff who book and cancel, and the pairs and rates
// they trade — built through the real services.

export type TradingWorld = {
  root: number;
  broker: number;
  client: number;
  /** Another broker's client, outside the staff's tree. */
  stranger: number;
  account: number;
  strangerAccount: number;
  /** Broker staff: manual_trade_booking, trade_amend, account_view on the broker and below. */
  staff: Agent;
  staffName: string;
  /** Broker staff holding account_view only. */
  viewer: Agent;
  pairs: Record<string, number>;
};

export const STAFF_KEYS: PermissionKey[] = [
  'manual_trade_booking',
  'trade_amend',
  'account_view',
  'eod_processing',
];

const SINCE = '2020-01-02T00:00:00Z';

/** The pairs set up, with their mid rates and bid/ask. */
export const RATES: [string, string, string, string, string][] = [
  ['EUR', 'USD', '1.0849', '1.0850', '1.0851'],
  ['GBP', 'USD', '1.2649', '1.2650', '1.2651'],
  ['USD', 'JPY', '149.49', '149.50', '149.51'],
  ['USD', 'CAD', '1.3599', '1.3600', '1.3601'],
];

export async function buildTradingWorld(t: TestContext, opts: { funds?: [string, string][] } = {}) {
  const w = {} as TradingWorld;
  w.root = (await createEntity(t, uniqueName('Platform '))).id;
  w.broker = (await createEntity(t, uniqueName('Broker '), w.root)).id;
  w.client = (await createEntity(t, uniqueName('Northwind '), w.broker)).id;
  const other = (await createEntity(t, uniqueName('Other broker '), w.root)).id;
  w.stranger = (await createEntity(t, uniqueName('Stranger '), other)).id;
  await t.database.db
    .update(entities)
    .set({ tradingEnabled: true, currencyCode: 'USD' })
    .where(sql`${entities.id} in (${w.client}, ${w.stranger})`);
  // The brokers are the house's side: their staff deal for the clients below (desk.ts).
  await t.database.db
    .update(entities)
    .set({ attributes: ['Executing Broker'] })
    .where(sql`${entities.id} in (${w.broker}, ${other})`);
  w.account = await clientAccount(t.database.db, w.client);
  w.strangerAccount = await clientAccount(t.database.db, w.stranger);
  for (const [asset, amount] of opts.funds ?? [
    ['USD', '5000000.00'],
    ['EUR', '2000000.00'],
  ])
    await fund(t.database.db, w.account, asset, amount);
  await fund(t.database.db, w.strangerAccount, 'USD', '1000.00');
  const staff = await signedInUser(t, w.broker);
  await grant(t, staff.user.id, w.broker, STAFF_KEYS);
  w.staff = staff.agent;
  w.staffName = staff.user.username;
  const viewer = await signedInUser(t, w.broker);
  await grant(t, viewer.user.id, w.broker, ['account_view']);
  w.viewer = viewer.agent;
  const m = t.services.instruments;
  const who = actingAs(w.root);
  w.pairs = {};
  for (const [base, quote, bid, rate, ask] of RATES) {
    const existing = await m.catalog.findPair(base, quote);
    const pair = existing ?? (await m.catalog.create(who, { kind: 'FX', base, quote } as never));
    w.pairs[`${base}/${quote}`] = pair.id;
    await m.rates.load({ base, quote, rate, bid, ask });
  }
  // The same sheet as it stood since 2020 (its history is append-only): any end of day's
  // cut-off in the tests' dates finds it.
  for (const [base, quote, bid, rate, ask] of RATES)
    await t.database.db.execute(sql`
      insert into fx_rate_history (base, quote, rate, bid, ask, as_of, set_by)
      values (${base}, ${quote}, ${rate}, ${bid}, ${ask}, ${SINCE}, 'test')`);
  return w;
}

/**
 * The configuration of suites that replay dated scenarios (trades of March 2026, settled on
 * their value dates): staff's back-dating window opened to cover them. The desk's limits at
 * their defaults are proven in trading-controls.test.ts.
 */
export const REPLAY_CONFIG = { TRADE_BACKDATE_BUSINESS_DAYS: '5000' };

/**
 * Books through the API with an Idempotency-Key (a fresh one unless given). A dated booking
 * (a trade date or a value date given) carries the reason staff must give for one.
 */
export function bookVia(agent: Agent, path: string, body: object, key = `k-${crypto.randomUUID()}`) {
  const dated = 'tradeDate' in body || 'valueDate' in body || 'nearValueDate' in body;
  const sent = dated && !('reason' in body) ? { ...body, reason: 'Replaying a dated scenario' } : body;
  return agent.post(`/api/trades/${path}`, sent, { headers: { 'idempotency-key': key } });
}

/** An account's balance of an asset: posted and held, as exact strings (0 when it has none). */
export async function balanceOf(t: TestContext, accountId: number, asset: string) {
  const [row] = await t.database.db
    .select()
    .from(balances)
    .where(sql`${balances.accountId} = ${accountId} and ${balances.asset} = ${asset}`);
  return { posted: new Money(row?.posted ?? 0).toString(), held: new Money(row?.held ?? 0).toString() };
}

/** The open holds of an account. */
export const openHolds = (t: TestContext, accountId: number) =>
  t.database.db
    .select()
    .from(holds)
    .where(sql`${holds.accountId} = ${accountId} and ${holds.status} = 'PLACED'`);

/** Σ postings per asset and per transaction is zero, balances agree with postings and holds. */
export async function expectLedgerSound(t: TestContext) {
  expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
}

/** Sets an entity's tradingEnabled flag directly. */
export const setTrading = (t: TestContext, entityId: number, on: boolean) =>
  t.database.db.update(entities).set({ tradingEnabled: on }).where(eq(entities.id, entityId));

/** Settles what is due by `businessDate` at the sheet's current mids (the end of day's settle step). */
export async function settleOn(t: TestContext, businessDate: string) {
  const { rates } = t.services.instruments;
  return t.services.trading.settlement.settleDue(businessDate, marksOf(rates, await rates.sheet()));
}

/** The postings of a trade's ledger transactions, as [account, asset, amount] in order. */
export function postingLines(view: { postings: { accountId: number; asset: string; amount: string }[] }) {
  return view.postings.map((p) => [p.accountId, p.asset, p.amount]);
}

/**
 * A service-level caller who is the house's staff for everything below `entityId` (a user
 * homed there holding the staff keys for it and below): what a direct service call needs to
 * type a price or back-date.
 */
export async function staffAt(t: TestContext, entityId: number) {
  const { user } = await signedInUser(t, entityId);
  await grant(t, user.id, entityId, STAFF_KEYS);
  return actingAs(entityId, user);
}
