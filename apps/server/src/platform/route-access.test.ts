import {
  type Endpoint,
  entityLocationOf,
  isPlatformWide,
  toRoutePattern,
} from '@clearway/contracts/endpoint';
import { OBJECT_KINDS } from '@clearway/contracts/objects';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import { buildWorld, callOn, implemented, sampleFor, type World, withObject } from '../test/route-world';
import { useTestApp } from '../test/test-app';

/**
 * The call with input of the wrong shape: a body that is a list instead of an object, or
 * every query field (the acting entity's too) not a number where one may be.
 */
function callMalformed(agent: Agent, e: Endpoint, entityId: number) {
  const path = toRoutePattern(e.path).replace(/:(\w+)/g, () => String(entityId));
  if (e.method === 'GET')
    return agent.call({ method: e.method, url: `/api${path}?entityId=not-a-number&id=x` });
  return agent.call({
    method: e.method,
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', 'idempotency-key': `walk-${crypto.randomUUID()}` },
    payload: '[1, 2, 3]',
  });
}

describe('every implemented route is guarded by its contract row', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  const w = {} as World;
  /** The agent with the keys for a row: a platform-wide row needs them at the root. */
  const holderOf = (e: Endpoint) => (isPlatformWide(e) ? w.rootAdmin : w.admin);

  beforeAll(async () => {
    Object.assign(w, await buildWorld(t));
  });

  /** The rows of the tables a call could write to: a refused call leaves them as they were. */
  const tables = [
    'audit_events',
    'ledger_transactions',
    'requests',
    'idempotency_keys',
    'entities',
    'accounts',
  ];
  const counts = async () =>
    Promise.all(
      tables.map(
        async (table) =>
          (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))
            .rows[0]!.n,
      ),
    );

  it('has a valid sample call for every route with permission keys', () => {
    const missing = implemented(t)
      .filter((e) => e.permissions && !sampleFor(e))
      .map((e) => e.id);
    expect(missing).toEqual([]);
  });

  it('answers 403 to a caller without the keys', async () => {
    for (const e of implemented(t).filter((r) => r.permissions)) {
      const res = await callOn(w.noKeys, e, w.a, await sampleFor(e)!(w));
      expect([e.id, res.statusCode]).toEqual([e.id, 403]);
    }
  });

  it('answers 404 for an entity outside the caller’s tree, leaking nothing', async () => {
    for (const e of implemented(t).filter((r) => entityLocationOf(r).in !== 'home')) {
      const res = await callOn(w.admin, e, w.b, e.permissions ? await sampleFor(e)!(w) : {});
      expect([e.id, res.statusCode]).toEqual([e.id, 404]);
      expect(res.json()).toEqual({ status: 404, title: 'Resource Not Found', message: expect.any(String) });
    }
  });

  /** Every object id a contract row declares, with the kind of object it names. */
  const declaredObjects = () =>
    implemented(t).flatMap((e) =>
      Object.entries(e.objects ?? {}).map(([field, kind]) => ({ e, field, kind })),
    );

  it('has an object of another tree for every kind of object a contract row declares', () => {
    const kinds = [...new Set(declaredObjects().map((d) => d.kind))];
    expect(kinds).toEqual(
      expect.arrayContaining(['account', 'request', 'wallet', 'bankInfo', 'cashEntry', 'fileProof']),
    );
    expect(kinds.filter((k) => !w.foreign[k])).toEqual([]);
  });

  it('answers 404 to a declared object id naming an object outside the acting entity’s tree', async () => {
    for (const { e, field, kind } of declaredObjects()) {
      const foreign = await w.foreign[kind]!();
      const res = await callOn(holderOf(e), e, w.a, withObject(await sampleFor(e)!(w), field, foreign));
      expect([e.id, field, res.statusCode]).toEqual([e.id, field, 404]);
      expect(res.json()).toEqual({
        status: 404,
        title: 'Resource Not Found',
        message: `${OBJECT_KINDS[kind]} not found`,
      });
    }
  });

  it('answers 400 with a title and message to a malformed call, and writes nothing', async () => {
    const before = await counts();
    for (const e of implemented(t).filter((r) => r.body || r.query)) {
      const res = await callMalformed(holderOf(e), e, w.a);
      expect([e.id, res.statusCode]).toEqual([e.id, 400]);
      expect(res.json()).toMatchObject({
        status: 400,
        title: 'Invalid Request',
        message: expect.any(String),
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a money-moving row without an Idempotency-Key (400) before its handler runs, writing nothing', async () => {
    const moving = implemented(t).filter((e) => e.idempotent);
    expect(moving.map((e) => e.id)).toEqual(
      expect.arrayContaining(['cashEntry.deposit', 'requests.withdrawalFiat']),
    );
    // Samples may book what they act on (a reversal needs its entry): made before counting.
    const samples = [];
    for (const e of moving) samples.push(await sampleFor(e)!(w));
    const before = await counts();
    for (const [i, e] of moving.entries()) {
      const res = await callOn(holderOf(e), e, w.a, samples[i]!, { idempotencyKey: false });
      expect([e.id, res.statusCode]).toEqual([e.id, 400]);
      expect(res.json()).toMatchObject({ status: 400, errors: { 'Idempotency-Key': expect.any(String) } });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 2xx to a caller with the keys', async () => {
    for (const e of implemented(t).filter((r) => r.permissions)) {
      const res = await callOn(holderOf(e), e, w.a, await sampleFor(e)!(w));
      expect([e.id, res.statusCode < 300]).toEqual([e.id, true]);
    }
  });

  it('answers 403 to a platform-wide row for a caller holding its keys only below the root', async () => {
    const platformWide = implemented(t).filter(isPlatformWide);
    expect(platformWide.map((e) => e.id)).toEqual(
      expect.arrayContaining(['platform.setMaintenance', 'vasps.update', 'instruments.setRate']),
    );
    for (const e of platformWide) {
      const res = await callOn(w.admin, e, w.a, await sampleFor(e)!(w));
      expect([e.id, res.statusCode]).toEqual([e.id, 403]);
      expect(res.json()).toEqual({ status: 403, title: 'Access Denied', message: expect.any(String) });
    }
  });
});
