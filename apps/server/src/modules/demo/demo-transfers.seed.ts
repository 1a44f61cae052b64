import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Principal } from '../../platform/principal';
import { entities } from '../entities/entities.tables';
import { accounts } from '../ledger/ledger.tables';
import type { RequestEngine } from '../requests/request-engine.service';
import type { FeeSchedulesService } from '../transfers/fee-schedules.service';
import type { TransfersService } from '../transfers/transfers.service';
import { transferFeeSchedules } from '../transfers/transfers.tables';
import { users } from '../users/users.tables';
import { bankAccounts } from '../wallets/wallets.tables';

const NO_TERMS = { fixed: '0', bps: '0', minimum: '0', maximum: null, tierMode: 'NONE' as const, tiers: [] };

/** Meridian's price list: a fiat percentage with a minimum, a crypto fixed fee per network, one tiered schedule. */
export const DEMO_FEE_SCHEDULES = [
  { asset: 'EUR', network: null, ...NO_TERMS, bps: '25', minimum: '5.00', maximum: '250.00' },
  { asset: 'USDT', network: 'ETH' as const, ...NO_TERMS, fixed: '12.000000' },
  { asset: 'USDT', network: 'TRX' as const, ...NO_TERMS, fixed: '1.000000' },
  {
    asset: 'USD',
    network: null,
    ...NO_TERMS,
    tierMode: 'GRADUATED' as const,
    tiers: [
      { upTo: '10000', fixed: '0', bps: '100' },
      { upTo: '100000', fixed: '0', bps: '50' },
      { upTo: null, fixed: '0', bps: '20' },
    ],
  },
];

const principalOf = (u: { id: string; username: string }, home: number): Principal => ({
  kind: 'user',
  id: u.id,
  name: u.username,
  homeEntityId: home,
  via: 'session',
  twoFactorPending: false,
});

/**
 * Meridian Payments' transfers for the demo: its payout bank account (whitelisted before the
 * demo began), its fee schedules (`DEMO_FEE_SCHEDULES`, set by the `receiver` persona) and a
 * few EUR transfers through the services — one approved by `ops.checker`, so its fee is in
 * Meridian's fee revenue account, one waiting. Once: a second start finds the schedules.
 */
export async function seedDemoTransfers(
  db: Db,
  s: { feeSchedules: FeeSchedulesService; transfers: TransfersService; requestEngine: RequestEngine },
): Promise<void> {
  const [meridian] = await db.select().from(entities).where(eq(entities.name, 'Meridian Payments'));
  const [receiver] = await db.select().from(users).where(eq(users.username, 'receiver'));
  const [checker] = await db.select().from(users).where(eq(users.username, 'ops.checker'));
  const [account] = meridian
    ? await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.entityId, meridian.id), eq(accounts.name, 'Meridian Receiving')))
    : [];
  if (!meridian || !receiver || !checker || !account) return;
  const [seeded] = await db
    .select({ id: transferFeeSchedules.id })
    .from(transferFeeSchedules)
    .where(eq(transferFeeSchedules.entityId, meridian.id))
    .limit(1);
  if (seeded) return;

  const who = { principal: principalOf(receiver, meridian.id), entityId: meridian.id };
  for (const schedule of DEMO_FEE_SCHEDULES)
    await s.feeSchedules.create(who, { ...schedule, effectiveTo: null });
  const [bank] = await db
    .insert(bankAccounts)
    .values({
      entityId: meridian.id,
      beneficiaryName: 'Meridian Payments B.V.',
      beneficiaryAddress: 'Herengracht 420, 1017 BZ Amsterdam',
      bankName: 'ING Bank N.V.',
      iban: 'NL91INGB0417164300',
      bic: 'INGBNL2A',
      currency: 'EUR',
      usableFrom: new Date('2026-01-01T00:00:00Z'),
    })
    .returning({ id: bankAccounts.id });
  const transfer = (n: number, amount: string) =>
    s.transfers.withdraw(who, `demo-transfer-${n}`, {
      entityId: meridian.id,
      accountId: account.id,
      asset: 'EUR',
      amount,
      bankInfoId: bank!.id,
      reference: `DEMO-PAYOUT-${n}`,
    });
  const paid = await transfer(1, '12500.00');
  await transfer(2, '800.00');
  // The broker's approver decides the first: Meridian's fee revenue account shows its fee.
  const [aurora] = await db.select().from(entities).where(eq(entities.name, 'Aurora Markets'));
  await s.requestEngine.move(
    { principal: principalOf(checker, aurora?.id ?? meridian.id), entityId: meridian.id },
    paid.id,
    'APPROVED',
    null,
  );
}
