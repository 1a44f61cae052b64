import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';
import { walletsAwaitingType } from '@clearway/contracts/networks';
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
import { useTestApp } from '../../test/test-app';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const XRP = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

describe('wallet whitelisting', () => {
  const t = useTestApp();
  let broker = 0;
  let client = 0;
  let otherClient = 0;
  let requester: Agent;
  let approver: Agent;
  let approverId = '';
  let outsider: Agent;
  const count = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from wallets`)).rows[0]!.n;
  const requestsCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from requests`)).rows[0]!.n;

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    otherClient = (await createEntity(t, uniqueName('Other '))).id;
    const r = await signedInUser(t, client);
    await grant(t, r.user.id, client, ['request_whitelist', 'account_view'], 'SELF');
    requester = r.agent;
    const a = await signedInUser(t, broker);
    await grant(t, a.user.id, broker, ['approve_whitelist', 'request_whitelist', 'account_view']);
    approver = a.agent;
    approverId = a.user.id;
    const o = await signedInUser(t, otherClient);
    await grant(t, o.user.id, otherClient, ['request_whitelist', 'approve_whitelist', 'account_view']);
    outsider = o.agent;
  });

  const ask = (a: Agent, body: Record<string, unknown>) =>
    a.post('/api/whitelist/wallet/create', { entityId: client, ...body });

  it('whitelists a wallet once a broker approver approves the client’s request; the client cannot approve it', async () => {
    const req = await ask(requester, {
      network: 'BTC',
      address: BTC,
      friendlyName: 'Cold storage',
      digitalAssets: ['BTC'],
    });
    expect(req.statusCode).toBe(200);
    expect(req.json()).toMatchObject({
      type: 'WALLET ADDRESS',
      status: 'PENDING',
      payload: { address: BTC, network: 'BTC' },
    });
    const id = req.json().id;
    expect(
      (
        await requester.post('/api/requests/status/update', {
          entityId: client,
          requestId: id,
          status: 'APPROVED',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await approver.post('/api/requests/status/update', {
          entityId: client,
          requestId: id,
          status: 'APPROVED',
        })
      ).json().status,
    ).toBe('APPROVED');

    const list = (await requester.post('/api/wallet', { entityId: client })).json();
    const w = list.find((x: { address: string }) => x.address === BTC);
    expect(w).toMatchObject({
      friendlyName: 'Cold storage',
      type: 'Unknown',
      status: 'ACTIVE',
      active: true,
    });
    // Inside its 24-hour cool-down, the wallet is not yet usable, and says when it will be.
    expect(w.usable).toBe(false);
    expect(new Date(w.usableFrom).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const workflows = (await approver.post('/api/whitelist/workflows', { entityId: broker })).json();
    expect(workflows.items.map((x: { id: number }) => x.id)).toContain(id);

    // The approval's effect is audited: who approved, on the client's entity, naming the request.
    const audit = await t.database.db.execute<Record<string, unknown>>(
      sql`select actor_id, acting_entity_id, details from audit_events where action = 'wallet.whitelist' and target = ${String(w.id)}`,
    );
    expect(audit.rows).toEqual([
      { actor_id: approverId, acting_entity_id: client, details: { requestId: id } },
    ]);
  });

  it.each([
    [
      'a wrong checksum',
      { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', digitalAssets: ['BTC'] },
      'address',
    ],
    ['an address of another network', { network: 'ETH', address: BTC, digitalAssets: ['ETH'] }, 'address'],
    [
      'an asset the network does not carry',
      { network: 'BTC', address: BTC, digitalAssets: ['ETH'] },
      'digitalAssets',
    ],
    [
      'an XRP address without its destination tag',
      { network: 'XRP', address: XRP, digitalAssets: ['XRP'] },
      'tagMemo',
    ],
    [
      'an EIP-55 address with a broken checksum',
      { network: 'ETH', address: '0x52908400098527886e0F7030069857D2E4169EE7', digitalAssets: ['ETH'] },
      'address',
    ],
  ])('rejects %s with 400 and a field message, storing nothing', async (_, body, field) => {
    const [w, r] = [await count(), await requestsCount()];
    const res = await ask(requester, { friendlyName: 'Bad', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect([await count(), await requestsCount()]).toEqual([w, r]);
  });

  it('accepts an XRP address with its destination tag', async () => {
    const res = await ask(requester, {
      network: 'XRP',
      address: XRP,
      tagMemo: '104729',
      friendlyName: 'Exchange',
      digitalAssets: ['XRP'],
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets clients edit only the friendly name and tag/memo', async () => {
    const w = await t.services.wallets.createDirect(actingAs(client), {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Ops',
      digitalAssets: ['ETH'],
      walletType: 'Unknown',
    });
    const ok = await requester.post('/api/wallet/update', {
      entityId: client,
      walletId: w.id,
      friendlyName: 'Ops hot wallet',
    });
    expect(ok.json().friendlyName).toBe('Ops hot wallet');
    const sneaky = await requester.post('/api/wallet/update', {
      entityId: client,
      walletId: w.id,
      address: randomEthAddress(),
    });
    expect(sneaky.statusCode).toBe(400);
  });

  it('offers exactly the eligible wallets for a type update, by friendly name, and refuses others', async () => {
    const list: TWallet[] = (await requester.post('/api/wallet', { entityId: client })).json();
    const eligible = walletsAwaitingType(list);
    expect(eligible.every((w) => w.type === 'Unknown' && w.active && w.status === 'ACTIVE')).toBe(true);
    expect(eligible.map((w) => w.friendlyName)).toEqual(
      [...eligible.map((w) => w.friendlyName)].sort((a, b) => a.localeCompare(b)),
    );
    const target = eligible[0]!;
    const set = await requester.call({
      method: 'PATCH',
      url: '/api/wallet/update/type',
      payload: { entityId: client, walletId: target.id, walletType: 'Private Hardware Wallet' },
    });
    expect(set.json().type).toBe('Private Hardware Wallet');
    const again = await requester.call({
      method: 'PATCH',
      url: '/api/wallet/update/type',
      payload: { entityId: client, walletId: target.id, walletType: 'Private DeFi Wallet' },
    });
    expect(again.statusCode).toBe(409);
    expect(
      walletsAwaitingType([
        { type: 'Unknown', active: true, status: 'ACTIVE', friendlyName: 'b' },
        { type: 'Unknown', active: false, status: 'ACTIVE', friendlyName: 'a' },
        { type: 'Unknown', active: true, status: 'ACTIVE', friendlyName: 'a' },
      ]),
    ).toEqual([
      { type: 'Unknown', active: true, status: 'ACTIVE', friendlyName: 'a' },
      { type: 'Unknown', active: true, status: 'ACTIVE', friendlyName: 'b' },
    ]);
  });

  it('keeps another entity’s wallets out of reach (404) and search within the caller’s children', async () => {
    expect((await outsider.post('/api/wallet', { entityId: client })).statusCode).toBe(404);
    const [mine] = (await requester.post('/api/wallet', { entityId: client })).json();
    expect(
      (
        await outsider.post('/api/wallet/update', {
          entityId: otherClient,
          walletId: mine.id,
          friendlyName: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const found = (await approver.post('/api/wallet/search', { entityId: broker, query: '' })).json();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((w: { entityId: number }) => w.entityId === client)).toBe(true);
    expect((await outsider.post('/api/wallet/search', { entityId: otherClient, query: '' })).json()).toEqual(
      [],
    );
  });

  it('requires a VASP for a regulated custodian wallet and refuses to delete a VASP in use', async () => {
    const missing = await ask(requester, {
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Custody',
      digitalAssets: ['ETH'],
      walletType: 'Regulated Custodian Wallet',
    });
    expect(missing.json().errors).toHaveProperty('vaspId');
    const vasp = (
      await approver.post('/api/vasps/create', {
        name: uniqueName('Vault '),
        jurisdiction: 'CH',
        lei: '5493001KJTIIGC8Y1R12',
      })
    ).json();
    const direct = await approver.post('/api/wallet/create', {
      entityId: client,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Custody',
      digitalAssets: ['ETH'],
      walletType: 'Regulated Custodian Wallet',
      vaspId: vasp.id,
    });
    expect(direct.statusCode).toBe(200);
    expect(
      (await approver.call({ method: 'DELETE', url: '/api/vasps/delete', payload: { vaspId: vasp.id } }))
        .statusCode,
    ).toBe(409);
  });

  it('whitelists only after two distinct approvers under a 2-approver policy', async () => {
    const second = await signedInUser(t, broker);
    await grant(t, second.user.id, broker, ['approve_whitelist']);
    await t.services.requestEngine.policies.set({ principal: null }, client, 'WALLET ADDRESS', 2);
    try {
      const address = randomEthAddress();
      const req = (
        await ask(requester, { network: 'ETH', address, friendlyName: 'Two-key', digitalAssets: ['ETH'] })
      ).json();
      const has = async () =>
        (await requester.post('/api/wallet', { entityId: client }))
          .json()
          .some((w: { address: string }) => w.address === address);
      expect(
        (
          await approver.post('/api/requests/status/update', {
            entityId: client,
            requestId: req.id,
            status: 'APPROVED',
          })
        ).json().status,
      ).toBe('PENDING');
      expect(await has()).toBe(false);
      expect(
        (
          await second.agent.post('/api/requests/status/update', {
            entityId: client,
            requestId: req.id,
            status: 'APPROVED',
          })
        ).json().status,
      ).toBe('APPROVED');
      expect(await has()).toBe(true);
    } finally {
      await t.services.requestEngine.policies.set({ principal: null }, client, 'WALLET ADDRESS', null);
    }
  });

  it('changes a wallet’s destination only through an approved UPDATE WALLET request, restarting the cool-down', async () => {
    const [w] = (await requester.post('/api/wallet', { entityId: client })).json();
    const next = randomEthAddress();
    const req = (
      await ask(requester, {
        walletId: w.id,
        network: 'ETH',
        address: next,
        friendlyName: w.friendlyName,
        digitalAssets: ['ETH'],
      })
    ).json();
    expect(req.type).toBe('UPDATE WALLET');
    await approver.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'APPROVED',
    });
    const after = (await requester.post('/api/wallet', { entityId: client }))
      .json()
      .find((x: { id: number }) => x.id === w.id);
    expect(after).toMatchObject({ address: next, network: 'ETH', usable: false });
  });

  it('removes a wallet through a REMOVE WALLET request', async () => {
    const [first] = (await requester.post('/api/wallet', { entityId: client })).json();
    const req = (
      await requester.post('/api/requests/removal/wallets/delete', { entityId: client, walletId: first.id })
    ).json();
    expect(req.type).toBe('REMOVE WALLET');
    await approver.post('/api/requests/status/update', {
      entityId: client,
      requestId: req.id,
      status: 'APPROVED',
    });
    const after = (await requester.post('/api/wallet', { entityId: client, includeRemoved: true })).json();
    expect(after.find((w: { id: number }) => w.id === first.id)).toMatchObject({
      status: 'REMOVED',
      active: false,
      usable: false,
    });
  });
});

describe('wallet cool-down of 0 hours (demo setting)', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  it('makes a newly whitelisted wallet usable at once', async () => {
    const e = await createEntity(t);
    const w = await t.services.wallets.createDirect(actingAs(e.id), {
      entityId: e.id,
      network: 'ETH',
      address: randomEthAddress(),
      friendlyName: 'Now',
      digitalAssets: ['ETH'],
      walletType: 'Unknown',
    });
    expect(w.usable).toBe(true);
  });
});
