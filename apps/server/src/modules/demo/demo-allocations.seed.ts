import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Principal } from '../../platform/principal';
import type { AllocationsModule } from '../allocations/allocations.module';
import { allocationGroups } from '../allocations/allocations.tables';
import { entities } from '../entities/entities.tables';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { instruments } from '../instruments/instruments.tables';
import { fxTradeDate, plusDays } from '../instruments/iso-dates';
import { accounts } from '../ledger/ledger.tables';
import { asBooked } from '../trading/booking-price';
import type { TradingModule } from '../trading/trading.module';
import { users } from '../users/users.tables';

/** The demo's allocation group: Cobalt's two funds, 60/40. */
export const DEMO_ALLOCATION_GROUP = 'Cobalt Global Macro';
const INVESTORS: [account: string, weight: string][] = [
  ['Cobalt Fund I USD', '60'],
  ['Cobalt Fund II USD', '40'],
];

/**
 * Cobalt Asset Management's allocation group over its two funds, and one block trade of Cobalt
 * Master allocated over it: a EUR/USD purchase a month out, so its children hold what they will
 * pay until then — set up through the allocations and trading services as platform staff (the
 * `admin` persona) acting on Cobalt, once (a second start finds the group and does nothing).
 */
export async function seedDemoAllocations(
  db: Db,
  m: { allocations: AllocationsModule; trading: TradingModule; instruments: InstrumentsModule },
): Promise<void> {
  const [cobalt] = await db.select().from(entities).where(eq(entities.name, 'Cobalt Asset Management'));
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  if (!cobalt || !admin) return;
  const [existing] = await db
    .select({ id: allocationGroups.id })
    .from(allocationGroups)
    .where(and(eq(allocationGroups.entityId, cobalt.id), eq(allocationGroups.name, DEMO_ALLOCATION_GROUP)));
  if (existing) return;
  const principal: Principal = {
    kind: 'user',
    id: admin.id,
    name: admin.username,
    homeEntityId: admin.homeEntityId,
    via: 'session',
    twoFactorPending: false,
  };
  const who = { principal, entityId: cobalt.id };
  const accountId = async (name: string) =>
    (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name)))[0]?.id;
  const master = await accountId('Cobalt Master');
  if (!master) return;
  const group = await m.allocations.groups.create(who, { name: DEMO_ALLOCATION_GROUP, weighting: 'PERCENT' });
  for (const [name, weight] of INVESTORS) {
    const id = await accountId(name);
    if (id) await m.allocations.groups.addInvestor(who, { groupId: group.id, accountId: id, weight });
  }
  const [pair] = await db.select().from(instruments).where(eq(instruments.symbol, 'EUR/USD'));
  if (!pair) return;
  const tradeDate = fxTradeDate();
  const valueDate = await firstBusinessDay(m.instruments, plusDays(tradeDate, 33));
  const block = asBooked(
    await m.trading.deliverable.bookAtRate(who, 'demo-allocation-block', {
      accountId: master,
      instrumentId: pair.id,
      side: 'BUY',
      amount: '300000.01',
      rate: '1.08500',
      tradeDate,
      valueDate,
      reference: 'DEMO-ALLOC-1',
    }),
  );
  await m.allocations.allocation.allocate(who, 'fx', { groupId: group.id, tradeId: block.trade.id });
}

async function firstBusinessDay(m: InstrumentsModule, from: string) {
  for (let day = from, i = 0; i < 10; day = plusDays(day, 1), i++) {
    const ok = await m.valueDates
      .validate({ base: 'EUR', quote: 'USD' }, day)
      .then(() => true)
      .catch(() => false);
    if (ok) return day;
  }
  return from;
}
