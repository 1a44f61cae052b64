import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TMoneyRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
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
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

describe('a money request’s lifecycle as it is', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let client = 0;
  let account = 0;
  let wallet = 0;
  let requester: Agent;
  let checker: Agent;
  let checkerName = '';
  const key = () => ({ headers: { 'idempotency-key': crypto.randomUUID() } });
  const decide = (requestId: number, status: string) =>
    checker.post('/api/requests/status/update', { entityId: client, requestId, status });
  const listed = async (id: number) =>
    (
      (await requester.post('/api/requests/list', { entityId: client, limit: 100 })).json()
        .items as TMoneyRequestItem[]
    ).find((r) => r.id === id)!;
  const moves = (r: TMoneyRequestItem) => r.history.map((h) => [h.from, h.to]);

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    account = await clientAccount(t.database.db, client, 'Settlement');
    await fund(t.database.db, account, 'ETH', '10');
    wallet = (
      await t.services.wallets.createDirect(actingAs(client), {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Payout',
        digitalAssets: ['ETH'],
        walletType: 'Unknown',
      })
    ).id;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_deposit', 'request_withdrawal'], 'SELF');
    requester = r.agent;
    const c = await signedInUser(t, broker);
    await grant(t, c.user.id, broker, ['approve_deposit', 'approve_withdrawal'], 'SELF_AND_DESCENDANTS');
    checker = c.agent;
    checkerName = c.user.username;
  });

  it('completes a fiat deposit with the approval that posts it: requested, approved, completed, with the posting’s time, and tells the requester its money moved', async () => {
    const dep = (
      await requester.post(
        '/api/requests/deposit/fiat',
        { entityId: client, accountId: account, asset: 'USD', amount: '40.00', reference: 'wire 9' },
        key(),
      )
    ).json();
    expect((await listed(dep.id)).postedAt).toBeNull();
    const decided = await decide(dep.id, 'APPROVED');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().status).toBe('COMPLETED');

    const r = await listed(dep.id);
    expect(r.status).toBe('COMPLETED');
    expect(moves(r)).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'APPROVED'],
      ['APPROVED', 'COMPLETED'],
    ]);
    expect(r.history.slice(1).map((h) => h.by.name)).toEqual([checkerName, checkerName]);
    expect(r.postedAt).not.toBeNull();
    expect(r.transactionHash).toBeNull();
    // The list's Completed filter holds it; Approved (awaiting a step) does not.
    const completed = await requester.post('/api/requests/list', {
      entityId: client,
      status: 'COMPLETED',
      limit: 100,
    });
    expect(completed.json().items.map((i: { id: number }) => i.id)).toContain(dep.id);
    const approved = await requester.post('/api/requests/list', {
      entityId: client,
      status: 'APPROVED',
      limit: 100,
    });
    expect(approved.json().items.map((i: { id: number }) => i.id)).not.toContain(dep.id);

    const told = (await requester.post('/api/notifications/list', {})).json().items[0];
    expect(told).toMatchObject({
      title: `Request #${dep.id} approved`,
      message: expect.stringContaining('its money has moved'),
      link: `/deposit-and-withdrawals/requests?request=${dep.id}`,
    });
  });

  it('keeps a crypto withdrawal APPROVED once posted, until its transaction hash completes it', async () => {
    const req = (
      await requester.post(
        '/api/requests/withdrawal/crypto',
        { entityId: client, accountId: account, walletId: wallet, asset: 'ETH', amount: '1.25' },
        key(),
      )
    ).json();
    expect((await decide(req.id, 'APPROVED')).json().status).toBe('APPROVED');
    const posted = await listed(req.id);
    expect(posted).toMatchObject({ status: 'APPROVED', transactionHash: null });
    expect(posted.postedAt).not.toBeNull();

    const hash = `0x${'ab'.repeat(32)}`;
    const done = await checker.put('/api/requests/upload-transaction-hash', {
      entityId: client,
      requestId: req.id,
      transactionHash: hash,
    });
    expect(done.statusCode, done.body).toBe(200);
    const r = await listed(req.id);
    expect(r).toMatchObject({ status: 'COMPLETED', transactionHash: { hash, addedBy: checkerName } });
    expect(moves(r)).toEqual([
      [null, 'PENDING'],
      ['PENDING', 'APPROVED'],
      ['APPROVED', 'COMPLETED'],
    ]);
  });

  it('completes, by its migration, the approved money requests whose money had moved — and only those', async () => {
    const db = t.database.db;
    const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_money_moved_requests_completed.sql'))!;
    const migration = readFileSync(path.join(MIGRATIONS, file), 'utf8');
    // As requests stood before: an approved fiat deposit (posted), an approved crypto
    // withdrawal (posted, no hash yet) and a pending deposit.
    const deposit = (
      await requester.post(
        '/api/requests/deposit/fiat',
        { entityId: client, accountId: account, asset: 'USD', amount: '7.00', reference: uniqueName('old ') },
        key(),
      )
    ).json();
    await decide(deposit.id, 'APPROVED');
    const withdrawal = (
      await requester.post(
        '/api/requests/withdrawal/crypto',
        { entityId: client, accountId: account, walletId: wallet, asset: 'ETH', amount: '0.5' },
        key(),
      )
    ).json();
    await decide(withdrawal.id, 'APPROVED');
    const pending = (
      await requester.post(
        '/api/requests/deposit/fiat',
        { entityId: client, accountId: account, asset: 'USD', amount: '8.00', reference: uniqueName('new ') },
        key(),
      )
    ).json();
    await db.execute(sql`update requests set status = 'APPROVED' where id = ${deposit.id}`);
    const historyOf = async (id: number) =>
      (
        await db.execute<{ to_status: string; by_name: string; reason: string | null }>(
          sql`select to_status, by_name, reason from request_history where request_id = ${id} order by id`,
        )
      ).rows;
    const before = await historyOf(deposit.id);

    await db.execute(sql.raw(migration));

    const statusOf = async (id: number) =>
      (await db.execute<{ status: string }>(sql`select status from requests where id = ${id}`)).rows[0]!
        .status;
    expect(await statusOf(deposit.id)).toBe('COMPLETED');
    expect(await statusOf(withdrawal.id)).toBe('APPROVED');
    expect(await statusOf(pending.id)).toBe('PENDING');
    expect((await historyOf(deposit.id)).slice(before.length)).toEqual([
      { to_status: 'COMPLETED', by_name: checkerName, reason: 'posted with the approval' },
    ]);
  });
});
