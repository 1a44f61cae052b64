import type {
  TFeeSchedule,
  TTransfer,
  TTransferEstimate,
} from '@clearway/contracts/endpoints/transfers.schemas';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import {
  actingAs,
  createEntity,
  grant,
  randomEthAddress,
  signedInUser,
  uniqueName,
} from '../../test/fixtures';
import { clientAccount, fund, ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { entities } from '../entities/entities.tables';

describe('transfers with configurable transfer fees', () => {
  // USD is a fiat currency the ledger knows but not one allowed for transfers here.
  const t = useTestApp({
    WHITELIST_COOLDOWN_HOURS: '0',
    TRANSFER_FIAT_CURRENCIES: 'EUR',
    TRANSFER_CRYPTO_CURRENCIES: 'USDT',
  });
  let broker = 0;
  let receiver = 0;
  let account = 0;
  let eurBank = 0;
  let usdBank = 0;
  let ethWallet = 0;
  let foreignAccount = 0;
  let foreignBank = 0;
  let maker: Agent;
  let checker: Agent;
  let noFeesKey: Agent;
  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const db = () => t.database.db;
  const bank = (entityId: number, currency: string) =>
    t.services.bankInfo.createDirect(actingAs(entityId), {
      entityId,
      beneficiaryName: 'Meridian Payments B.V.',
      beneficiaryAddress: '1 Herengracht, Amsterdam',
      bankName: `ING ${currency}`,
      iban: 'NL91 ABNA 0417 1643 00',
      bic: 'INGBNL2A',
      currency,
    });
  const available = async (acc: number, asset: string) =>
    (
      await db().execute<{ a: string }>(
        sql`select (posted - held)::text as a from balances where account_id = ${acc} and asset = ${asset}`,
      )
    ).rows[0]?.a;

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    const [r] = await db()
      .insert(entities)
      .values({ name: uniqueName('Receiver '), parentId: broker, attributes: ['Transfer Receiver'] })
      .returning();
    receiver = r!.id;
    const m = await signedInUser(t, receiver);
    await grant(t, m.user.id, receiver, ['request_withdrawal', 'account_view', 'fees_management'], 'SELF');
    maker = m.agent;
    const c = await signedInUser(t, broker);
    await grant(t, c.user.id, broker, ['approve_withdrawal', 'account_view'], 'DESCENDANTS');
    checker = c.agent;
    const v = await signedInUser(t, receiver);
    await grant(t, v.user.id, receiver, ['request_withdrawal', 'account_view'], 'SELF');
    noFeesKey = v.agent;
    account = await clientAccount(db(), receiver, 'Receiving');
    await fund(db(), account, 'EUR', '10000.00');
    await fund(db(), account, 'USD', '10000.00');
    await fund(db(), account, 'USDT', '5000.000000');
    eurBank = (await bank(receiver, 'EUR')).id;
    usdBank = (await bank(receiver, 'USD')).id;
    ethWallet = (
      await t.services.wallets.createDirect(actingAs(receiver), {
        entityId: receiver,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Payout',
        digitalAssets: ['USDT'],
        walletType: 'Unknown',
      })
    ).id;
    const other = (await createEntity(t, uniqueName('Other '), broker)).id;
    foreignAccount = await clientAccount(db(), other, 'Theirs');
    await fund(db(), foreignAccount, 'EUR', '500.00');
    foreignBank = (await bank(other, 'EUR')).id;
  });

  const createSchedule = (body: Record<string, unknown>, agent = maker) =>
    agent.post('/api/transfer/fees/create', { entityId: receiver, ...body });

  it('creates fee schedules (fiat percentage with a minimum; crypto fixed per network) and refuses an overlapping one, naming it', async () => {
    const eur = await createSchedule({ asset: 'EUR', bps: '25', minimum: '5.00', maximum: '250.00' });
    expect(eur.statusCode).toBe(200);
    const s = eur.json<TFeeSchedule>();
    expect(s).toMatchObject({ asset: 'EUR', network: null, bps: '25', minimum: '5.00', state: 'ACTIVE' });
    const usdt = await createSchedule({ asset: 'USDT', network: 'ETH', fixed: '12.000000' });
    expect(usdt.statusCode).toBe(200);

    const overlap = await createSchedule({ asset: 'EUR', fixed: '1.00' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain(`Overlaps transfer fee schedule #${s.id} for EUR`);
    const tooFine = await createSchedule({ asset: 'EUR', network: null, fixed: '1.001' });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().errors).toEqual({ fixed: 'at most 2 decimal places for EUR' });
  });

  it('lets only a holder of fees_management change schedules (403 otherwise)', async () => {
    const res = await createSchedule({ asset: 'EUR', fixed: '1.00' }, noFeesKey);
    expect(res.statusCode).toBe(403);
  });

  it('the estimate equals what is booked; the fee leg lands in the collector’s fee revenue account; Σ postings = 0', async () => {
    const body = {
      entityId: receiver,
      accountId: account,
      asset: 'EUR',
      amount: '1000.00',
      bankInfoId: eurBank,
    };
    const estimate = (await maker.post('/api/transfer/estimate', body)).json<TTransferEstimate>();
    // 25 bps of 1 000.00 is 2.50: the minimum of 5.00 applies.
    expect(estimate).toMatchObject({
      fee: '5.00',
      net: '995.00',
      available: '10000.00',
      availableAfter: '9000.00',
      affordable: true,
      rule: { bound: 'MINIMUM', entityId: receiver },
    });

    const submitted = await maker.post('/api/transfer/withdrawal', body, key());
    expect(submitted.statusCode).toBe(200);
    const transfer = submitted.json<TTransfer>();
    expect(transfer).toMatchObject({ status: 'PENDING', amount: '1000.00', fee: '5.00', net: '995.00' });
    // Held at submission.
    expect(await available(account, 'EUR')).toBe('9000.000000000000000000');

    const decided = await checker.post('/api/requests/status/update', {
      entityId: receiver,
      requestId: transfer.id,
      status: 'APPROVED',
    });
    expect(decided.statusCode).toBe(200);

    const legs = (
      await db().execute<{ account_id: number; amount: string; role: string | null; kind: string }>(sql`
        select p.account_id, p.amount::text as amount, a.platform_role as role, a.kind::text as kind
          from cash_entries ce join postings p on p.transaction_id = ce.transaction_id
          join accounts a on a.id = p.account_id
         where ce.request_id = ${transfer.id} order by p.amount`)
    ).rows;
    expect(legs.map((l) => [l.role ?? l.kind, Number(l.amount).toFixed(2)])).toEqual([
      ['CLIENT', '-1000.00'],
      ['FEE_INCOME', '5.00'],
      ['OMNIBUS', '995.00'],
    ]);
    const total = legs.reduce((s, l) => s + BigInt(l.amount.replace('.', '')), 0n);
    expect(total).toBe(0n);
    const feeAccount = legs.find((l) => l.role === 'FEE_INCOME')!.account_id;
    expect(await available(feeAccount, 'EUR')).toBe('5.000000000000000000');
    expect(await ledgerViolations(db())).toEqual(NO_VIOLATIONS);

    // The fee is its own entry, in the fee revenue account's history, seen by the collector.
    const history = (
      await maker.post('/api/cashentry/list', { entityId: receiver, accountId: feeAccount })
    ).json<{ items: { amount: string; accountId: number; counterAccountId: number }[] }>();
    expect(history.items).toEqual([
      expect.objectContaining({ amount: '5.00', accountId: account, counterAccountId: feeAccount }),
    ]);
    const listed = (await maker.post('/api/transfer/list', { entityId: receiver, asset: 'EUR' })).json<{
      items: TTransfer[];
    }>();
    expect(listed.items[0]).toMatchObject({
      id: transfer.id,
      status: 'COMPLETED',
      fee: '5.00',
      net: '995.00',
    });
    expect(listed.items[0]!.postedAt).not.toBeNull();
  });

  it('reverses a transfer’s fee on its own (staff above the receiver): the payout stays, the fee goes back', async () => {
    const staff = await signedInUser(t, broker);
    await grant(t, staff.user.id, broker, ['approve_withdrawal', 'account_view'], 'SELF_AND_DESCENDANTS');
    const [fee] = (
      await db().execute<{
        id: number;
        account_id: number;
        counter_account_id: number;
        transaction_id: string;
      }>(sql`
        select ce.id, ce.account_id, ce.counter_account_id, ce.transaction_id::text from cash_entries ce
          join accounts a on a.id = ce.counter_account_id
         where a.platform_role = 'FEE_INCOME' and a.entity_id = ${receiver} and ce.reverses_entry_id is null
         order by ce.id limit 1`)
    ).rows;
    const before = await available(account, 'EUR');
    const reversed = await staff.agent.post(
      '/api/cashentry/internal-transfer/reverse',
      { entityId: broker, cashEntryId: fee!.id, reason: 'Fee waived' },
      key(),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ reversesEntryId: fee!.id, amount: '-5.00' });
    expect(await available(fee!.counter_account_id, 'EUR')).toBe('0.000000000000000000');
    expect(Number(await available(account, 'EUR')) - Number(before)).toBe(5);
    // Only the fee's legs moved back: the payout's transaction is not reversed.
    const reversals = (
      await db().execute<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where reverses_id = ${fee!.transaction_id}`,
      )
    ).rows[0]!.n;
    expect(reversals).toBe(0);
    expect(await ledgerViolations(db())).toEqual(NO_VIOLATIONS);
  });

  it('prices a crypto transfer by its wallet’s network and refuses a fee larger than the amount, holding nothing', async () => {
    const body = {
      entityId: receiver,
      accountId: account,
      asset: 'USDT',
      amount: '10.000000',
      walletId: ethWallet,
    };
    const est = await maker.post('/api/transfer/estimate', body);
    expect(est.statusCode).toBe(400);
    expect(est.json().message).toBe('amount: the fee (12.000000 USDT) is not less than the amount');
    const refused = await maker.post('/api/transfer/withdrawal', body, key());
    expect(refused.statusCode).toBe(400);
    expect(await available(account, 'USDT')).toBe('5000.000000000000000000');
    const ok = (await maker.post('/api/transfer/estimate', { ...body, amount: '100.000000' })).json();
    expect(ok).toMatchObject({ fee: '12.000000', net: '88.000000' });
  });

  it('books a crypto transfer’s per-network fee on approval (approved until its hash), and a rejection releases the whole amount', async () => {
    const body = {
      entityId: receiver,
      accountId: account,
      asset: 'USDT',
      amount: '100.000000',
      walletId: ethWallet,
    };
    const decide = (requestId: number, status: 'APPROVED' | 'REJECTED') =>
      checker.post('/api/requests/status/update', {
        entityId: receiver,
        requestId,
        status,
        ...(status === 'REJECTED' ? { reason: 'Not this one' } : {}),
      });
    const rejected = (await maker.post('/api/transfer/withdrawal', body, key())).json<TTransfer>();
    expect(await available(account, 'USDT')).toBe('4900.000000000000000000');
    expect((await decide(rejected.id, 'REJECTED')).statusCode).toBe(200);
    expect(await available(account, 'USDT')).toBe('5000.000000000000000000');

    const paid = (await maker.post('/api/transfer/withdrawal', body, key())).json<TTransfer>();
    expect(paid).toMatchObject({ kind: 'crypto', fee: '12.000000', net: '88.000000' });
    expect((await decide(paid.id, 'APPROVED')).statusCode).toBe(200);
    const listed = (await maker.post('/api/transfer/list', { entityId: receiver, asset: 'USDT' })).json<{
      items: TTransfer[];
    }>();
    expect(listed.items.map((i) => [i.id, i.status])).toEqual([
      [paid.id, 'APPROVED'],
      [rejected.id, 'REJECTED'],
    ]);
    const fee = (
      await db().execute<{ amount: string }>(sql`
        select p.amount::text as amount from cash_entries ce join postings p on p.transaction_id = ce.transaction_id
          join accounts a on a.id = p.account_id
         where ce.request_id = ${paid.id} and a.platform_role = 'FEE_INCOME' and a.kind = 'CLIENT'`)
    ).rows;
    expect(fee.map((f) => Number(f.amount))).toEqual([12]);
    expect(await available(account, 'USDT')).toBe('4900.000000000000000000');
    expect(await ledgerViolations(db())).toEqual(NO_VIOLATIONS);
  });

  it('refuses a currency not allowed for transfers (set by environment)', async () => {
    const res = await maker.post(
      '/api/transfer/withdrawal',
      { entityId: receiver, accountId: account, asset: 'USD', amount: '100.00', bankInfoId: usdBank },
      key(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ asset: 'not an allowed transfer currency; allowed: EUR' });
    expect(await available(account, 'USD')).toBe('10000.000000000000000000');
  });

  it('answers 404 for another entity’s account or destination', async () => {
    const base = { entityId: receiver, asset: 'EUR', amount: '100.00' };
    const foreignAcc = await maker.post('/api/transfer/estimate', {
      ...base,
      accountId: foreignAccount,
      bankInfoId: eurBank,
    });
    expect(foreignAcc.statusCode).toBe(404);
    const foreignDest = await maker.post(
      '/api/transfer/withdrawal',
      { ...base, accountId: account, bankInfoId: foreignBank },
      key(),
    );
    expect(foreignDest.statusCode).toBe(404);
    expect(await available(foreignAccount, 'EUR')).toBe('500.000000000000000000');
  });

  it('submits once per Idempotency-Key', async () => {
    const body = {
      entityId: receiver,
      accountId: account,
      asset: 'EUR',
      amount: '200.00',
      bankInfoId: eurBank,
    };
    const k = key();
    const first = (await maker.post('/api/transfer/withdrawal', body, k)).json<TTransfer>();
    const again = (await maker.post('/api/transfer/withdrawal', body, k)).json<TTransfer>();
    expect(again.id).toBe(first.id);
  });

  it('a change of a schedule in force ends it and starts a new version; deleting ends it now; both audited', async () => {
    const list = async () =>
      (await maker.post('/api/transfer/fees/list', { entityId: receiver, asset: 'EUR' })).json<{
        items: TFeeSchedule[];
      }>().items;
    const [current] = (await list()).filter((s) => s.state === 'ACTIVE');
    const changed = await maker.put('/api/transfer/fees/update', {
      entityId: receiver,
      id: current!.id,
      bps: '30',
      minimum: '6.00',
    });
    expect(changed.statusCode).toBe(200);
    const next = changed.json<TFeeSchedule>();
    expect(next).toMatchObject({ supersedesId: current!.id, bps: '30', state: 'ACTIVE' });
    const versions = await list();
    const old = versions.find((s) => s.id === current!.id)!;
    // The old terms are kept as they were, ended where the new version begins.
    expect(old).toMatchObject({
      bps: '25',
      minimum: '5.00',
      state: 'ENDED',
      effectiveTo: next.effectiveFrom,
    });

    const ended = await maker.call({
      method: 'DELETE',
      url: '/api/transfer/fees/delete',
      payload: { entityId: receiver, id: next.id },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<TFeeSchedule>().state).toBe('ENDED');
    const est = (
      await maker.post('/api/transfer/estimate', {
        entityId: receiver,
        accountId: account,
        asset: 'EUR',
        amount: '100.00',
        bankInfoId: eurBank,
      })
    ).json<TTransferEstimate>();
    expect(est).toMatchObject({ fee: '0.00', net: '100.00', rule: null });
    const audits = (
      await db().execute<{ action: string }>(
        sql`select action from audit_events where action like 'transfer-fee.%' order by id`,
      )
    ).rows.map((r) => r.action);
    expect(audits).toEqual([
      'transfer-fee.create',
      'transfer-fee.create',
      'transfer-fee.update',
      'transfer-fee.delete',
    ]);
  });

  it('never lengthens a version in force: a change starting after its end is refused (400) and nothing moves', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const made = await createSchedule({ asset: 'EUR', fixed: '2.00', effectiveTo: day(3) });
    expect(made.statusCode, made.body).toBe(200);
    const s = made.json<TFeeSchedule>();
    const late = await maker.put('/api/transfer/fees/update', {
      entityId: receiver,
      id: s.id,
      fixed: '1.00',
      effectiveFrom: day(6),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({
      effectiveFrom: 'must be before the end of the schedule it changes',
    });
    const listed = (await maker.post('/api/transfer/fees/list', { entityId: receiver, asset: 'EUR' }))
      .json<{ items: TFeeSchedule[] }>()
      .items.find((x) => x.id === s.id);
    expect(listed).toMatchObject({ fixed: '2.00', effectiveTo: s.effectiveTo, state: 'ACTIVE' });
    const ended = await maker.call({
      method: 'DELETE',
      url: '/api/transfer/fees/delete',
      payload: { entityId: receiver, id: s.id },
    });
    expect(ended.statusCode).toBe(200);
  });

  it('inherits the parent’s schedule until the entity has its own', async () => {
    const boss = await signedInUser(t, broker);
    await grant(t, boss.user.id, broker, ['fees_management'], 'SELF');
    const parent = await boss.agent.post('/api/transfer/fees/create', {
      entityId: broker,
      asset: 'EUR',
      fixed: '3.00',
    });
    expect(parent.statusCode).toBe(200);
    const body = {
      entityId: receiver,
      accountId: account,
      asset: 'EUR',
      amount: '100.00',
      bankInfoId: eurBank,
    };
    const inherited = (await maker.post('/api/transfer/estimate', body)).json<TTransferEstimate>();
    expect(inherited).toMatchObject({ fee: '3.00', rule: { entityId: broker } });
    const seen = (await maker.post('/api/transfer/fees/list', { entityId: receiver, asset: 'EUR' })).json<{
      items: TFeeSchedule[];
    }>();
    expect(seen.items.find((s) => s.entityId === broker)?.inherited).toBe(true);
    // The child cannot change the parent's schedule: it is not its own (404).
    const foreign = await maker.call({
      method: 'DELETE',
      url: '/api/transfer/fees/delete',
      payload: { entityId: receiver, id: parent.json<TFeeSchedule>().id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
