import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

const DETAILS = {
  beneficiaryName: 'Harbor Commodities GmbH',
  beneficiaryAddress: 'Hafenstraße 1, Hamburg',
  bankName: 'Deutsche Bank',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'DEUTDEFF',
  currency: 'EUR',
};

describe('bank account whitelisting', () => {
  const t = useTestApp();
  let client = 0;
  let requester: Agent;
  let approver: Agent;
  let outsider: Agent;
  const approve = (requestId: number) =>
    approver.post('/api/requests/status/update', { entityId: client, requestId, status: 'APPROVED' });

  beforeAll(async () => {
    const broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_whitelist', 'account_view'], 'SELF');
    requester = r.agent;
    const a = await signedInUser(t, broker);
    await grant(t, a.user.id, broker, ['approve_whitelist'], 'DESCENDANTS');
    approver = a.agent;
    const o = await signedInUser(t, (await createEntity(t)).id);
    outsider = o.agent;
  });

  it('whitelists, changes and removes a bank account through approved requests', async () => {
    const req = (
      await requester.post('/api/whitelist/bank-info/create', { entityId: client, ...DETAILS })
    ).json();
    expect(req).toMatchObject({
      type: 'BANK ACCOUNT',
      payload: { iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
    });
    await approve(req.id);
    const [account] = (await requester.post('/api/bank-info', { entityId: client })).json();
    expect(account).toMatchObject({ iban: 'DE89370400440532013000', currency: 'EUR', usable: false });

    const change = (
      await requester.post('/api/whitelist/bank-info/create', {
        entityId: client,
        bankInfoId: account.id,
        ...DETAILS,
        bankName: 'Deutsche Bank AG',
      })
    ).json();
    expect(change.type).toBe('UPDATE BANK ACCOUNT');
    await approve(change.id);
    expect((await requester.post('/api/bank-info', { entityId: client })).json()[0].bankName).toBe(
      'Deutsche Bank AG',
    );

    const removal = (
      await requester.post('/api/requests/removal/bank-info/delete', {
        entityId: client,
        bankInfoId: account.id,
      })
    ).json();
    expect(removal.type).toBe('REMOVE BANK ACCOUNT');
    await approve(removal.id);
    expect((await requester.post('/api/bank-info', { entityId: client })).json()).toEqual([]);
  });

  it.each([
    ['a bad IBAN checksum', { iban: 'DE00 3704 0044 0532 0130 00' }, 'iban'],
    ['a bad BIC', { bic: 'DEUT12FF' }, 'bic'],
    ['neither IBAN nor account number', { iban: undefined }, 'accountNumber'],
  ])('rejects %s with 400 and a field message, storing nothing', async (_, change, field) => {
    const before = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from requests`))
      .rows[0]!.n;
    const res = await requester.post('/api/whitelist/bank-info/create', {
      entityId: client,
      ...DETAILS,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from requests`)).rows[0]!.n,
    ).toBe(before);
  });

  it('keeps another entity’s bank accounts out of reach (404)', async () => {
    expect((await outsider.post('/api/bank-info', { entityId: client })).statusCode).toBe(404);
  });
});
