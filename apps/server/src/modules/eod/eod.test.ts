import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { grant, signedInUser } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import {
  balanceOf,
  bookVia,
  buildTradingWorld,
  expectLedgerSound,
  REPLAY_CONFIG,
  type TradingWorld,
} from '../trading/trading-test-kit';

/**
 * The end of day (one job per business date): marks at the cut-off, deliveries due settled,
 * positions snapshotted, `statement/last-eod`; idempotent and resumable; scheduled and on
 * demand for eod_processing.
 */
describe('the end of day', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  let platformStaff: Agent;
  const book = async (over: object) => {
    const res = await bookVia(w.staff, 'bookManualDeliverableFxTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '100000.00',
      rate: '1.0840',
      tradeDate: '2026-03-05',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().trade as { id: number; ticket: string; valueDate: string };
  };
  const count = async (query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<{ n: number }>(query)).rows[0]!.n;
  const settlements = () =>
    count(sql`select count(*)::int as n from ledger_transactions where kind = 'FX_SETTLEMENT'`);

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    const s = await signedInUser(t, w.root);
    await grant(t, s.user.id, w.root, ['eod_processing']);
    platformStaff = s.agent;
  });

  it('runs a business date: takes the marks at the cut-off, settles what is due, snapshots positions; statement/last-eod answers it', async () => {
    expect((await w.viewer.post('/api/statement/last-eod', {})).json()).toEqual({ run: null });
    const trade = await book({});
    const friday = await t.services.eod.run('2026-03-06');
    expect(friday).toMatchObject({
      businessDate: '2026-03-06',
      status: 'COMPLETED',
      cutoff: '2026-03-06T22:00:00.000Z',
      attempts: 1,
      steps: { marks: 4, settled: 0, snapshots: 1 },
      failures: [],
    });
    // Not yet delivered: bought 100,000 EUR at 1.0840, marked at the 1.0850 mid: +100 USD.
    const snapshot = await t.database.db.execute<{
      kind: string;
      quantity: string;
      mark: string;
      unrealised: string;
    }>(
      sql`select kind, quantity::text, mark::text, unrealised::text from position_snapshots
           where business_date = '2026-03-06' and account_id = ${w.account}`,
    );
    expect(snapshot.rows).toEqual([
      {
        kind: 'UNSETTLED',
        quantity: '100000.000000000000000000',
        mark: '1.085000000000000000',
        unrealised: '100.000000000000000000',
      },
    ]);
    const monday = await t.services.eod.run('2026-03-09');
    expect(monday).toMatchObject({ status: 'COMPLETED', steps: { settled: 1, snapshots: 0 } });
    const view = (await w.staff.post('/api/trades/view', { tradeId: trade.id })).json();
    expect(view.trade).toMatchObject({ status: 'SETTLED', realisedPnl: '100.00' });
    expect(view.events.at(-1)).toMatchObject({
      kind: 'SETTLED',
      businessDate: '2026-03-09',
      by: 'end of day',
    });
    const last = await w.viewer.post('/api/statement/last-eod', {});
    expect(last.json().run).toMatchObject({ businessDate: '2026-03-09', status: 'COMPLETED' });
    await expectLedgerSound(t);
  });

  it('does nothing when run twice for the same date', async () => {
    const before = { txns: await settlements(), run: await t.services.eod.run('2026-03-09') };
    const again = await t.services.eod.run('2026-03-09');
    expect(again).toEqual(before.run);
    expect(await settlements()).toBe(before.txns);
  });

  it('ends FAILED naming a trade it could not settle, settles the others, and run again once the cause is gone completes', async () => {
    const first = await book({ tradeDate: '2026-03-06', amount: '1000.00' });
    const second = await book({ tradeDate: '2026-03-06', amount: '2000.00' });
    // A second account of the client, closed under its trade (by hand, past the check on its
    // balances): the delivery cannot post to it.
    const side = await clientAccount(t.database.db, w.client, 'Side');
    await fund(t.database.db, side, 'USD', '5000.00');
    const stuck = await book({ accountId: side, tradeDate: '2026-03-06', amount: '3000.00' });
    await t.database.db.execute(sql`update accounts set active = false where id = ${side}`);
    const failed = await t.services.eod.run('2026-03-10');
    expect(failed.status).toBe('FAILED');
    expect(failed.failures).toEqual([
      {
        step: 'settle',
        tradeId: stuck.id,
        ticket: stuck.ticket,
        error: 'This account is closed; it can neither receive nor send funds',
      },
    ]);
    expect(failed.steps.settled).toBe(2);
    const statuses = [];
    for (const trade of [first, second, stuck])
      statuses.push((await w.staff.post('/api/trades/view', { tradeId: trade.id })).json().trade.status);
    expect(statuses).toEqual(['SETTLED', 'SETTLED', 'PENDING']);
    expect((await w.viewer.post('/api/statement/last-eod', {})).json().run.businessDate).toBe('2026-03-09');

    await t.database.db.execute(sql`update accounts set active = true where id = ${side}`);
    const rerun = await t.services.eod.run('2026-03-10');
    expect(rerun).toMatchObject({ status: 'COMPLETED', attempts: 2, failures: [], steps: { settled: 3 } });
    expect(await balanceOf(t, side, 'EUR')).toEqual({ posted: '3000', held: '0' });
    expect((await w.viewer.post('/api/statement/last-eod', {})).json().run.businessDate).toBe('2026-03-10');
    await expectLedgerSound(t);
  });

  it('queues a date on demand for staff with eod_processing at the platform root, once; refuses weekends, and dates before their cut-off', async () => {
    const res = await platformStaff.post('/api/eod/run', { businessDate: '2026-03-11' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ businessDate: '2026-03-11', status: 'QUEUED' });
    await platformStaff.post('/api/eod/run', { businessDate: '2026-03-11' });
    expect(
      await count(sql`select count(*)::int as n from graphile_worker.jobs where key = 'eod:2026-03-11'`),
    ).toBe(1);
    const done = await platformStaff.post('/api/eod/run', { businessDate: '2026-03-09' });
    expect(done.json()).toMatchObject({ status: 'COMPLETED' });
    const saturday = await platformStaff.post('/api/eod/run', { businessDate: '2026-03-14' });
    expect([saturday.statusCode, saturday.json().message]).toEqual([
      422,
      '2026-03-14 is a Saturday: there is no end of day',
    ]);
    const future = await platformStaff.post('/api/eod/run', { businessDate: '2099-03-13' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toMatch(/cannot run before its cut-off \(17:00 America\/New_York\)/);
    const broker = await w.staff.post('/api/eod/run', { businessDate: '2026-03-11' });
    expect(broker.statusCode).toBe(403);
    const runs = (await platformStaff.post('/api/eod/runs', {})).json();
    expect(runs.map((r: { businessDate: string }) => r.businessDate).slice(0, 3)).toEqual([
      '2026-03-11',
      '2026-03-10',
      '2026-03-09',
    ]);
  });

  it('queues the latest date due from its schedule, once', async () => {
    const [, schedule] = t.services.eod.tasks;
    await schedule!.run(
      {},
      { jobId: 'tick', attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
    );
    await schedule!.run(
      {},
      { jobId: 'tick', attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
    );
    const due = await count(
      sql`select count(*)::int as n from eod_runs where status = 'QUEUED' and requested_by is null`,
    );
    expect(due).toBe(1);
    const jobs = await count(
      sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'eod.run' and key like 'eod:%'`,
    );
    expect(jobs).toBe(2);
  });
});
