import type { TRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { REJECTION_NEEDS_REASON } from '@clearway/contracts/endpoints/requests.schemas';
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
import { clientAccount, fund } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';

type Page = { items: TRequestItem[]; total: number };

describe('the approvals inbox: everything waiting for the caller’s decision', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  let broker = 0;
  let client = 0;
  let clientName = '';
  let account = 0;
  let brokerAccount = 0;
  let other = 0;
  let requester: Agent;
  let requesterId = '';
  /** Approves every type, for the entities below the broker only. */
  let checker: Agent;
  /** Approves whitelisting only. */
  let whitelister: Agent;
  /** Both makes and approves requests (ops staff holding every key). */
  let maker: Agent;
  let makerId = '';
  let viewer: Agent;
  let brokerStaff: Agent;

  const key = () => ({ headers: { 'idempotency-key': crypto.randomUUID() } });
  const inbox = async (a: Agent, body: object = {}, entityId = broker): Promise<Page> => {
    const res = await a.post('/api/requests/inbox', { entityId, limit: 100, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (p: Page) => p.items.map((r) => r.id);
  const deposit = async (
    a: Agent,
    reference = uniqueName('wire '),
    accountId = account,
    entityId = client,
  ) => {
    const res = await a.post(
      '/api/requests/deposit/fiat',
      { entityId, accountId, asset: 'USD', amount: '125.50', reference },
      key(),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number };
  };
  const walletRequest = async (a: Agent) => {
    const res = await a.post('/api/whitelist/wallet/create', {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: uniqueName('Cold '),
      digitalAssets: ['ETH'],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number };
  };
  const decide = (a: Agent, requestId: number, status: string, reason?: string) =>
    a.post('/api/requests/status/update', { entityId: client, requestId, status, reason });

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    clientName = uniqueName('Client ');
    client = (await createEntity(t, clientName, broker)).id;
    other = (await createEntity(t, uniqueName('Elsewhere '))).id;
    account = await clientAccount(t.database.db, client, 'Settlement');
    brokerAccount = await clientAccount(t.database.db, broker, 'House');
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_deposit', 'request_withdrawal', 'request_whitelist'], 'SELF');
    requester = r.agent;
    requesterId = r.user.id;
    const c = await signedInUser(t, broker);
    await grant(
      t,
      c.user.id,
      broker,
      ['approve_deposit', 'approve_withdrawal', 'approve_whitelist'],
      'DESCENDANTS',
    );
    checker = c.agent;
    const w = await signedInUser(t, broker);
    await grant(t, w.user.id, broker, ['approve_whitelist', 'account_view'], 'SELF_AND_DESCENDANTS');
    whitelister = w.agent;
    const m = await signedInUser(t, broker);
    await grant(t, m.user.id, broker);
    maker = m.agent;
    makerId = m.user.id;
    const v = await signedInUser(t, client);
    await grant(t, v.user.id, client, ['account_view'], 'SELF');
    viewer = v.agent;
    const s = await signedInUser(t, broker);
    await grant(t, s.user.id, broker, ['request_deposit'], 'SELF');
    brokerStaff = s.agent;
  });

  it('lists money and whitelisting requests waiting below the selected entity, each with its entity, account, amount, reference, requester, proof and approvals given and needed', async () => {
    const dep = await deposit(requester, 'wire 2026-001');
    const proof = await requester.call({
      method: 'POST',
      url: `/api/requests/${dep.id}/file-proof?entityId=${client}`,
      ...multipartBody([{ name: 'file', filename: 'wire.pdf', type: 'application/pdf', data: PDF_BYTES }]),
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const wallet = await walletRequest(requester);

    const page = await inbox(checker);
    const money = page.items.find((r) => r.id === dep.id);
    expect(money).toMatchObject({
      type: 'DEPOSIT',
      status: 'PENDING',
      entityId: client,
      entityName: clientName,
      accountName: 'Settlement',
      payload: { accountId: account, asset: 'USD', amount: '125.5', reference: 'wire 2026-001' },
      requester: { kind: 'user', id: requesterId },
      proof: { mime: 'application/pdf', size: PDF_BYTES.length },
      transactionHash: null,
      postedAt: null,
      approvals: [],
      requiredApprovals: 1,
    });
    expect(money?.history.map((h) => [h.from, h.to])).toEqual([[null, 'PENDING']]);
    expect(page.items.find((r) => r.id === wallet.id)).toMatchObject({
      type: 'WALLET ADDRESS',
      entityName: clientName,
      accountName: null,
      proof: null,
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('lists only the types whose approve key the caller holds where the request is: a whitelist approver sees whitelisting alone', async () => {
    const dep = await deposit(requester);
    const wallet = await walletRequest(requester);
    const seen = ids(await inbox(whitelister));
    expect(seen).toContain(wallet.id);
    expect(seen).not.toContain(dep.id);
    // The checker's keys cover the entities below the broker, not the broker itself.
    const own = await deposit(brokerStaff, uniqueName('house '), brokerAccount, broker);
    expect(ids(await inbox(checker))).not.toContain(own.id);
    expect(ids(await inbox(maker))).toContain(own.id);
    // Selecting the client itself, its own requests are there too.
    expect(ids(await inbox(checker, {}, client))).toEqual(expect.arrayContaining([dep.id, wallet.id]));
  });

  it('never lists a request the caller made, by any of its credentials, nor one it approved already; the next approver still finds it', async () => {
    const mine = await deposit(maker);
    expect(ids(await inbox(maker))).not.toContain(mine.id);
    expect(ids(await inbox(checker))).toContain(mine.id);

    // An API key the maker created is the maker: its requests are the maker's own.
    const { id: keyId, key: apiKey } = await t.services.auth.tokens.createApiKey({
      name: uniqueName('bot '),
      homeEntityId: client,
      createdBy: makerId,
    });
    await t.services.authorization.grantDirect(
      t.database.db,
      { kind: 'apiKey', id: keyId },
      client,
      ['request_deposit'],
      'SELF',
    );
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/requests/deposit/fiat',
      payload: {
        entityId: client,
        accountId: account,
        asset: 'USD',
        amount: '3.00',
        reference: uniqueName('k '),
      },
      headers: { 'x-api-key': apiKey, 'idempotency-key': crypto.randomUUID() },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(ids(await inbox(maker))).not.toContain(byKey.json().id);

    // Two approvers needed: once the checker has approved, it waits for someone else.
    const policy = await maker.put('/api/requests/approval-policies', {
      entityId: client,
      requestType: 'WITHDRAWAL',
      requiredApprovals: 2,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const wallet = await t.services.wallets.createDirect(actingAs(client), {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Payout',
      digitalAssets: ['ETH'],
      walletType: 'Unknown',
    });
    await fund(t.database.db, account, 'ETH', '5');
    const withdrawal = await requester.post(
      '/api/requests/withdrawal/crypto',
      { entityId: client, accountId: account, walletId: wallet.id, asset: 'ETH', amount: '1.5' },
      key(),
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const id = withdrawal.json().id;
    expect((await decide(checker, id, 'APPROVED')).json().status).toBe('PENDING');
    expect(ids(await inbox(checker))).not.toContain(id);
    const waiting = (await inbox(maker)).items.find((r) => r.id === id);
    expect(waiting).toMatchObject({ requiredApprovals: 2, approvals: [{ kind: 'user' }] });
  });

  it('filters by kind, type and a search (request number, requester, entity, reference), and pages oldest first with the total', async () => {
    const reference = uniqueName('needle-');
    const a = await deposit(requester, reference);
    const b = await deposit(requester);
    const wallet = await walletRequest(requester);

    expect(ids(await inbox(checker, { search: reference }))).toEqual([a.id]);
    expect(ids(await inbox(checker, { search: `#${b.id}` }))).toEqual([b.id]);
    expect(ids(await inbox(checker, { search: clientName }))).toEqual(expect.arrayContaining([a.id, b.id]));
    // A pattern character is taken as itself, not as "anything".
    expect((await inbox(checker, { search: '%' })).items).toEqual([]);

    const whitelisting = await inbox(checker, { kind: 'whitelist', limit: 100 });
    expect(ids(whitelisting)).toContain(wallet.id);
    expect(
      whitelisting.items.every((r) => !['DEPOSIT', 'WITHDRAWAL', 'INTERNAL TRANSFER'].includes(r.type)),
    ).toBe(true);
    expect(ids(await inbox(checker, { type: 'DEPOSIT', limit: 100 }))).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    expect(ids(await inbox(checker, { type: 'DEPOSIT', limit: 100 }))).not.toContain(wallet.id);

    const all = await inbox(checker, { limit: 100 });
    const created = all.items.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort());
    const first = await inbox(checker, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(all.total);
    expect(ids(await inbox(checker, { limit: 1, offset: 1 }))).toEqual([all.items[1]!.id]);
    expect(ids(await inbox(checker, { limit: 1, direction: 'desc' }))).toEqual([all.items.at(-1)!.id]);
  });

  it.each([
    ['an unknown kind', { kind: 'everything' }],
    ['a page of none', { limit: 0 }],
    ['a page beyond 100', { limit: 101 }],
    ['a control character in the search', { search: 'a\u0000b' }],
    ['an unknown field', { status: 'PENDING' }],
  ])('refuses %s with 400 in the section 8 shape', async (_what, body) => {
    const res = await checker.post('/api/requests/inbox', { entityId: broker, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: expect.any(String), message: expect.any(String) });
  });

  it('answers 403 to a caller without an approve key, and 404 for an entity outside its tree', async () => {
    const refused = await requester.post('/api/requests/inbox', { entityId: client });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, title: 'Access Denied' });
    expect((await checker.post('/api/requests/inbox', { entityId: other })).statusCode).toBe(404);
  });

  describe('one request, for its drawer', () => {
    const view = (a: Agent, requestId: number | string, entityId = client) =>
      a.post('/api/requests/view', { entityId, requestId });

    it('shows the request with its facts, and whether the caller may decide it: its approver may, its requester may not', async () => {
      const dep = await deposit(requester, 'drawer');
      const forChecker = await view(checker, dep.id);
      expect(forChecker.statusCode, forChecker.body).toBe(200);
      expect(forChecker.json()).toMatchObject({
        decidable: true,
        request: { id: dep.id, entityName: clientName, accountName: 'Settlement', proof: null },
      });
      expect((await view(requester, dep.id)).json()).toMatchObject({ decidable: false });
      // Once decided, nobody may decide it again.
      expect((await decide(checker, dep.id, 'APPROVED')).statusCode).toBe(200);
      expect((await view(checker, dep.id)).json()).toMatchObject({
        decidable: false,
        request: { status: 'COMPLETED' },
      });
    });

    it('answers 404 for a request of another tree, 403 without request or approve keys, and 400 for a malformed id', async () => {
      const elsewhere = await signedInUser(t, other);
      await grant(t, elsewhere.user.id, other);
      const foreign = await deposit(
        elsewhere.agent,
        'foreign',
        await clientAccount(t.database.db, other, 'Theirs'),
        other,
      );
      expect((await view(checker, foreign.id)).statusCode).toBe(404);
      const dep = await deposit(requester);
      const refused = await view(viewer, dep.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, title: 'Access Denied' });
      const malformed = await view(checker, 'twelve');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ status: 400, errors: { requestId: expect.any(String) } });
    });
  });

  describe('deciding', () => {
    it('refuses a rejection without a reason (400 naming the field), changing nothing; with one, the requester is told', async () => {
      const dep = await deposit(requester);
      for (const reason of [undefined, '   ']) {
        const res = await decide(checker, dep.id, 'REJECTED', reason);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 400, errors: { reason: REJECTION_NEEDS_REASON } });
      }
      // The engine holds the same rule for callers that do not come through HTTP.
      await expect(
        t.services.requestEngine.move(actingAs(client), dep.id, 'REJECTED', null),
      ).rejects.toMatchObject({ status: 400 });
      expect(ids(await inbox(checker))).toContain(dep.id);

      const rejected = await decide(checker, dep.id, 'REJECTED', 'No funds received');
      expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
      const told = (await requester.post('/api/notifications/list', {})).json().items[0];
      expect(told).toMatchObject({
        title: `Request #${dep.id} rejected`,
        link: `/deposit-and-withdrawals/requests?request=${dep.id}`,
      });
    });
  });
});
