import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { entities } from '../entities/entities.tables';
import type { SsiService } from '../ssi/ssi.service';
import { bankAccounts, vasps } from '../wallets/wallets.tables';

/** The broker's receiving instructions and a few VASPs, for the demo. Idempotent. */
export async function seedDemoWhitelisting(db: Db, ssi: SsiService): Promise<void> {
  const [aurora] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(eq(entities.name, 'Aurora Markets'));
  if (aurora) {
    await ssi.seed(
      'Aurora Markets — client money',
      aurora.id,
      [
        {
          profileId: 0,
          currency: 'USD',
          beneficiaryName: 'Clearway Custody LLC',
          bankName: 'JPMorgan Chase Bank',
          accountNumber: '000987654321',
          bic: 'CHASUS33',
          reference: 'Quote your entity name',
        },
        {
          profileId: 0,
          currency: 'EUR',
          beneficiaryName: 'Clearway Custody B.V.',
          bankName: 'Deutsche Bank AG',
          iban: 'DE89370400440532013000',
          bic: 'DEUTDEFF',
          reference: 'Quote your entity name',
        },
        {
          profileId: 0,
          currency: 'GBP',
          beneficiaryName: 'Clearway Custody Ltd',
          bankName: 'NatWest',
          iban: 'GB82WEST12345698765432',
          bic: 'NWBKGB2L',
          reference: 'Quote your entity name',
        },
      ],
      [
        { profileId: 0, asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        { profileId: 0, asset: 'ETH', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        { profileId: 0, asset: 'USDT', network: 'TRX', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
        {
          profileId: 0,
          asset: 'XRP',
          network: 'XRP',
          address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
          tagMemo: '104729',
        },
      ],
    );
  }
  await db
    .insert(vasps)
    .values([
      {
        name: 'Vaultline Custody AG',
        lei: '5493001KJTIIGC8Y1R12',
        travelRuleId: 'vaultline.trp',
        jurisdiction: 'CH',
        website: 'https://vaultline.example',
      },
      {
        name: 'Northstar Digital Trust',
        lei: '529900T8BM49AURSDO55',
        travelRuleId: 'northstar.trp',
        jurisdiction: 'US',
        website: 'https://northstar.example',
      },
    ])
    .onConflictDoNothing();
  await seedClientPayoutAccount(db);
}

/**
 * Northwind Capital's own USD bank account, whitelisted before the demo began (its
 * cool-down is over), so a client can request a fiat withdrawal straight away.
 */
async function seedClientPayoutAccount(db: Db) {
  const [northwind] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(eq(entities.name, 'Northwind Capital'));
  if (!northwind) return;
  await db
    .insert(bankAccounts)
    .values({
      entityId: northwind.id,
      beneficiaryName: 'Northwind Capital LLC',
      beneficiaryAddress: '200 Park Avenue, New York, NY 10166',
      bankName: 'Citibank N.A.',
      accountNumber: '304917256',
      bic: 'CITIUS33',
      currency: 'USD',
      usableFrom: new Date('2026-01-01T00:00:00Z'),
    })
    .onConflictDoNothing();
}
