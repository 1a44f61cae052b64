import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { SELF_APPROVAL } from '../requests/request-engine.service';
import { FROM_ABOVE } from './limits.service';

/**
 * Issue 38 item 7, ceilings: the most one back-office cash entry or one money request may
 * move, per entity and asset, inherited down the tree, with a platform default. Above its
 * ceiling a cash entry waits for a second person; a money request is refused naming the limit.
 * A ceiling changes only through a 'LIMIT' request another person approves.
 */
describe('ceilings', () => {
  const t = useTestApp();
  let platform = 0;
  let broker = 0;
  let client = 0;
  let sub = 0;
  let clientAcct = 0;
  let maker: Agent;
  let checker: Agent;
  let clientUser: Agent;
  let clientAdmin: Agent;

  const idem = () => ({ headers: { 'idempotency-key': `test-${crypto.randomUUID()}` } });
  const decide = (a: Agent, entityId: number, requestId: number, status = 'APPROVED') =>
    a.post('/api/requests/status/update', { entityId, requestId, status });
  const ceilingsAt = async (entityId: number) =>
    (await maker.post('/api/limits/list', { entityId })).json() as {
      kind: string;
      asset: string | null;
      maximum: string;
      currency: string;
      setAt: number | null;
    }[];
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;
  const posted = async (accountId: number, asset: string) =>
    (
      await t.database.db.execute<{ posted: string }>(
        sql`select coalesce(sum(posted), 0)::text as posted from balances where account_id = ${accountId} and asset = ${asset}`,
      )
    ).rows[0]!.posted;
  /** A change approved by the platform's checker: the ceiling in force from now on. */
  async function setCeiling(entityId: number, body: Record<string, unknown>) {
    const asked = await maker.post('/api/limits/update', { entityId, ...body });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await decide(checker, entityId, asked.json().pendingRequest.id);
    expect(approved.statusCode, approved.body).toBe(200);
  }

  beforeAll(async () => {
    platform = (await createEntity(t, uniqueName('Platform '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), platform)).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    sub = (await createEntity(t, uniqueName('Sub '), client)).id;
    clientAcct = await clientAccount(t.database.db, client);
    const staffKeys = ['account_view', 'request_deposit', 'request_withdrawal', 'system_management'] as const;
    const m = await signedInUser(t, platform);
    await grant(t, m.user.id, platform, [...staffKeys]);
    maker = m.agent;
    const c = await signedInUser(t, platform);
    await grant(t, c.user.id, platform, [
      'account_view',
      'approve_deposit',
      'approve_withdrawal',
      'system_management',
    ]);
    checker = c.agent;
    const u = await signedInUser(t, client);
    await grant(t, u.user.id, client, ['account_view', 'request_deposit'], 'SELF');
    clientUser = u.agent;
    // The client's own administrator holds system_management at its own entity.
    const a = await signedInUser(t, client);
    await grant(t, a.user.id, client, ['account_view', 'system_management', 'approve_deposit']);
    clientAdmin = a.agent;
  });

  it('answers the platform default where no entity up the line sets a ceiling', async () => {
    expect(await ceilingsAt(sub)).toEqual([
      expect.objectContaining({
        kind: 'CASH_ENTRY',
        asset: null,
        maximum: '10000000',
        currency: 'USD',
        setAt: null,
      }),
      expect.objectContaining({
        kind: 'MONEY_REQUEST',
        asset: null,
        maximum: '10000000',
        currency: 'USD',
        setAt: null,
      }),
    ]);
  });

  it('books a cash entry within its ceiling at once', async () => {
    const res = await maker.post(
      '/api/cashentry/deposit',
      {
        entityId: broker,
        accountId: clientAcct,
        asset: 'USD',
        amount: '10000000.00',
        valueDate: '2026-11-20',
      },
      idem(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'DEPOSIT', amount: '10000000.00' });
  });

  it('turns a cash entry above the ceiling into a pending request: nothing booked until another person approves; the maker cannot', async () => {
    const before = { entries: await count('cash_entries'), posted: await posted(clientAcct, 'USD') };
    const body = {
      entityId: broker,
      accountId: clientAcct,
      asset: 'USD',
      amount: '99999999999999999999.99',
      valueDate: '2026-11-20',
    };
    const key = idem();
    const res = await maker.post('/api/cashentry/deposit', body, key);
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().pendingRequest;
    expect(pending).toMatchObject({ type: 'LARGE CASH ENTRY', requiredApprovals: 1 });
    expect(pending.message).toContain('10000000 USD');
    // The same call again answers the same request: one request, still nothing booked.
    expect((await maker.post('/api/cashentry/deposit', body, key)).json()).toEqual(res.json());
    expect(await count('cash_entries')).toBe(before.entries);
    expect(await posted(clientAcct, 'USD')).toBe(before.posted);

    const own = await decide(maker, broker, pending.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(SELF_APPROVAL);
    // The client's own users never decide a back-office entry on their own accounts.
    expect((await decide(clientAdmin, broker, pending.id)).statusCode).toBe(404);
    expect(await posted(clientAcct, 'USD')).toBe(before.posted);

    const approved = await decide(checker, broker, pending.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('COMPLETED');
    expect(await count('cash_entries')).toBe(before.entries + 1);
    expect(new Money(await posted(clientAcct, 'USD')).minus(before.posted).toFixed(2)).toBe(body.amount);
  });

  it('holds a large withdrawal to approve_withdrawal: an approver of deposits alone cannot decide it', async () => {
    const depositsOnly = await signedInUser(t, platform);
    await grant(t, depositsOnly.user.id, platform, ['account_view', 'approve_deposit']);
    const res = await maker.post(
      '/api/cashentry/withdrawal',
      {
        entityId: broker,
        accountId: clientAcct,
        asset: 'USD',
        amount: '20000000.00',
        valueDate: '2026-11-20',
      },
      idem(),
    );
    const id = res.json().pendingRequest.id;
    expect((await decide(depositsOnly.agent, broker, id)).statusCode).toBe(403);
    expect((await decide(checker, broker, id)).json().status).toBe('COMPLETED');
  });

  it('refuses a money request above its ceiling with 422 naming the limit, and writes nothing', async () => {
    const requests = await count('requests');
    const res = await clientUser.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: clientAcct, asset: 'USD', amount: '10000000.01' },
      idem(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Above the limit for a single money request: at most 10000000 USD by value (platform default)',
    );
    expect(res.json().errors).toEqual({ amount: 'at most 10000000 USD by value' });
    expect(await count('requests')).toBe(requests);
    const atTheLimit = await clientUser.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: clientAcct, asset: 'USD', amount: '10000000.00' },
      idem(),
    );
    expect(atTheLimit.statusCode, atTheLimit.body).toBe(200);
  });

  it('values another asset at the rate sheet for the value ceiling', async () => {
    await t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate: '1.1' });
    const ask = (amount: string) =>
      clientUser.post(
        '/api/requests/deposit/fiat',
        { entityId: client, accountId: clientAcct, asset: 'EUR', amount },
        idem(),
      );
    expect((await ask('9500000.00')).statusCode).toBe(422); // 10,450,000 USD
    expect((await ask('9000000.00')).statusCode).toBe(200); // 9,900,000 USD
  });

  it('makes a ceiling change a LIMIT request: nothing changes until another person approves; the maker cannot', async () => {
    const asked = await maker.post('/api/limits/update', {
      entityId: broker,
      kind: 'MONEY_REQUEST',
      asset: 'GBP',
      maximum: '1000',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = asked.json().pendingRequest;
    expect(pending).toMatchObject({ type: 'LIMIT' });
    expect((await ceilingsAt(broker)).some((c) => c.asset === 'GBP')).toBe(false);
    expect((await decide(maker, broker, pending.id)).json().message).toBe(SELF_APPROVAL);
    expect((await ceilingsAt(broker)).some((c) => c.asset === 'GBP')).toBe(false);

    const approved = await decide(checker, broker, pending.id);
    expect(approved.json().status).toBe('COMPLETED');
    expect(await ceilingsAt(broker)).toContainEqual(
      expect.objectContaining({
        kind: 'MONEY_REQUEST',
        asset: 'GBP',
        maximum: '1000',
        currency: 'GBP',
        setAt: broker,
      }),
    );
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'limits.update' and target = ${`${broker}:MONEY_REQUEST:GBP`}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('gives a child without its own ceiling its parent’s, and the nearest own ceiling wins', async () => {
    const gbpAt = async (e: number) =>
      (await ceilingsAt(e)).find((c) => c.asset === 'GBP' && c.kind === 'MONEY_REQUEST');
    expect(await gbpAt(client)).toMatchObject({ maximum: '1000', setAt: broker });
    expect(await gbpAt(sub)).toMatchObject({ maximum: '1000', setAt: broker });
    const refused = await clientUser.post(
      '/api/requests/deposit/fiat',
      { entityId: client, accountId: clientAcct, asset: 'GBP', amount: '1000.01' },
      idem(),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain(`at most 1000 GBP (set at`);

    await setCeiling(sub, { kind: 'MONEY_REQUEST', asset: 'GBP', maximum: '50' });
    expect(await gbpAt(sub)).toMatchObject({ maximum: '50', setAt: sub });
    expect(await gbpAt(client)).toMatchObject({ maximum: '1000', setAt: broker });
    // Removing the child's own brings the parent's back.
    await setCeiling(sub, { kind: 'MONEY_REQUEST', asset: 'GBP', maximum: null });
    expect(await gbpAt(sub)).toMatchObject({ maximum: '1000', setAt: broker });
  });

  it('binds a lower cash-entry ceiling set above: a smaller entry then waits for approval', async () => {
    await setCeiling(broker, { kind: 'CASH_ENTRY', asset: null, maximum: '5000' });
    const res = await maker.post(
      '/api/cashentry/deposit',
      { entityId: broker, accountId: clientAcct, asset: 'USD', amount: '5000.01', valueDate: '2026-11-20' },
      idem(),
    );
    expect(res.json().pendingRequest.message).toContain(`5000 USD by value (set at`);
  });

  it('lets an entity’s own users ask for a change of its ceiling, but only someone above it decides', async () => {
    const asked = await clientAdmin.post('/api/limits/update', {
      entityId: client,
      kind: 'CASH_ENTRY',
      asset: 'USD',
      maximum: '1000000000',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().pendingRequest.id;
    const other = await signedInUser(t, client);
    await grant(t, other.user.id, client, ['account_view', 'system_management']);
    const own = await decide(other.agent, client, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(FROM_ABOVE);
    expect((await ceilingsAt(client)).some((c) => c.asset === 'USD')).toBe(false);
  });

  it.each([
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: '-1' }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: 'lots' }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: '0' }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: '1.001' }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'usd!', maximum: '10' }, 'asset'],
    [{ kind: 'CASH_ENTRY', asset: 'ZZZ', maximum: '10' }, 'asset'],
    [{ kind: 'EVERYTHING', asset: 'USD', maximum: '10' }, 'kind'],
    [{ kind: 'CASH_ENTRY', asset: 'USD' }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: null }, 'maximum'],
    [{ kind: 'CASH_ENTRY', asset: 'USD', maximum: '10', extra: 1 }, ''],
  ])('refuses a bad change %j (400 naming %s) and writes nothing', async (body, field) => {
    const requests = await count('requests');
    const res = await maker.post('/api/limits/update', { entityId: client, ...body });
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(Object.keys(res.json().errors ?? {})).toContain(field);
    expect(await count('requests')).toBe(requests);
  });

  it('answers 403 to a caller without the keys, for each new row', async () => {
    // The client's user holds keys there, none of the row's.
    expect((await clientUser.post('/api/limits/list', { entityId: client })).statusCode).toBe(403);
    const requests = await count('requests');
    const res = await clientUser.post('/api/limits/update', {
      entityId: client,
      kind: 'CASH_ENTRY',
      asset: 'USD',
      maximum: '10',
    });
    expect(res.statusCode).toBe(403);
    expect(await count('requests')).toBe(requests);
  });
});
