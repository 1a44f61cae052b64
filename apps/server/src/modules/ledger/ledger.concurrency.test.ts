import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createEntity } from '../../test/fixtures';
import { clientAccount, fund, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { createLedgerService, INSUFFICIENT_FUNDS } from './ledger.service';

const system = { principal: null };
const SOAK_MS = Number(process.env.LEDGER_SOAK_SECONDS ?? 30) * 1000;

describe('ledger under concurrency (real PostgreSQL)', () => {
  const t = useTestApp();
  let ledger: ReturnType<typeof createLedgerService>;
  let entity = 0;

  beforeAll(async () => {
    ledger = createLedgerService(t.database.db);
    entity = (await createEntity(t)).id;
  });

  it('lets exactly 10 of 100 concurrent withdrawals of 1 from a balance of 10 through', async () => {
    const db = t.database.db;
    const a = await clientAccount(db, entity);
    await fund(db, a, 'USD', '10.00');
    const omnibus = await db.transaction((tx) => ledger.platformAccount(tx, 'OMNIBUS', 'USD'));
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        db.transaction((tx) => ledger.transfer(tx, system, { kind: 'WITHDRAWAL' }, a, omnibus, 'USD', '1')),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused.every((e) => e instanceof AppError && e.message === INSUFFICIENT_FUNDS)).toBe(true);
    const [bal] = (
      await db.execute<{ posted: string; held: string }>(
        sql`select posted, held from balances where account_id = ${a} and asset = 'USD'`,
      )
    ).rows;
    expect(Number(bal!.posted)).toBe(0);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it('group commit: 100 concurrent transfers of 1 from a balance of 10 → exactly 10 booked, each its own transaction', async () => {
    const db = t.database.db;
    const a = await clientAccount(db, entity, 'batched-source');
    const b = await clientAccount(db, entity, 'batched-target');
    await fund(db, a, 'USD', '10.00');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => ledger.transferNow(system, { kind: 'TRANSFER' }, a, b, 'USD', '1')),
    );
    const booked = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(booked).toHaveLength(10);
    expect(new Set(booked).size).toBe(10);
    expect(refused.every((e) => e instanceof AppError && e.message === INSUFFICIENT_FUNDS)).toBe(true);
    const avail = async (acc: number) =>
      (
        await db.execute<{ v: string }>(
          sql`select posted - held as v from balances where account_id = ${acc}`,
        )
      ).rows[0]!.v;
    expect([Number(await avail(a)), Number(await avail(b))]).toEqual([0, 10]);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it('group commit: a refused transfer in a batch leaves the others booked', async () => {
    const db = t.database.db;
    const a = await clientAccount(db, entity, 'mixed-a');
    const b = await clientAccount(db, entity, 'mixed-b');
    await fund(db, a, 'USD', '5.00');
    const results = await Promise.allSettled([
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, b, 'USD', '2'),
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, a, 'USD', '1'),
      ledger.transferNow(system, { kind: 'TRANSFER' }, b, a, 'USD', '50'),
      // Spends what the first transfer of the batch credited, as if they ran one by one.
      ledger.transferNow(system, { kind: 'TRANSFER' }, b, a, 'USD', '1'),
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, b, 'USD', '4'),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason.status).toBe(400);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe(INSUFFICIENT_FUNDS);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it('group commit: a transfer touching a closed account fails alone (409); the rest of its batch is booked', async () => {
    const db = t.database.db;
    const a = await clientAccount(db, entity, 'closing-a');
    const b = await clientAccount(db, entity, 'closing-b');
    const closed = await clientAccount(db, entity, 'closing-closed');
    await fund(db, a, 'USD', '5.00');
    await db.execute(sql`update accounts set active = false where id = ${closed}`);
    const results = await Promise.allSettled([
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, b, 'USD', '1'),
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, closed, 'USD', '1'),
      ledger.transferNow(system, { kind: 'TRANSFER' }, a, b, 'USD', '1'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'AccountClosed',
      status: 409,
    });
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it(
    'keeps the total constant for readers while 32 workers transfer at random',
    async () => {
      const db = t.database.db;
      const accts: number[] = [];
      for (let i = 0; i < 8; i++) {
        const a = await clientAccount(db, entity, `soak-${i}`);
        await fund(db, a, 'USD', '1000.00');
        accts.push(a);
      }
      const total = async () =>
        (
          await db.execute<{ s: string }>(
            sql`select sum(posted) as s from balances where asset = 'USD' and account_id = any(${`{${accts.join(',')}}`}::int[])`,
          )
        ).rows[0]!.s;
      const start = await total();
      expect(Number(start)).toBe(8000);
      const until = Date.now() + SOAK_MS;
      let transfers = 0;
      let refusals = 0;
      const reads: string[] = [];
      // Half the workers book in their own transaction, half through group commit.
      const worker = async (_: unknown, n: number) => {
        while (Date.now() < until) {
          const from = accts[Math.floor(Math.random() * accts.length)]!;
          const to = accts[Math.floor(Math.random() * accts.length)]!;
          if (from === to) continue;
          const amount = (Math.floor(Math.random() * 30_000) / 100 + 0.01).toFixed(2);
          try {
            if (n % 2 === 0) {
              await db.transaction((tx) =>
                ledger.transfer(tx, system, { kind: 'TRANSFER' }, from, to, 'USD', amount),
              );
            } else {
              await ledger.transferNow(system, { kind: 'TRANSFER' }, from, to, 'USD', amount);
            }
            transfers++;
          } catch (err) {
            if (!(err instanceof AppError && err.status === 422)) throw err;
            refusals++;
          }
        }
      };
      const reader = async () => {
        while (Date.now() < until) reads.push(await total());
      };
      await Promise.all([...Array.from({ length: 32 }, worker), reader(), reader()]);
      console.info(
        `soak: ${transfers} transfers, ${refusals} refused for funds, ${reads.length} reads in ${SOAK_MS / 1000} s`,
      );
      expect(transfers).toBeGreaterThan(100);
      expect(new Set(reads.map(Number))).toEqual(new Set([8000]));
      expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
    },
    SOAK_MS + 60_000,
  );

  it('leaves no partial transaction when the connection is killed mid-posting', async () => {
    const db = t.database.db;
    const a = await clientAccount(db, entity);
    const b = await clientAccount(db, entity);
    await fund(db, a, 'USD', '50.00');
    const victim = new pg.Client({ connectionString: t.database.url });
    victim.on('error', () => undefined);
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await victim.query('begin');
    // The posting's rows are written but not committed when the backend dies.
    await victim.query(
      `select ledger_post('TRANSFER', 'killed-1', 'system', null, null, null, $1::int[], $2::text[], $3::numeric[])`,
      [
        [a, b],
        ['USD', 'USD'],
        ['-20', '20'],
      ],
    );
    // And a second posting blocked on the first one's locks, killed while it waits.
    const blocked = new pg.Client({ connectionString: t.database.url });
    blocked.on('error', () => undefined);
    await blocked.connect();
    const blockedPid = (await blocked.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const waiting = blocked
      .query(
        `select ledger_post('TRANSFER', 'killed-2', 'system', null, null, null, $1::int[], $2::text[], $3::numeric[])`,
        [
          [a, b],
          ['USD', 'USD'],
          ['-5', '5'],
        ],
      )
      .catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 200));
    await db.execute(sql`select pg_terminate_backend(${blockedPid})`);
    await db.execute(sql`select pg_terminate_backend(${pid})`);
    expect(await waiting).toBeInstanceOf(Error);
    await victim.end().catch(() => undefined);
    await blocked.end().catch(() => undefined);

    const left = await db.execute(
      sql`select id from ledger_transactions where reference in ('killed-1', 'killed-2')`,
    );
    expect(left.rows).toEqual([]);
    const [bal] = (
      await db.execute<{ posted: string }>(
        sql`select posted from balances where account_id = ${a} and asset = 'USD'`,
      )
    ).rows;
    expect(Number(bal!.posted)).toBe(50);
    expect(await ledgerViolations(db)).toEqual(NO_VIOLATIONS);
  });
});
