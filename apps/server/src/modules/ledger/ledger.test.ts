import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createEntity } from '../../test/fixtures';
import { clientAccount, fund, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { createLedgerService } from './ledger.service';

const ASSETS = ['USD', 'BTC'] as const;
const system = { principal: null };

type Op =
  | { t: 'deposit'; acc: number; asset: (typeof ASSETS)[number]; amount: string }
  | { t: 'withdraw'; acc: number; asset: (typeof ASSETS)[number]; amount: string }
  | { t: 'transfer'; from: number; to: number; asset: (typeof ASSETS)[number]; amount: string }
  | { t: 'hold'; acc: number; asset: (typeof ASSETS)[number]; amount: string }
  | { t: 'postHold'; pick: number }
  | { t: 'voidHold'; pick: number }
  | { t: 'reverse'; pick: number };

const amount = fc.integer({ min: 1, max: 50_000 }).map((n) => (n / 100).toFixed(2));
const acc = fc.integer({ min: 0, max: 2 });
const asset = fc.constantFrom(...ASSETS);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), acc, asset, amount }),
  fc.record({ t: fc.constant('withdraw' as const), acc, asset, amount }),
  fc.record({ t: fc.constant('transfer' as const), from: acc, to: acc, asset, amount }),
  fc.record({ t: fc.constant('hold' as const), acc, asset, amount }),
  fc.record({ t: fc.constant('postHold' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('voidHold' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('reverse' as const), pick: fc.nat() }),
);

describe('ledger', () => {
  const t = useTestApp();
  let ledger: ReturnType<typeof createLedgerService>;
  let entity = 0;

  beforeAll(async () => {
    ledger = createLedgerService(t.database.db);
    entity = (await createEntity(t)).id;
  });

  /** Runs one operation; refusals the ledger is meant to give are part of the game. */
  async function apply(o: Op, accts: number[], holds: number[], txns: number[]) {
    const db = t.database.db;
    try {
      await db.transaction(async (tx) => {
        switch (o.t) {
          case 'deposit': {
            const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', o.asset);
            txns.push(
              await ledger.transfer(
                tx,
                system,
                { kind: 'DEPOSIT' },
                omnibus,
                accts[o.acc]!,
                o.asset,
                o.amount,
              ),
            );
            break;
          }
          case 'withdraw': {
            const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', o.asset);
            txns.push(
              await ledger.transfer(
                tx,
                system,
                { kind: 'WITHDRAWAL' },
                accts[o.acc]!,
                omnibus,
                o.asset,
                o.amount,
              ),
            );
            break;
          }
          case 'transfer':
            txns.push(
              await ledger.transfer(
                tx,
                system,
                { kind: 'TRANSFER' },
                accts[o.from]!,
                accts[o.to]!,
                o.asset,
                o.amount,
              ),
            );
            break;
          case 'hold':
            holds.push(await ledger.placeHold(tx, accts[o.acc]!, o.asset, o.amount, null));
            break;
          case 'postHold':
            if (holds.length) {
              const h = holds[o.pick % holds.length]!;
              const [row] = (
                await tx.execute<{ asset: string }>(sql`select asset from holds where id = ${h}`)
              ).rows;
              txns.push(
                await ledger.postHold(
                  tx,
                  system,
                  h,
                  await ledger.platformAccount(tx, 'OMNIBUS', row!.asset),
                  { kind: 'WITHDRAWAL' },
                ),
              );
            }
            break;
          case 'voidHold':
            if (holds.length) await ledger.voidHold(tx, holds[o.pick % holds.length]!);
            break;
          case 'reverse':
            if (txns.length)
              txns.push(await ledger.reverse(tx, system, txns[o.pick % txns.length]!, 'correction'));
            break;
        }
      });
    } catch (err) {
      if (!(err instanceof AppError) || ![422, 409].includes(err.status)) throw err;
    }
  }

  it('keeps Σ postings per asset = 0, every balance = Σ of its postings and client availability ≥ 0 (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const accts = [
          await clientAccount(t.database.db, entity),
          await clientAccount(t.database.db, entity),
          await clientAccount(t.database.db, entity),
        ];
        const holds: number[] = [];
        const txns: number[] = [];
        for (const o of ops) await apply(o, accts, holds, txns);
        expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses to overdraw a client account with "Insufficient funds" and writes nothing', async () => {
    const a = await clientAccount(t.database.db, entity);
    await fund(t.database.db, a, 'USD', '10.00');
    const before = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from postings`))
      .rows[0]!.n;
    const err = await t.database.db
      .transaction(async (tx) =>
        ledger.transfer(
          tx,
          system,
          { kind: 'WITHDRAWAL' },
          a,
          await ledger.platformAccount(tx, 'OMNIBUS', 'USD'),
          'USD',
          '10.01',
        ),
      )
      .catch((e) => e);
    expect(err).toMatchObject({ status: 422, message: 'Insufficient funds' });
    expect(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from postings`)).rows[0]!.n,
    ).toBe(before);
  });

  it('posts or voids a hold at most once', async () => {
    const a = await clientAccount(t.database.db, entity);
    await fund(t.database.db, a, 'USD', '5.00');
    const db = t.database.db;
    const hold = await db.transaction((tx) => ledger.placeHold(tx, a, 'USD', '5.00', 'w-1'));
    const omnibus = await db.transaction((tx) => ledger.platformAccount(tx, 'OMNIBUS', 'USD'));
    await db.transaction((tx) => ledger.postHold(tx, system, hold, omnibus, { kind: 'WITHDRAWAL' }));
    await expect(
      db.transaction((tx) => ledger.postHold(tx, system, hold, omnibus, { kind: 'WITHDRAWAL' })),
    ).rejects.toMatchObject({ status: 409 });
    await expect(db.transaction((tx) => ledger.voidHold(tx, hold))).rejects.toMatchObject({ status: 409 });
  });

  it('refuses an unbalanced transaction and a second reversal', async () => {
    const a = await clientAccount(t.database.db, entity);
    const db = t.database.db;
    await expect(
      db.transaction((tx) =>
        ledger.post(tx, system, { kind: 'X' }, [{ accountId: a, asset: 'USD', amount: '1' }]),
      ),
    ).rejects.toMatchObject({ status: 400 });
    await fund(db, a, 'USD', '3.00');
    const [last] = (await db.execute<{ id: string }>(sql`select max(id) as id from ledger_transactions`))
      .rows;
    await db.transaction((tx) => ledger.reverse(tx, system, Number(last!.id), 'mistake'));
    await expect(
      db.transaction((tx) => ledger.reverse(tx, system, Number(last!.id), 'again')),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('keeps postings append-only', async () => {
    await expect(t.database.db.execute(sql`update postings set amount = amount * 2`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
  });

  it('enforces each asset’s scale on input', async () => {
    expect(await ledger.amountFor('USD', '1.5')).toBe('1.5');
    await expect(ledger.amountFor('USD', '1.005')).rejects.toMatchObject({ status: 400 });
    await expect(ledger.amountFor('JPY', '1.5')).rejects.toMatchObject({ status: 400 });
    expect(await ledger.amountFor('ETH', '0.000000000000000001')).toBe('0.000000000000000001');
  });
});
