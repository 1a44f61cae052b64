import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { actingAs, createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Entity freeze (issue 26, beyond the spec): staff with system_management freeze an entity
 * and its subtree — no new requests, trades or bookings there, pending requests stay
 * pending — and lift it, audited.
 */
describe('entity freeze', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let broker = 0;
  let client = 0;
  let sub = 0;
  let account = 0;
  let bankInfoId = 0;
  let ops: Agent;
  let maker: Agent;
  let checker: Agent;
  let opsUser: { id: string; username: string };
  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const FROZEN = (name: string) =>
    `${name} is frozen: no new requests, trades or bookings until the freeze is lifted`;
  let clientName = '';

  const freeze = (targetEntityId: number, reason = 'Sanctions screening hit', a = ops) =>
    a.post('/api/entity/freeze', { entityId: broker, targetEntityId, reason });
  const unfreeze = (targetEntityId: number, reason = 'Screening cleared', a = ops) =>
    a.post('/api/entity/unfreeze', { entityId: broker, targetEntityId, reason });
  const withdraw = () =>
    maker.post(
      '/api/requests/withdrawal/fiat',
      { entityId: client, accountId: account, bankInfoId, asset: 'USD', amount: '10.00' },
      key(),
    );
  const deposit = () =>
    ops.post(
      '/api/cashentry/deposit',
      { entityId: broker, accountId: account, asset: 'USD', amount: '5.00', valueDate: '2026-11-20' },
      key(),
    );

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    clientName = uniqueName('Client ');
    client = (await createEntity(t, clientName, broker)).id;
    sub = (await createEntity(t, uniqueName('Sub '), client)).id;
    const o = await signedInUser(t, broker);
    await grant(t, o.user.id, broker, [
      'system_management',
      'account_view',
      'account_management',
      'request_deposit',
      'request_withdrawal',
    ]);
    ops = o.agent;
    opsUser = o.user;
    const m = await signedInUser(t, client);
    await grant(t, m.user.id, client, ['request_withdrawal', 'request_deposit', 'account_view'], 'SELF');
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
    account = await clientAccount(t.database.db, client, 'Main');
    await fund(t.database.db, account, 'USD', '1000.00');
    bankInfoId = (
      await t.services.bankInfo.createDirect(actingAs(client), {
        entityId: client,
        beneficiaryName: 'Client Treasury Ltd',
        beneficiaryAddress: '1 Bank Street, London',
        bankName: 'Barclays USD',
        iban: 'GB33 BUKB 2020 1555 5555 55',
        bic: 'BUKBGB22',
        currency: 'USD',
      })
    ).id;
  });

  it('refuses a withdrawal request, a cash entry and a booking on a frozen entity, each with a message, and keeps pending requests pending', async () => {
    const pending = await withdraw();
    expect(pending.statusCode).toBe(200);
    const frozen = await freeze(client);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().freeze).toMatchObject({
      entityId: client,
      entityName: clientName,
      by: opsUser.username,
      reason: 'Sanctions screening hit',
    });
    const before = (
      await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`)
    ).rows[0]!.n;

    const request = await withdraw();
    expect(request.statusCode).toBe(409);
    expect(request.json()).toMatchObject({ status: 409, message: FROZEN(clientName) });

    const entry = await deposit();
    expect(entry.statusCode).toBe(409);
    expect(entry.json().message).toBe(FROZEN(clientName));

    // A trade books through the same path (ledger.book with the trader as principal).
    const trade = t.services.ledger.book(t.database.db, {
      who: actingAs(broker, opsUser),
      kind: 'TRADE',
      legs: [
        { accountId: account, asset: 'USD', amount: '-1.00' },
        { accountId: account, asset: 'USD', amount: '1.00' },
      ],
    });
    await expect(trade).rejects.toMatchObject({ status: 409, message: FROZEN(clientName) });

    // Approving the request pending from before the freeze would move money: it stays pending.
    const approve = await checker.post('/api/requests/status/update', {
      entityId: client,
      requestId: pending.json().id,
      status: 'APPROVED',
    });
    expect(approve.statusCode).toBe(409);
    const still = await maker.post('/api/requests/list', { entityId: client, limit: 50 });
    expect(still.json().items.find((r: { id: number }) => r.id === pending.json().id).status).toBe('PENDING');
    const after = (
      await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`)
    ).rows[0]!.n;
    expect(after).toBe(before);

    const lifted = await unfreeze(client);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().freeze).toBeNull();
    expect((await deposit()).statusCode).toBe(200);
  });

  it('holds the whole subtree and shows it on the forest (the banner reads it), refusing to lift it below where it was set', async () => {
    expect((await freeze(client)).statusCode).toBe(200);
    const node = (nodes: { entityId: number; frozen: boolean; children: unknown[] }[], id: number): unknown =>
      nodes.flatMap((n) => (n.entityId === id ? [n] : [node(n.children as never, id)])).find(Boolean);
    const forest = (await ops.get('/api/entity')).json();
    expect(node(forest, broker)).toMatchObject({ frozen: false });
    expect(node(forest, client)).toMatchObject({ frozen: true });
    expect(node(forest, sub)).toMatchObject({ frozen: true });
    const view = await ops.post('/api/entity/view', { entityId: sub });
    expect(view.json().freeze).toMatchObject({ entityId: client, entityName: clientName });

    const below = await unfreeze(sub);
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(`This entity is held by the freeze of ${clientName}; lift it there`);
    expect((await freeze(client)).json().message).toBe('This entity is frozen already');
    expect((await unfreeze(client)).statusCode).toBe(200);
  });

  it('needs system_management (403) and audits the freeze and its lifting with the reasons', async () => {
    const refused = await freeze(client, 'x', maker);
    expect([403, 404]).toContain(refused.statusCode);
    expect((await freeze(client, 'Court order')).statusCode).toBe(200);
    expect((await unfreeze(client, 'Order lifted')).statusCode).toBe(200);
    const audit = await t.database.db.execute<{ action: string; details: { reason: string } }>(
      sql`select action, details from audit_events where target = ${String(client)}
          and action in ('entity.freeze', 'entity.unfreeze') order by id desc limit 2`,
    );
    expect(audit.rows.map((r) => [r.action, r.details.reason])).toEqual([
      ['entity.unfreeze', 'Order lifted'],
      ['entity.freeze', 'Court order'],
    ]);
  });
});
