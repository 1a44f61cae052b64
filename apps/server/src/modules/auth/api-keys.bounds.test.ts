import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, keyExpiry, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { allowListWithin, cidrWithin } from './api-keys.bounds';

describe('an allow-list within another', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1/32', true],
    ['127.0.0.1/32', '127.0.0.0/8', true],
    ['10.1.2.0/24', '10.1.0.0/16', true],
    ['10.1.0.0/16', '10.1.2.0/24', false],
    ['10.2.0.0/24', '10.1.0.0/16', false],
    ['0.0.0.0/0', '127.0.0.1/32', false],
    ['2001:db8::/48', '2001:db8::/32', true],
    ['::ffff:127.0.0.1', '127.0.0.1/32', false],
    ['127.0.0.1', '::/0', false],
  ])('%s within %s: %s', (inner, outer, within) => {
    expect(cidrWithin(inner, outer)).toBe(within);
  });

  it('treats an empty list as every address', () => {
    expect(allowListWithin([], [])).toBe(true);
    expect(allowListWithin(['203.0.113.0/24'], [])).toBe(true);
    expect(allowListWithin([], ['127.0.0.1/32'])).toBe(false);
    expect(allowListWithin(['127.0.0.1', '10.0.0.1'], ['127.0.0.1/32'])).toBe(false);
  });
});

/** Issue 38 item 4: keys no broader than their maker; a user's key always expires, within the maximum. */
describe('API keys no broader than their maker', () => {
  const t = useTestApp({ API_KEY_MAX_DAYS: '365' });
  let root = 0;
  let admin: Agent;
  let limited = '';
  let limitedId = '';

  const create = (body: Record<string, unknown>) =>
    admin.post('/api/user-management/api-keys/create', { entityId: root, name: uniqueName('Key '), ...body });
  const asKey = (
    key: string,
    url: string,
    payload: Record<string, unknown>,
    method: 'POST' | 'PUT' = 'POST',
  ) => t.app.inject({ method, url, headers: { 'x-api-key': key }, payload, remoteAddress: '127.0.0.1' });
  const keyCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from api_keys`)).rows[0]!.n;

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    const a = await signedInUser(t, root);
    await grant(t, a.user.id, root);
    admin = a.agent;
    // A key limited to 127.0.0.1 and expiring today, allowed to administer keys.
    const made = await create({ allowedCidrs: ['127.0.0.1/32'], expiresOn: keyExpiry(0) });
    expect(made.statusCode).toBe(200);
    limited = made.json().key;
    limitedId = made.json().apiKey.id;
    await t.services.authorization.grantDirect(
      t.database.db,
      { kind: 'apiKey', id: limitedId },
      root,
      ['authorization_management', 'account_view'],
      'SELF',
    );
  });

  it.each([
    ['no allow-list', { expiresOn: keyExpiry(0) }, 403],
    ['a broader allow-list', { expiresOn: keyExpiry(0), allowedCidrs: ['127.0.0.0/8'] }, 403],
    ['an address beside its own', { expiresOn: keyExpiry(0), allowedCidrs: ['127.0.0.1', '10.0.0.1'] }, 403],
    ['a later expiry', { expiresOn: keyExpiry(1), allowedCidrs: ['127.0.0.1'] }, 403],
    ['no expiry', { allowedCidrs: ['127.0.0.1'] }, 400],
  ])('refuses a key made by a key with %s, and makes none', async (_, body, status) => {
    const before = await keyCount();
    const res = await asKey(limited, '/api/user-management/api-keys/create', {
      entityId: root,
      name: uniqueName('Child '),
      ...body,
    });
    expect(res.statusCode).toBe(status);
    expect(await keyCount()).toBe(before);
  });

  it('makes a key by a key within its maker’s allow-list and expiry', async () => {
    const res = await asKey(limited, '/api/user-management/api-keys/create', {
      entityId: root,
      name: uniqueName('Child '),
      expiresOn: keyExpiry(0),
      allowedCidrs: ['127.0.0.1'],
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a key widening another key, or lengthening its own life, beyond itself', async () => {
    const other = (await create({ expiresOn: keyExpiry(0), allowedCidrs: ['127.0.0.1'] })).json().apiKey.id;
    const widen = await asKey(
      limited,
      '/api/user-management/api-keys/update',
      { entityId: root, apiKeyId: other, allowedCidrs: [] },
      'PUT',
    );
    expect(widen.statusCode).toBe(403);
    const longer = await asKey(
      limited,
      '/api/user-management/api-keys/update',
      { entityId: root, apiKeyId: limitedId, expiresOn: keyExpiry(30) },
      'PUT',
    );
    expect(longer.statusCode).toBe(403);
    const row = await t.database.db.execute<{ cidrs: string[]; day: string }>(
      sql`select allowed_cidrs as cidrs, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD') as day from api_keys where id in (${other}, ${limitedId}) order by id = ${limitedId}`,
    );
    expect(row.rows).toEqual([
      { cidrs: ['127.0.0.1'], day: keyExpiry(0) },
      { cidrs: ['127.0.0.1/32'], day: keyExpiry(0) },
    ]);
  });

  it('refuses a user’s key without an expiry or beyond the maximum (400, named on the field)', async () => {
    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['expiresOn']);
    const far = await create({ expiresOn: keyExpiry(366) });
    expect([far.statusCode, far.json().errors.expiresOn]).toEqual([
      400,
      `An API key works at most 365 days: pick a day until ${keyExpiry(365)}`,
    ]);
    const past = await create({ expiresOn: keyExpiry(-1) });
    expect(past.statusCode).toBe(400);
    expect((await create({ expiresOn: keyExpiry(365) })).statusCode).toBe(200);
  });

  it('holds an update to the same bounds', async () => {
    const id = (await create({ expiresOn: keyExpiry(10) })).json().apiKey.id;
    const update = (body: Record<string, unknown>) =>
      admin.put('/api/user-management/api-keys/update', { entityId: root, apiKeyId: id, ...body });
    expect((await update({ expiresOn: keyExpiry(400) })).statusCode).toBe(400);
    expect((await update({ expiresOn: null })).statusCode).toBe(400);
    expect((await update({ expiresOn: keyExpiry(20) })).json().expiresAt).toContain(keyExpiry(20));
  });
});
