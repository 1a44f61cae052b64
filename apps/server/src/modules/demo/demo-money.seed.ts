import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { entities } from '../entities/entities.tables';
import { completedEntryOf } from '../ledger/cash-entries.service';
import { type LedgerService, transferLegs } from '../ledger/ledger.service';
import { accounts } from '../ledger/ledger.tables';

/** Accounts and opening balances of the demo clients: [entity, account, [asset, amount][]]. */
export const DEMO_ACCOUNTS: [string, string, string, [string, string][]][] = [
  [
    'Northwind Capital',
    'Northwind Margin',
    'MarginTrading',
    [
      ['USD', '2500000.00'],
      ['EUR', '480000.00'],
      ['BTC', '12.50000000'],
    ],
  ],
  ['Northwind Capital', 'Northwind Settlement', 'Settlement', [['USD', '150000.00']]],
  // Where the demo's margin FX and CFD positions are held (rolled and financed each end of day).
  ['Northwind Capital', 'Northwind FX', 'MarginTrading', [['USD', '500000.00']]],
  [
    'Harbor Commodities',
    'Harbor Trading',
    'MarginTrading',
    [
      ['EUR', '920000.00'],
      ['GBP', '310000.00'],
    ],
  ],
  [
    'Meridian Payments',
    'Meridian Receiving',
    'Bank',
    [
      ['EUR', '75000.00'],
      ['USDT', '250000.000000'],
    ],
  ],
  [
    'Cobalt Asset Management',
    'Cobalt Master',
    'MarginTrading',
    [
      ['USD', '5400000.00'],
      ['ETH', '840.000000000000000000'],
    ],
  ],
  ['Lumen Referral Partners', 'Lumen Commissions', 'Bank', [['GBP', '18250.00']]],
  // The investors Cobalt's block trades are allocated over (demo-allocations.seed.ts).
  ['Cobalt Fund I', 'Cobalt Fund I USD', 'MarginTrading', [['USD', '1500000.00']]],
  ['Cobalt Fund II', 'Cobalt Fund II USD', 'MarginTrading', [['USD', '1000000.00']]],
];

/** Client accounts and their opening deposits; skipped for accounts that exist. */
export async function seedDemoMoney(db: Db, ledger: LedgerService): Promise<void> {
  for (const [entityName, name, type, funds] of DEMO_ACCOUNTS) {
    const [entity] = await db.select({ id: entities.id }).from(entities).where(eq(entities.name, entityName));
    if (!entity) continue;
    const [existing] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.entityId, entity.id), eq(accounts.name, name)));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({ entityId: entity.id, name, accountType: type })
        .returning({ id: accounts.id });
      for (const [asset, amount] of funds) {
        const omnibus = await ledger.platformAccount(tx, 'OMNIBUS', asset);
        const reference = 'Opening balance';
        await ledger.book(tx, {
          who: { principal: null },
          kind: 'DEPOSIT',
          reference,
          legs: transferLegs(omnibus, row!.id, asset, amount),
          // The history shows where the money came from.
          record: completedEntryOf({ type: 'DEPOSIT', accountId: row!.id, asset, amount, reference }),
        });
      }
    });
  }
}
