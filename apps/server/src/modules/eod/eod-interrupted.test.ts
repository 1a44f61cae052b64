import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../platform/jobs/enqueue';
import { Money } from '../../platform/money';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { useTestApp } from '../../test/test-app';
import { asBooked } from '../trading/booking-price';
import { balanceOf, buildTradingWorld, expectLedgerSound, staffAt } from '../trading/trading-test-kit';

const TRADES = 120;

describe('an end of day killed half-way', () => {
  const t = useTestApp();
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
  });
  const settledLegs = async (valueDate: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from trade_legs where status = 'SETTLED' and value_date = ${valueDate}`,
      )
    ).rows[0]!.n;

  it('run again, ends as one clean run would: every delivery posted exactly once', async () => {
    const w = await buildTradingWorld(t, { funds: [['USD', '50000000.00']] });
    // Platform staff type the rate; the trades are today's, due on their spot date.
    const who = await staffAt(t, w.root);
    const tickets: string[] = [];
    let valueDate = '';
    for (let i = 1; i <= TRADES; i++) {
      const view = asBooked(
        await t.services.trading.deliverable.bookAtRate(who, `kill-${i}`, {
          accountId: w.account,
          instrumentId: w.pairs['EUR/USD']!,
          side: 'BUY',
          amount: `${i}000.00`,
          rate: '1.0840',
        }),
      );
      tickets.push(view.trade.ticket);
      valueDate = view.trade.valueDate;
    }
    // The server as production runs it, with its job worker, settling two trades per transaction.
    server = await startServerProcess(t.database.url, { JOBS_WORKER: 'true', EOD_BATCH_SIZE: '2' });
    await enqueue(t.database.db, t.services.eod.runTask, { businessDate: valueDate });
    await vi.waitFor(async () => expect(await settledLegs(valueDate)).toBeGreaterThanOrEqual(4), {
      timeout: 30_000,
      interval: 5,
    });
    await server.kill();
    server = null;
    const atKill = await settledLegs(valueDate);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(TRADES);
    await sleep(100);
    expect(await settledLegs(valueDate)).toBe(atKill);
    const interrupted = await t.database.db.execute<{ status: string }>(
      sql`select status from eod_runs where business_date = ${valueDate}`,
    );
    expect(interrupted.rows).toEqual([{ status: 'RUNNING' }]);

    // The killed session's lock goes with its connection; the run is picked up where it stopped.
    const rerun = await vi.waitFor(() => t.services.eod.run(valueDate), { timeout: 10_000, interval: 100 });
    expect(rerun).toMatchObject({
      status: 'COMPLETED',
      attempts: 2,
      failures: [],
      steps: { settled: TRADES },
    });
    const perTicket = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger_transactions
       where kind = 'FX_SETTLEMENT' and reference = any(${sql.param(tickets)}::text[]) group by reference`);
    expect(perTicket.rows.length).toBe(TRADES);
    expect(perTicket.rows.every((r) => r.n === 1)).toBe(true);
    // Σ i·1000 EUR bought at 1.0840: what one clean run would have delivered.
    const euros = new Money((TRADES * (TRADES + 1)) / 2).times(1000);
    expect(await balanceOf(t, w.account, 'EUR')).toEqual({ posted: euros.toString(), held: '0' });
    expect(await balanceOf(t, w.account, 'USD')).toEqual({
      posted: new Money('50000000').minus(euros.times('1.0840')).toString(),
      held: '0',
    });
    await expectLedgerSound(t);
  }, 120_000);
});
