import { AMOUNT_MAX } from '@clearway/contracts/primitives';
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
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

/** The largest amount the contracts accept, at an asset's scale. */
const largest = (scale: number) => AMOUNT_MAX.slice(0, scale ? 21 + scale : 20);

describe('money requests at the limits: closed accounts and the largest amounts', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let client = 0;
  let maker: Agent;
  let checker: Agent;
  let bankInfoId = 0;
  let walletId = 0;
  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const newAccount = async (name = uniqueName('Acct ')) =>
    (
      await maker.post('/api/account/create', {
        entityId: client,
        accountType: 'MarginTrading',
        accountName: name,
      })
    ).json().id as number;
  const available = async (account: number, asset: string) =>
    (
      await t.database.db.execute<{ a: string }>(
        sql`select (posted - held)::text as a from balances where account_id = ${account} and asset = ${asset}`,
      )
    ).rows[0]?.a;
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  const decide = (requestId: number) =>
    checker.post('/api/requests/status/update', { entityId: client, requestId, status: 'APPROVED' });

  /** Each request type that moves money, as a body for an account (and a second one). */
  const requests = {
    depositFiat: (accountId: number, amount = '10.00') => ({
      path: '/api/requests/deposit/fiat',
      body: { accountId, asset: 'USD', amount, reference: uniqueName('ref-') },
    }),
    depositCrypto: (accountId: number, amount = '1') => ({
      path: '/api/requests/deposit/crypto',
      body: {
        accountId,
        asset: 'USDT',
        amount,
        network: 'ETH',
        transactionHash: `0x${crypto.randomUUID().replace(/-/g, '').repeat(2)}`,
      },
    }),
    withdrawalFiat: (accountId: number, amount = '1.00') => ({
      path: '/api/requests/withdrawal/fiat',
      body: { accountId, bankInfoId, asset: 'USD', amount, reference: uniqueName('ref-') },
    }),
    withdrawalCrypto: (accountId: number, amount = '1') => ({
      path: '/api/requests/withdrawal/crypto',
      body: { accountId, walletId, asset: 'USDT', amount, reference: uniqueName('ref-') },
    }),
    internalTransfer: (fromAccountId: number, amount = '1.00', toAccountId = 0) => ({
      path: '/api/requests/internal-transfer',
      body: { fromAccountId, toAccountId, asset: 'USD', amount },
    }),
  };
  const submit = (r: { path: string; body: Record<string, unknown> }) =>
    maker.post(r.path, { entityId: client, ...r.body }, key());

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    // What the ledger holds at the largest amounts, not the ceilings (limits.test.ts): the
    // broker's ceiling of one money request raised to the largest amount, as an approved LIMIT would.
    await t.database.db.execute(sql`
      insert into ceilings (entity_id, kind, asset, maximum, currency, request_id)
      values (${broker}, 'MONEY_REQUEST', '*', ${AMOUNT_MAX}, 'USD', 0)`);
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
      ['approve_withdrawal', 'approve_deposit', 'account_view'],
      'DESCENDANTS',
    );
    checker = c.agent;
    const staff = actingAs(client);
    bankInfoId = (
      await t.services.bankInfo.createDirect(staff, {
        entityId: client,
        beneficiaryName: 'Client Treasury Ltd',
        beneficiaryAddress: '1 Bank Street, London',
        bankName: 'Barclays',
        iban: 'GB33 BUKB 2020 1555 5555 55',
        bic: 'BUKBGB22',
        currency: 'USD',
      })
    ).id;
    walletId = (
      await t.services.wallets.createDirect(staff, {
        entityId: client,
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: 'Payout',
        digitalAssets: ['USDT'],
        walletType: 'Unknown',
      })
    ).id;
  });

  describe('a closed account', () => {
    let closed = 0;
    let open = 0;
    beforeAll(async () => {
      closed = await newAccount();
      open = await newAccount();
      const res = await maker.put('/api/account/update', {
        entityId: client,
        accountId: closed,
        active: false,
      });
      expect(res.json().active).toBe(false);
    });

    it.each([
      ['a fiat deposit into it', () => requests.depositFiat(closed), 'accountId'],
      ['a crypto deposit into it', () => requests.depositCrypto(closed), 'accountId'],
      ['a fiat withdrawal from it', () => requests.withdrawalFiat(closed), 'accountId'],
      ['a crypto withdrawal from it', () => requests.withdrawalCrypto(closed), 'accountId'],
      [
        'an internal transfer from it',
        () => requests.internalTransfer(closed, '1.00', open),
        'fromAccountId',
      ],
      ['an internal transfer into it', () => requests.internalTransfer(open, '1.00', closed), 'toAccountId'],
    ])('refuses %s at submission (409), recording no request', async (_, request, field) => {
      const before = await count('requests');
      const res = await submit(request());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 409,
        title: expect.any(String),
        message: 'This account is closed; it can neither receive nor send funds',
        errors: { [field]: 'this account is closed' },
      });
      expect(await count('requests')).toBe(before);
    });

    it('takes requests again once the account is reopened', async () => {
      await maker.put('/api/account/update', { entityId: client, accountId: closed, active: true });
      expect((await submit(requests.depositFiat(closed))).statusCode).toBe(200);
      await maker.put('/api/account/update', { entityId: client, accountId: closed, active: false });
    });
  });

  describe('an approval never fails with a 500 on a request that was accepted', () => {
    const usd = largest(2);
    const usdt = largest(6);

    it('accepts and approves a fiat deposit of the largest amount, twice into one account', async () => {
      const account = await newAccount();
      for (const _ of [1, 2]) {
        const req = await submit(requests.depositFiat(account, usd));
        expect(req.statusCode).toBe(200);
        expect((await decide(req.json().id)).statusCode).toBe(200);
      }
      expect(await available(account, 'USD')).toBe('199999999999999999999.980000000000000000');
    });

    it('accepts and approves a crypto deposit of the largest amount', async () => {
      const account = await newAccount();
      const req = await submit(requests.depositCrypto(account, usdt));
      expect(req.statusCode).toBe(200);
      expect((await decide(req.json().id)).statusCode).toBe(200);
      expect(await available(account, 'USDT')).toBe(`${usdt}000000000000`);
    });

    it('accepts and approves fiat and crypto withdrawals of the largest amount from an account that holds it', async () => {
      const account = await newAccount();
      for (const deposit of [requests.depositFiat(account, usd), requests.depositCrypto(account, usdt)])
        expect((await decide((await submit(deposit)).json().id)).statusCode).toBe(200);
      for (const withdrawal of [
        requests.withdrawalFiat(account, usd),
        requests.withdrawalCrypto(account, usdt),
      ]) {
        const req = await submit(withdrawal);
        expect(req.statusCode).toBe(200);
        expect((await decide(req.json().id)).statusCode).toBe(200);
      }
      expect(await available(account, 'USD')).toBe('0.000000000000000000');
      expect(await available(account, 'USDT')).toBe('0.000000000000000000');
    });

    it('refuses a withdrawal of the largest amount from an account that lacks it at submission (422), not at approval', async () => {
      const account = await newAccount();
      const res = await submit(requests.withdrawalFiat(account, usd));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: 422, message: 'Insufficient funds' });
    });

    it('accepts and approves an internal transfer of the largest amount', async () => {
      const [from, to] = [await newAccount(), await newAccount()];
      expect((await decide((await submit(requests.depositFiat(from, usd))).json().id)).statusCode).toBe(200);
      const req = await submit(requests.internalTransfer(from, usd, to));
      expect(req.statusCode).toBe(200);
      expect((await decide(req.json().id)).statusCode).toBe(200);
      expect(await available(to, 'USD')).toBe(`${usd}0000000000000000`);
    });

    it('refuses an approval that would take a balance past what the ledger holds with a 422, never a 500', async () => {
      const account = await newAccount();
      expect((await decide((await submit(requests.depositFiat(account, '1.00'))).json().id)).statusCode).toBe(
        200,
      );
      // 10^18 of the largest deposits, short of one: the next one cannot fit NUMERIC(56,18).
      await t.database.db.execute(
        sql`update balances set posted = ${'9'.repeat(38)} where account_id = ${account} and asset = 'USD'`,
      );
      const req = await submit(requests.depositFiat(account, usd));
      expect(req.statusCode).toBe(200);
      const approval = await decide(req.json().id);
      expect(approval.statusCode).toBe(422);
      expect(approval.json()).toMatchObject({
        status: 422,
        message: 'would take a balance beyond the largest amount the ledger holds',
      });
      await t.database.db.execute(
        sql`update balances set posted = '1.00' where account_id = ${account} and asset = 'USD'`,
      );
    });

    it('keeps the ledger balanced throughout', async () => {
      expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
    });
  });
});
