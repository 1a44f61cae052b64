import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { OWN_ENTITY_REVERSAL } from './cash-reversals.service';

const DAY = '2026-11-20';
type Entry = { id: number; transactionId: number; amount: string; reversesEntryId?: number };

describe('reversing a historic cash entry', () => {
  const t = useTestApp();
  let staff: Agent;
  let broker = 0;
  let client = 0;
  let acct = 0;
  let acct2 = 0;

  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  // USD, to its scale; 0.00 before the account's first movement.
  const available = async (accountId: number) =>
    (
      await t.database.db.execute<{ a: string }>(
        sql`select coalesce(sum(posted - held), 0)::numeric(38, 2)::text as a from balances where account_id = ${accountId} and asset = 'USD'`,
      )
    ).rows[0]!.a;
  const book = async (path: string, body: object): Promise<Entry> => {
    const res = await staff.post(
      `/api/cashentry/${path}`,
      { entityId: client, asset: 'USD', valueDate: DAY, ...body },
      key(),
    );
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const reverse = (path: string, cashEntryId: number, reason = 'booked twice', a = staff) =>
    a.post(`/api/cashentry/${path}/reverse`, { entityId: broker, cashEntryId, reason }, key());
  const listed = async (id: number) =>
    (await staff.post('/api/cashentry/list', { entityId: broker, limit: 500 }))
      .json()
      .items.find((e: { id: number }) => e.id === id);

  beforeAll(async () => {
    const root = (await createEntity(t, uniqueName('Root '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), root)).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const s = await signedInUser(t, broker);
    await grant(t, s.user.id, broker);
    staff = s.agent;
    const account = async () =>
      (
        await staff.post('/api/account/create', {
          entityId: client,
          accountType: 'MarginTrading',
          accountName: uniqueName('Acct '),
        })
      ).json().id as number;
    acct = await account();
    acct2 = await account();
  });

  it('undoes a deposit with an opposite entry: the money goes back, each entry names the other, and it is audited', async () => {
    const before = await available(acct);
    const deposit = await book('deposit', { accountId: acct, amount: '250.00' });
    const res = await reverse('deposit', deposit.id, 'booked to the wrong client');
    expect(res.statusCode).toBe(200);
    const reversal: Entry = res.json();
    expect(reversal).toMatchObject({
      type: 'DEPOSIT',
      accountId: acct,
      amount: '-250.00',
      memo: 'booked to the wrong client',
      reversesEntryId: deposit.id,
    });
    expect(await available(acct)).toBe(before);
    expect(await listed(deposit.id)).toMatchObject({ reversedByEntryId: reversal.id, reversesEntryId: null });
    expect(await listed(reversal.id)).toMatchObject({ reversesEntryId: deposit.id, reversedByEntryId: null });
    const [txn] = (
      await t.database.db.execute<{ kind: string; reverses_id: string }>(
        sql`select kind, reverses_id::text from ledger_transactions where id = ${reversal.transactionId}`,
      )
    ).rows;
    expect(txn).toEqual({ kind: 'REVERSAL', reverses_id: String(deposit.transactionId) });
    const [audit] = (
      await t.database.db.execute<{ details: { reverses: number; reason: string } }>(
        sql`select details from audit_events where action = 'cashentry.reverse' and target = ${String(reversal.id)}`,
      )
    ).rows;
    expect(audit!.details).toMatchObject({ reverses: deposit.id, reason: 'booked to the wrong client' });
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('moves an internal transfer’s funds back to the account they left', async () => {
    await book('deposit', { accountId: acct, amount: '40.00' });
    const [from, to] = [await available(acct), await available(acct2)];
    const transfer = await book('internal-transfer', {
      fromAccountId: acct,
      toAccountId: acct2,
      amount: '15.00',
    });
    const res = await reverse('internal-transfer', transfer.id, 'wrong account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: acct, counterAccountId: acct2, amount: '-15.00' });
    expect([await available(acct), await available(acct2)]).toEqual([from, to]);
  });

  it('reverses an entry once: of ten reversals sent at once exactly one goes through, the others get 409', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '5.00' });
    const before = await count('ledger_transactions');
    const answers = await Promise.all(Array.from({ length: 10 }, () => reverse('deposit', deposit.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refused = answers.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({
      status: 409,
      message: `This entry was already reversed by entry ${answers.find((r) => r.statusCode === 200)!.json().id}`,
    });
    expect(await count('ledger_transactions')).toBe(before + 1);
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a reversal that would overdraw the client account (422), writing nothing', async () => {
    const deposit = await book('deposit', { accountId: acct2, amount: '100.00' });
    await book('withdrawal', { accountId: acct2, amount: String(await available(acct2)) });
    const before = [
      await count('ledger_transactions'),
      await count('cash_entries'),
      await count('idempotency_keys'),
    ];
    const res = await reverse('deposit', deposit.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient funds');
    expect([
      await count('ledger_transactions'),
      await count('cash_entries'),
      await count('idempotency_keys'),
    ]).toEqual(before);
  });

  it('answers a repeated Idempotency-Key with the first reversal, and the same key with another body with 409', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '3.00' });
    const headers = { 'idempotency-key': `rev-${crypto.randomUUID()}` };
    const body = { entityId: broker, cashEntryId: deposit.id, reason: 'duplicate' };
    const first = await staff.post('/api/cashentry/deposit/reverse', body, { headers });
    const again = await staff.post('/api/cashentry/deposit/reverse', body, { headers });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    const other = await staff.post(
      '/api/cashentry/deposit/reverse',
      { ...body, reason: 'another reason' },
      { headers },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/IdempotencyKeyConflict/);
  });

  it('refuses a reversal of a reversal, of an entry of another type, and of an entry that completed a request', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '7.00' });
    const reversal: Entry = (await reverse('deposit', deposit.id)).json();
    const twice = await reverse('deposit', reversal.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This entry is itself a reversal; book the original entry again instead',
    );

    const other = await book('deposit', { accountId: acct, amount: '2.00' });
    const wrongType = await reverse('withdrawal', other.id);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({
      cashEntryId: `Cash entry ${other.id} is a deposit, not a withdrawal`,
    });

    const requester = await signedInUser(t, client);
    await grant(t, requester.user.id, client, ['request_deposit', 'account_view'], 'SELF');
    const req = await requester.agent.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: acct, asset: 'USD', amount: '9.00' },
      key(),
    );
    expect(req.statusCode).toBe(200);
    const approved = await staff.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.json().id,
      status: 'APPROVED',
    });
    expect(approved.statusCode).toBe(200);
    const completed = (await staff.post('/api/cashentry/list', { entityId: broker, limit: 500 }))
      .json()
      .items.find((e: { requestId: number | null }) => e.requestId === req.json().id);
    const fromRequest = await reverse('deposit', completed.id);
    expect(fromRequest.statusCode).toBe(409);
    expect(fromRequest.json().message).toMatch(
      /^This entry completed request #\d+; correct it with a new booking/,
    );
  });

  it('rejects a missing reason, a reason too short and a missing Idempotency-Key (400), writing nothing', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '1.00' });
    const before = await count('ledger_transactions');
    const noReason = await staff.post(
      '/api/cashentry/deposit/reverse',
      { entityId: broker, cashEntryId: deposit.id },
      key(),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const short = await reverse('deposit', deposit.id, ' x ');
    expect(short.json().errors).toEqual({ reason: 'Say why the entry is reversed (at least 3 characters)' });
    const noKey = await staff.post('/api/cashentry/deposit/reverse', {
      entityId: broker,
      cashEntryId: deposit.id,
      reason: 'duplicate',
    });
    expect(noKey.statusCode).toBe(400);
    expect(await count('ledger_transactions')).toBe(before);
  });

  it('keeps entries out of reach of a caller without the keys (403), of another tree (404) and on the caller’s own entity (403)', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '4.00' });
    const viewer = await signedInUser(t, broker);
    await grant(t, viewer.user.id, broker, ['account_view']);
    expect((await reverse('deposit', deposit.id, 'no keys', viewer.agent)).statusCode).toBe(403);

    const elsewhere = (await createEntity(t, uniqueName('Elsewhere ')))!.id;
    const outsider = await signedInUser(t, elsewhere);
    await grant(t, outsider.user.id, elsewhere);
    const foreign = await outsider.agent.post(
      '/api/cashentry/deposit/reverse',
      { entityId: elsewhere, cashEntryId: deposit.id, reason: 'not mine' },
      key(),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      status: 404,
      title: 'Resource Not Found',
      message: 'Cash entry not found',
    });

    const own = await signedInUser(t, client);
    await grant(t, own.user.id, client, ['request_deposit', 'account_view'], 'SELF');
    const mine = await own.agent.post(
      '/api/cashentry/deposit/reverse',
      { entityId: client, cashEntryId: deposit.id, reason: 'my own' },
      key(),
    );
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(OWN_ENTITY_REVERSAL);
    expect(await listed(deposit.id)).toMatchObject({ reversedByEntryId: null });
  });

  it('never edits an entry: cash entries refuse UPDATE and DELETE', async () => {
    const deposit = await book('deposit', { accountId: acct, amount: '6.00' });
    for (const change of [
      sql`update cash_entries set amount = 0 where id = ${deposit.id}`,
      sql`delete from cash_entries where id = ${deposit.id}`,
    ])
      await expect(t.database.db.execute(change)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/cash_entries is append-only/) },
      });
  });

  it('tells the account owner’s own users why their entry was reversed, and nobody above them', async () => {
    const clientUser = await signedInUser(t, client);
    await grant(t, clientUser.user.id, client, ['account_view'], 'SELF');
    const brokerViewer = await signedInUser(t, broker);
    await grant(t, brokerViewer.user.id, broker, ['account_view']);
    const deposit = await book('deposit', { accountId: acct, amount: '8.50' });
    const res = await reverse('deposit', deposit.id, 'paid in error');
    expect(res.statusCode).toBe(200);
    const told = async (userId: string) =>
      (
        await t.database.db.execute<{ title: string; message: string; link: string }>(
          sql`select title, message, link from notifications where recipient_kind = 'user' and recipient_id = ${userId}`,
        )
      ).rows;
    expect(await told(clientUser.user.id)).toEqual([
      {
        title: `Entry #${deposit.id} reversed`,
        message: expect.stringMatching(
          /^The deposit of 8\.50 USD \(value date 2026-11-20\) was reversed by .+: paid in error$/,
        ),
        link: `/deposit-and-withdrawals/historic?accountId=${acct}`,
      },
    ]);
    expect(await told(brokerViewer.user.id)).toEqual([]);
  });

  it('reverses many entries at once without starving the connection pool (each notice reads inside its own transaction)', async () => {
    const deposits = [];
    for (let i = 0; i < 30; i++) deposits.push(await book('deposit', { accountId: acct, amount: '1.00' }));
    const answers = await Promise.all(deposits.map((d) => reverse('deposit', d.id, 'batch correction')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
  }, 20_000);
});
