import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { createEntity } from '../../test/fixtures';
import { clientAccount, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { bookedEntry } from './cash-entries.service';
import { INSUFFICIENT_FUNDS } from './ledger.service';

const DAY = '2026-11-20';

/**
 * Bookings made at the same moment travel in one batch (`ledger.bookNow`): these
 * calls are all made before the first await, so each test's bookings share one statement.
 */
describe('cash entries booked together (group commit)', () => {
  const t = useTestApp();
  let broker = 0;
  let staff: Principal;
  let who: { principal: Principal; entityId: number };

  const statusOf = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? 200 : r.reason instanceof AppError ? r.reason.status : 500;
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  const available = async (account: number) =>
    (
      await t.database.db.execute<{ v: string }>(
        sql`select round(posted - held, 2)::text as v from balances where account_id = ${account} and asset = 'USD'`,
      )
    ).rows[0]?.v;

  beforeAll(async () => {
    broker = (await createEntity(t)).id;
    staff = {
      kind: 'user',
      id: crypto.randomUUID(),
      name: 'back office',
      homeEntityId: broker,
      via: 'session',
      twoFactorPending: false,
    };
    who = { principal: staff, entityId: broker };
  });

  it('answers each booking of a batch on its own: one refusal leaves the others booked', async () => {
    const client = (await createEntity(t, undefined, broker)).id;
    const elsewhere = (await createEntity(t)).id;
    const [a, b, foreign] = [
      await clientAccount(t.database.db, client),
      await clientAccount(t.database.db, client),
      await clientAccount(t.database.db, elsewhere),
    ];
    // Through the service, which also warms its asset cache: the calls below then reach the
    // batch in the order they are made.
    await t.services.cash.deposit(who, crypto.randomUUID(), {
      entityId: broker,
      accountId: a,
      asset: 'USD',
      amount: '5.00',
      valueDate: DAY,
    });
    const transfer = (from: number, to: number, amount: string, key = crypto.randomUUID()) =>
      t.services.cash.internalTransfer(who, key, {
        entityId: broker,
        fromAccountId: from,
        toAccountId: to,
        asset: 'USD',
        amount,
        valueDate: DAY,
      });
    const before = await count('ledger_transactions');
    const refusedKey = crypto.randomUUID();
    const results = await Promise.allSettled([
      transfer(a, b, '2.00'),
      transfer(b, a, '50.00', refusedKey),
      transfer(b, a, '1.00'), // spends what the first booking of the batch credited
      transfer(a, foreign, '1.00'),
      transfer(a, b, '4.00'),
    ]);
    expect(results.map(statusOf)).toEqual([200, 422, 200, 404, 200]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe(INSUFFICIENT_FUNDS);
    expect(await count('ledger_transactions')).toBe(before + 3);
    const booked = results.flatMap((r) =>
      r.status === 'fulfilled' ? [(r.value as { transactionId: number }).transactionId] : [],
    );
    const [together] = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(distinct xmin::text)::int as n from ledger_transactions where id = any(${sql.param(booked)}::bigint[])`,
      )
    ).rows;
    expect(together!.n).toBe(1); // one database transaction for the whole batch
    expect([await available(a), await available(b)]).toEqual(['0.00', '5.00']);
    // A refused booking leaves its key unused: the same call may be made again.
    expect(bookedEntry(await transfer(b, a, '5.00', refusedKey)).amount).toBe('5.00');
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers a refusal for funds alone in a batch of passing bookings: the others booked, each entry naming its own transaction', async () => {
    const client = (await createEntity(t, undefined, broker)).id;
    const [a, b] = [await clientAccount(t.database.db, client), await clientAccount(t.database.db, client)];
    await t.services.cash.deposit(who, crypto.randomUUID(), {
      entityId: broker,
      accountId: a,
      asset: 'USD',
      amount: '3.00',
      valueDate: DAY,
    });
    const transfer = (from: number, to: number, amount: string, key = crypto.randomUUID()) =>
      t.services.cash.internalTransfer(who, key, {
        entityId: broker,
        fromAccountId: from,
        toAccountId: to,
        asset: 'USD',
        amount,
        valueDate: DAY,
      });
    const refusedKey = crypto.randomUUID();
    const results = await Promise.allSettled([
      transfer(a, b, '1.00'),
      transfer(a, b, '9.00', refusedKey),
      transfer(b, a, '0.50'),
    ]);
    expect(results.map(statusOf)).toEqual([200, 422, 200]);
    const entries = results.flatMap((r) =>
      r.status === 'fulfilled' ? [r.value as { id: number; transactionId: number; amount: string }] : [],
    );
    const rows = (
      await t.database.db.execute<{ id: number; transaction_id: string; legs: string }>(
        sql`select e.id, e.transaction_id, (select string_agg(p.amount::text, ' ' order by p.amount) from postings p
                                             where p.transaction_id = e.transaction_id) as legs
              from cash_entries e where e.id = any(${sql.param(entries.map((e) => e.id))}::int[]) order by e.id`,
      )
    ).rows;
    expect(rows.map((r) => [r.id, Number(r.transaction_id)])).toEqual(
      entries.map((e) => [e.id, e.transactionId]),
    );
    expect(rows.map((r) => r.legs)).toEqual([
      '-1.000000000000000000 1.000000000000000000',
      '-0.500000000000000000 0.500000000000000000',
    ]);
    expect([await available(a), await available(b)]).toEqual(['2.50', '0.50']);
    expect(bookedEntry(await transfer(a, b, '2.50', refusedKey)).amount).toBe('2.50');
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('gives a key repeated within a batch the first answer, or 409 for another body, booking once', async () => {
    const client = (await createEntity(t, undefined, broker)).id;
    const a = await clientAccount(t.database.db, client);
    const deposit = (amount: string, key: string) =>
      t.services.cash.deposit(who, key, {
        entityId: broker,
        accountId: a,
        asset: 'USD',
        amount,
        valueDate: DAY,
      });
    const key = crypto.randomUUID();
    const before = await count('ledger_transactions');
    const results = await Promise.allSettled([
      deposit('7.00', key),
      deposit('7.00', key),
      deposit('8.00', key),
    ]);
    expect(results.map(statusOf)).toEqual([200, 200, 409]);
    const [first, again] = results as PromiseFulfilledResult<unknown>[];
    expect(again!.value).toEqual(first!.value);
    expect(await count('ledger_transactions')).toBe(before + 1);
    expect(await available(a)).toBe('7.00');
    // Later, the stored answer again.
    expect(await deposit('7.00', key)).toEqual(first!.value);
  });

  it('books the rest of a batch when one booking touches a closed account (which answers 409)', async () => {
    const client = (await createEntity(t, undefined, broker)).id;
    const [open, closed] = [
      await clientAccount(t.database.db, client),
      await clientAccount(t.database.db, client),
    ];
    await t.database.db.execute(sql`update accounts set active = false where id = ${closed}`);
    const deposit = (account: number) =>
      t.services.cash.deposit(who, crypto.randomUUID(), {
        entityId: broker,
        accountId: account,
        asset: 'USD',
        amount: '1.00',
        valueDate: DAY,
      });
    const results = await Promise.allSettled([deposit(open), deposit(closed), deposit(open)]);
    expect(results.map(statusOf)).toEqual([200, 409, 200]);
    expect((results[1] as PromiseRejectedResult).reason.code).toBe('AccountClosed');
    expect(await available(open)).toBe('2.00');
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });
});
