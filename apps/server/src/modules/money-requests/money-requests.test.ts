import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { ZMoneyRequestPayload } from '@clearway/contracts/request-types/money-request-types';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import {
  actingAs,
  createEntity,
  grant,
  multipartBody,
  PDF_BYTES,
  randomEthAddress,
  signedInUser,
  uniqueName,
} from '../../test/fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { ONLY_ONE, TOO_LARGE, UNSUPPORTED } from './file-proof';

describe('deposits, withdrawals and transfers as requests', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let client = 0;
  let account = 0;
  let account2 = 0;
  let wallet = 0;
  let maker: Agent;
  let checker: Agent;
  let outsider: Agent;
  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const available = async (acc = account, asset = 'USDT') =>
    (
      await t.database.db.execute<{ a: string }>(
        sql`select posted - held as a from balances where account_id = ${acc} and asset = ${asset}`,
      )
    ).rows[0]?.a;
  // A rejection always gives the requester its reason.
  const decide = (requestId: number, status: string, a = checker) =>
    a.post('/api/requests/status/update', {
      entityId: client,
      requestId,
      status,
      ...(status === 'REJECTED' ? { reason: 'Not verified' } : {}),
    });
  const withdraw = (amount: string, walletId = wallet) =>
    // A unique reference each time: an identical pending request would be refused as a duplicate.
    maker.post(
      '/api/requests/withdrawal/crypto',
      {
        entityId: client,
        accountId: account,
        walletId,
        asset: 'USDT',
        amount,
        reference: uniqueName('ref-'),
      },
      key(),
    );

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const m = await signedInUser(t, client);
    await grant(
      t,
      m.user.id,
      client,
      ['request_withdrawal', 'request_deposit', 'account_view', 'account_management'],
      'SELF',
    );
    maker = m.agent;
    const c = await signedInUser(t, broker);
    await grant(
      t,
      c.user.id,
      broker,
      ['approve_withdrawal', 'approve_deposit', 'approve_deposit', 'account_view', 'request_deposit'],
      'DESCENDANTS',
    );
    checker = c.agent;
    outsider = (await signedInUser(t, (await createEntity(t)).id)).agent;
    account = (
      await maker.post('/api/account/create', {
        entityId: client,
        accountType: 'MarginTrading',
        accountName: 'Main',
      })
    ).json().id;
    account2 = (
      await maker.post('/api/account/create', {
        entityId: client,
        accountType: 'MarginTrading',
        accountName: 'Second',
      })
    ).json().id;
    const staff = actingAs(client);
    wallet = (
      await t.services.wallets.createDirect(staff, {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Payout',
        digitalAssets: ['USDT', 'ETH'],
        walletType: 'Unknown',
      })
    ).id;
    // Fund through an approved deposit request.
    const dep = (
      await maker.post(
        '/api/requests/deposit/crypto',
        {
          entityId: client,
          accountId: account,
          asset: 'USDT',
          amount: '1000',
          network: 'ETH',
          transactionHash: `0x${'cd'.repeat(32)}`,
        },
        key(),
      )
    ).json();
    // The approval posted the deposit: its money has moved, so it is completed.
    expect((await decide(dep.id, 'APPROVED')).json().status).toBe('COMPLETED');
  });

  it('holds funds at submission, so the second of two withdrawals exceeding the balance is refused', async () => {
    const before = await available();
    const first = await withdraw(String(Number(before) - 100));
    expect(first.statusCode).toBe(200);
    const second = await withdraw('200');
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Insufficient funds');
    await maker.post('/api/requests/status/update', {
      entityId: client,
      requestId: first.json().id,
      status: 'CANCELLED',
    });
    expect(await available()).toBe(before);
  });

  it('voids the hold on rejection (balance restored) and refuses an approval afterwards (409)', async () => {
    const before = await available();
    const req = (await withdraw('50')).json();
    expect(Number(await available())).toBe(Number(before) - 50);
    expect((await decide(req.id, 'REJECTED')).json().status).toBe('REJECTED');
    expect(await available()).toBe(before);
    expect((await decide(req.id, 'APPROVED')).statusCode).toBe(409);
  });

  it('never lets the requester approve their own withdrawal (403)', async () => {
    const req = (await withdraw('1')).json();
    await grant(
      t,
      (await t.services.users.findByUsername((await maker.get('/api/auth/session')).json().user.username))!
        .id,
      client,
      ['approve_withdrawal'],
      'SELF',
    );
    expect(
      (
        await maker.post('/api/requests/status/update', {
          entityId: client,
          requestId: req.id,
          status: 'APPROVED',
        })
      ).statusCode,
    ).toBe(403);
    await maker.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'CANCELLED',
    });
  });

  it('keeps available ≥ 0 and Σ postings = 0 under 100 concurrent approvals', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await withdraw('1')).json().id);
    const results = await Promise.all(ids.map((id) => decide(id, 'APPROVED')));
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(Number(await available())).toBeGreaterThanOrEqual(0);
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a withdrawal to an unknown (404, as a foreign one), removed or cooling-down destination (400), holding nothing', async () => {
    const held = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from holds`)).rows[0]!.n;
    const before = await held();
    // An id naming nothing reads as one outside the caller's tree: the guard's placement, 404.
    expect((await withdraw('1', 999_999)).statusCode).toBe(404);
    const staff = actingAs(client);
    const removed = await t.services.wallets.createDirect(staff, {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Old',
      digitalAssets: ['USDT'],
      walletType: 'Unknown',
    });
    await t.services.wallets.remove(staff, removed.id);
    expect((await withdraw('1', removed.id)).statusCode).toBe(400);
    const fresh = await t.services.wallets.createDirect(staff, {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'New',
      digitalAssets: ['USDT'],
      walletType: 'Unknown',
    });
    await t.database.db.execute(
      sql`update wallets set usable_from = now() + interval '1 day' where id = ${fresh.id}`,
    );
    const cooling = await withdraw('1', fresh.id);
    expect(cooling.statusCode).toBe(400);
    expect(cooling.json().errors.walletId).toMatch(/usable from/);
    expect(await held()).toBe(before);
  });

  it('withdraws fiat only to a whitelisted bank account of the same currency, freezing its details', async () => {
    const bank = (currency: string) =>
      t.services.bankInfo.createDirect(actingAs(client), {
        entityId: client,
        beneficiaryName: 'Client Treasury Ltd',
        beneficiaryAddress: '1 Bank Street, London',
        bankName: `Barclays ${currency}`,
        iban: 'GB33 BUKB 2020 1555 5555 55',
        bic: 'BUKBGB22',
        currency,
      });
    const usd = await bank('USD');
    const eur = await bank('EUR');
    const dep = (
      await maker.post(
        '/api/requests/deposit/fiat',
        { entityId: client, accountId: account2, asset: 'USD', amount: '250.00' },
        key(),
      )
    ).json();
    await decide(dep.id, 'APPROVED');
    const ask = (bankInfoId: number) =>
      maker.post(
        '/api/requests/withdrawal/fiat',
        { entityId: client, accountId: account2, bankInfoId, asset: 'USD', amount: '100' },
        key(),
      );
    const wrong = await ask(eur.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ asset: 'must be EUR' });
    expect(Number(await available(account2, 'USD'))).toBe(250);
    const ok = await ask(usd.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payload).toMatchObject({
      kind: 'fiat',
      amount: '100',
      destination: { bankInfoId: usd.id, bankName: 'Barclays USD', bic: 'BUKBGB22' },
    });
    expect(Number(await available(account2, 'USD'))).toBe(150);
  });

  it('refuses an asset of the wrong class or network (400), recording nothing', async () => {
    const before = (await checker.post('/api/requests/list', { entityId: client, limit: 999 })).json().total;
    const fiatOfCrypto = await maker.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: account, asset: 'BTC', amount: '1' },
      key(),
    );
    expect(fiatOfCrypto.statusCode).toBe(400);
    expect(fiatOfCrypto.json().errors).toEqual({ asset: 'must be a fiat asset' });
    const cryptoOfFiat = await maker.post(
      '/api/requests/withdrawal/crypto',
      { entityId: client, accountId: account, walletId: wallet, asset: 'USD', amount: '1' },
      key(),
    );
    expect(cryptoOfFiat.statusCode).toBe(400);
    expect(cryptoOfFiat.json().errors).toEqual({ asset: 'must be a crypto asset' });
    const offNetwork = await maker.post(
      '/api/requests/deposit/crypto',
      {
        entityId: client,
        accountId: account,
        asset: 'USDT',
        amount: '1',
        network: 'BTC',
        transactionHash: 'ab'.repeat(32),
      },
      key(),
    );
    expect(offNetwork.statusCode).toBe(400);
    expect(offNetwork.json().errors).toEqual({ asset: 'not carried by this network' });
    const after = (await checker.post('/api/requests/list', { entityId: client, limit: 999 })).json().total;
    expect(after).toBe(before);
  });

  it('completes an approved crypto withdrawal once its transaction hash is added', async () => {
    const req = (await withdraw('2')).json();
    await decide(req.id, 'APPROVED');
    const bad = await checker.call({
      method: 'PUT',
      url: '/api/requests/upload-transaction-hash',
      payload: { entityId: client, requestId: req.id, transactionHash: 'not-a-hash-at-all' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await checker.call({
      method: 'PUT',
      url: '/api/requests/upload-transaction-hash',
      payload: { entityId: client, requestId: req.id, transactionHash: `0x${'9f'.repeat(32)}` },
    });
    expect(ok.json().status).toBe('COMPLETED');
  });

  it('moves funds between the entity’s accounts on approval of an internal transfer', async () => {
    const req = (
      await maker.post(
        '/api/requests/internal-transfer',
        { entityId: client, fromAccountId: account, toAccountId: account2, asset: 'USDT', amount: '10' },
        key(),
      )
    ).json();
    // Approvers see the target named as the requester saw it, frozen with the request.
    expect(req.payload).toMatchObject({ toAccountId: account2, toAccountName: expect.any(String) });
    expect(req.payload.toEntityName).toEqual(expect.any(String));
    await decide(req.id, 'APPROVED');
    expect(Number(await available(account2))).toBe(10);
  });

  it('records each approved movement once in the history, next to back-office bookings', async () => {
    const req = (await withdraw('3')).json();
    await decide(req.id, 'APPROVED');
    const history = await maker.post('/api/cashentry/list', { entityId: client, limit: 500 });
    const mine = history.json().items.filter((e: { requestId: number }) => e.requestId === req.id);
    expect(mine).toEqual([
      expect.objectContaining({ type: 'WITHDRAWAL', accountId: account, asset: 'USDT', amount: '3.000000' }),
    ]);
    const rejected = (await withdraw('4')).json();
    await decide(rejected.id, 'REJECTED');
    const after = await maker.post('/api/cashentry/list', { entityId: client, limit: 500 });
    expect(after.json().items.some((e: { requestId: number }) => e.requestId === rejected.id)).toBe(false);
  });

  describe('file proofs', () => {
    const upload = async (
      a: Agent,
      requestId: number,
      files: { filename: string; type: string; data: Buffer }[],
    ) =>
      a.call({
        method: 'POST',
        url: `/api/requests/${requestId}/file-proof?entityId=${client}`,
        ...multipartBody(files.map((f) => ({ name: 'file', ...f }))),
      });

    it('rejects 10 MB + 1 byte with "File size should be less than 10MB"', async () => {
      const req = (await withdraw('1')).json();
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF_BYTES.length)]);
      const res = await upload(maker, req.id, [{ filename: 'big.pdf', type: 'application/pdf', data: big }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(TOO_LARGE);
    });

    it('accepts a PDF renamed .png as a PDF (by its bytes), then refuses a second file', async () => {
      const req = (await withdraw('1')).json();
      const res = await upload(maker, req.id, [{ filename: 'scan.png', type: 'image/png', data: PDF_BYTES }]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ mime: 'application/pdf', ext: 'pdf' });
      const again = await upload(maker, req.id, [
        { filename: 'more.pdf', type: 'application/pdf', data: PDF_BYTES },
      ]);
      expect(again.json().message).toBe(ONLY_ONE);
      const two = await upload(maker, (await withdraw('1')).json().id, [
        { filename: 'a.pdf', type: 'application/pdf', data: PDF_BYTES },
        { filename: 'b.pdf', type: 'application/pdf', data: PDF_BYTES },
      ]);
      expect(two.json().message).toBe(ONLY_ONE);

      const download = await checker.post('/api/requests/file-proof', {
        entityId: client,
        requestId: req.id,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
      expect(
        (await outsider.post('/api/requests/file-proof', { entityId: client, requestId: req.id })).statusCode,
      ).toBe(404);
    });

    it('keeps each proof’s bytes in storage once: a refused second file leaves nothing behind', async () => {
      const req = (await withdraw('1')).json();
      const file = { filename: 'a.pdf', type: 'application/pdf', data: PDF_BYTES };
      expect((await upload(maker, req.id, [file])).statusCode).toBe(200);
      expect((await upload(maker, req.id, [file])).json().message).toBe(ONLY_ONE);
      const counts = await t.database.db.execute<{ proofs: number; objects: number }>(
        sql`select (select count(*)::int from file_proofs) as proofs, (select count(*)::int from stored_objects) as objects`,
      );
      expect(counts.rows[0]!.objects).toBe(counts.rows[0]!.proofs);
    });

    it('rejects an HTML file renamed .jpg as an unsupported format', async () => {
      const req = (await withdraw('1')).json();
      const res = await upload(maker, req.id, [
        {
          filename: 'photo.jpg',
          type: 'image/jpeg',
          data: Buffer.from('<html><script>alert(1)</script></html>'),
        },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(UNSUPPORTED);
    });
  });

  it('lists money requests with filters and the pending ones for approvers', async () => {
    const list = (
      await checker.post('/api/requests/list', { entityId: client, type: 'WITHDRAWAL', status: 'REJECTED' })
    ).json();
    expect(
      list.items.every(
        (r: { type: string; status: string }) => r.type === 'WITHDRAWAL' && r.status === 'REJECTED',
      ),
    ).toBe(true);
    const pending = (
      await checker.post('/api/requests/pending', { entityId: client, limit: 999, offset: 0 })
    ).json();
    expect(pending.items.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
  });

  it('lists one account’s requests — moving money from it, or transferred to it — and refuses a malformed account id', async () => {
    const transfer = (
      await maker.post(
        '/api/requests/internal-transfer',
        { entityId: client, fromAccountId: account, toAccountId: account2, asset: 'USDT', amount: '1' },
        key(),
      )
    ).json();
    const withdrawal = (await withdraw('2')).json();
    const ids = async (accountId: number) =>
      (
        await checker.post('/api/requests/list', {
          entityId: client,
          accountId,
          status: 'PENDING',
          limit: 999,
        })
      )
        .json()
        .items.map((r: { id: number }) => r.id);
    expect(await ids(account)).toEqual(expect.arrayContaining([transfer.id, withdrawal.id]));
    const toSecond = await ids(account2);
    expect(toSecond).toContain(transfer.id);
    expect(toSecond).not.toContain(withdrawal.id);
    const bad = await checker.post('/api/requests/list', { entityId: client, accountId: 'main' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('accountId');
  });

  it('takes many requests at once without starving the connection pool (approvers are found inside each transaction)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => withdraw('0.5')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    await Promise.all(answers.map((r) => decide(r.json().id, 'REJECTED')));
  }, 20_000);

  it('freezes every money request’s payload in the shape its contract declares', async () => {
    const all = (await checker.post('/api/requests/list', { entityId: client, limit: 999 })).json();
    const types = new Set(all.items.map((r: TRequestView) => r.type));
    expect(types).toEqual(new Set(['WITHDRAWAL', 'DEPOSIT', 'INTERNAL TRANSFER']));
    for (const r of all.items as TRequestView[])
      expect(ZMoneyRequestPayload.safeParse(r.payload).error).toBeUndefined();
  });
});
