import {
  type Endpoint,
  entityLocationOf,
  isPlatformWide,
  toRoutePattern,
} from '@clearway/contracts/endpoint';
import { kindsOf, OBJECT_KINDS, type ObjectField, type ObjectKind } from '@clearway/contracts/objects';
import { schemaLeaves } from '@clearway/contracts/schema-fields';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import { uniqueName } from '../test/fixtures';
import { buildWorld, callOn, implemented, type Sample, sampleFor, type World } from '../test/route-world';
import { useTestApp } from '../test/test-app';

type Row = ReturnType<typeof implemented>[number];

/** A walk over every row makes hundreds of calls: on a busy machine, more than the default 30 s. */
const WALK_TIMEOUT = 300_000;

/** Field names that name a principal, a group, a role or a template by id. */
const NAMING = /^(userIds?|apiKeyIds?|groupIds?|roleIds?|approverGroupId|principalId|templateId)$/;
/** A principal reference's id (`members[].id`, `principal.id`): its parent names the principal. */
const PRINCIPAL_REFS = ['members', 'principal'];

/** The object field a schema leaf would be declared as (dotted, lists walked), or null when it names none. */
function namingField(path: (string | number)[]): string | null {
  const keys = path.filter((k): k is string => typeof k === 'string');
  const last = keys.at(-1) ?? '';
  if (NAMING.test(last)) return keys.join('.');
  if (last === 'id' && PRINCIPAL_REFS.includes(keys.at(-2) ?? '')) return keys.slice(0, -1).join('.');
  return null;
}

/**
 * Fields that look like they name one but are not objects of the call: a filter narrowing a
 * list names nothing it acts on, and a policy's approvers' group is refused by the policies
 * service as "no such group among yours" (400, group-visibility.test.ts), unknown and foreign alike.
 */
const NOT_OBJECTS = ['userManagement.list roleId', 'requests.setPolicy approverGroupId'];

const declares = (e: Row, field: string) => Object.hasOwn(e.objects ?? {}, field);

type Where = 'params' | 'body' | 'query';
/** Where a field's first step travels in a sample (the guard reads path, then body, then query). */
function whereIn(sample: Sample, field: string): Where | null {
  const head = field.split('.')[0]!;
  return (['params', 'body', 'query'] as const).find((k) => sample[k]?.[head] != null) ?? null;
}

/** Calls `visit` with each container holding the field's last step (lists walked). */
function eachContainer(
  node: unknown,
  path: string[],
  visit: (c: Record<string, unknown>, key: string) => void,
) {
  if (Array.isArray(node)) {
    for (const item of node) eachContainer(item, path, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (path.length === 1) visit(record, path[0]!);
  else eachContainer(record[path[0]!], path.slice(1), visit);
}

function carries(sample: Sample, field: string): boolean {
  const where = whereIn(sample, field);
  let found = false;
  if (where)
    eachContainer(sample[where], field.split('.'), (c, key) => {
      const v = c[key];
      found ||= v != null && (!Array.isArray(v) || v.length > 0);
    });
  return found;
}

/** The sample with every object in `field` replaced by object `id` of `kind`. */
function withObjectAt(
  sample: Sample,
  field: string,
  what: ObjectField,
  kind: ObjectKind,
  id: number | string,
) {
  const copy = structuredClone(sample);
  // An optional top-level field the sample leaves out is added to the body.
  const where = whereIn(copy, field) ?? 'body';
  copy[where] ??= {};
  const value = what === 'principal' ? { kind, id } : where === 'params' ? Number(id) : id;
  eachContainer(copy[where], field.split('.'), (c, key) => {
    c[key] = Array.isArray(c[key]) ? (c[key] as unknown[]).map(() => value) : value;
    if (typeof what === 'object') c[what.kindAt] = kind;
  });
  return copy;
}

/** An id of the same type as `id` that names nothing. */
const unknownLike = (id: number | string) => (typeof id === 'string' ? crypto.randomUUID() : 2_147_483_000);

async function made(agent: Agent, url: string, body: Record<string, unknown>) {
  const res = await agent.post(url, body);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json();
}
const groupOfA = async (w: World): Promise<number> =>
  (await made(w.admin, '/api/groups/create', { name: uniqueName('group-') })).id;
const roleOfA = async (w: World): Promise<number> =>
  (await made(w.admin, '/api/roles/create', { name: uniqueName('role-'), permissions: ['account_view'] })).id;
const templateOfA = async (w: World): Promise<number> =>
  (await made(w.admin, '/api/template/create', { entityId: w.a, name: uniqueName('Template ') })).id;
const templateGroups = async (w: World) => ({
  grants: [{ groupId: await groupOfA(w), scopeType: 'SELF' }],
  approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 1, approverGroupId: await groupOfA(w) }],
});

/**
 * Valid calls naming the objects a row's sample leaves out (optional members, roles,
 * grants; each kind of rights preview), so the object walk reaches every declared field.
 */
const FULLER: Record<string, ((w: World) => Promise<Sample>)[]> = {
  'authorization.groupsCreate': [
    async (w) => ({
      body: {
        name: uniqueName('group-'),
        roleIds: [await roleOfA(w)],
        members: [{ kind: 'user', id: await w.newUser() }],
      },
    }),
  ],
  'authorization.groupsUpdate': [
    async (w) => ({
      body: { groupId: await groupOfA(w), members: [{ kind: 'apiKey', id: await w.newKey() }] },
    }),
  ],
  'userManagement.assign': [
    async (w) => ({ body: { userId: await w.newUser(), groupIds: [await groupOfA(w)] } }),
  ],
  'template.create': [
    async (w) => ({ body: { name: uniqueName('Template '), ...(await templateGroups(w)) } }),
  ],
  'template.update': [
    async (w) => ({
      body: { templateId: await templateOfA(w), name: uniqueName('Renamed '), ...(await templateGroups(w)) },
    }),
  ],
  'authorization.rightsPreview': [
    async (w) => ({
      body: {
        change: {
          kind: 'groups/update',
          body: { groupId: await groupOfA(w), userIds: [await w.newUser()], apiKeyIds: [await w.newKey()] },
        },
      },
    }),
    async (w) => ({
      body: {
        change: {
          kind: 'groups/create',
          body: {
            name: uniqueName('group-'),
            roleIds: [await roleOfA(w)],
            userIds: [await w.newUser()],
            apiKeyIds: [await w.newKey()],
          },
        },
      },
    }),
    async (w) => ({
      body: {
        change: {
          kind: 'user-management/assign',
          body: { userId: await w.newUser(), groupIds: [await groupOfA(w)] },
        },
      },
    }),
    async (w) => ({
      body: {
        change: {
          kind: 'api-keys/groups',
          body: { apiKeyId: await w.newKey(), groupIds: [await groupOfA(w)] },
        },
      },
    }),
    async (w) => ({
      body: {
        change: {
          kind: 'direct-permissions/create',
          body: {
            principalKind: 'user',
            principalId: await w.newUser(),
            entityId: w.a,
            permission: 'account_view',
            scopeType: 'SELF',
          },
        },
      },
    }),
  ],
};

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
  const counts = async (which = tables) =>
    Promise.all(
      which.map(
        async (table) =>
          (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))
            .rows[0]!.n,
      ),
    );

  /** What a refused grant would have written: rights, their holders, and the audit trail. */
  const RIGHTS_TABLES = [
    ...tables,
    'groups',
    'roles',
    'group_members',
    'group_roles',
    'permission_scopes',
    'direct_permissions',
    'principal_roles',
    'entity_templates',
    'user_templates',
    'users',
    'api_keys',
  ];

  it('has a valid sample call for every route with permission keys', () => {
    const missing = implemented(t)
      .filter((e) => e.permissions && !sampleFor(e))
      .map((e) => e.id);
    expect(missing).toEqual([]);
  });

  it(
    'answers 403 to a caller without the keys',
    async () => {
      for (const e of implemented(t).filter((r) => r.permissions)) {
        const res = await callOn(w.noKeys, e, w.a, await sampleFor(e)!(w));
        expect([e.id, res.statusCode]).toEqual([e.id, 403]);
      }
    },
    WALK_TIMEOUT,
  );

  it(
    'answers 404 for an entity outside the caller’s tree, leaking nothing',
    async () => {
      for (const e of implemented(t).filter((r) => entityLocationOf(r).in !== 'home')) {
        const res = await callOn(w.admin, e, w.b, e.permissions ? await sampleFor(e)!(w) : {});
        expect([e.id, res.statusCode]).toEqual([e.id, 404]);
        expect(res.json()).toEqual({ status: 404, title: 'Resource Not Found', message: expect.any(String) });
      }
    },
    WALK_TIMEOUT,
  );

  /** Every object field a contract row declares, with what it names. */
  const declaredObjects = () =>
    implemented(t).flatMap((e) =>
      Object.entries(e.objects ?? {}).map(([field, what]) => ({ e, field, what })),
    );

  it('has an object of another tree for every kind of object a contract row declares', () => {
    const kinds = [...new Set(declaredObjects().flatMap((d) => kindsOf(d.what)))];
    expect(kinds).toEqual(
      expect.arrayContaining([
        'account',
        'request',
        'wallet',
        'bankInfo',
        'cashEntry',
        'fileProof',
        'user',
        'apiKey',
        'group',
        'role',
        'template',
        'userTemplate',
      ]),
    );
    expect(kinds.filter((k) => !w.foreign[k])).toEqual([]);
  });

  it('declares every principal, group, role and template a request names as an object of the row', () => {
    const undeclared = implemented(t).flatMap((e) =>
      (['params', 'body', 'query'] as const).flatMap((where) =>
        e[where]
          ? schemaLeaves(e[where]).flatMap((leaf) => {
              const field = namingField(leaf.path);
              const id = `${e.id} ${field}`;
              return field && !declares(e, field) && !NOT_OBJECTS.includes(id) ? [id] : [];
            })
          : [],
      ),
    );
    expect(undeclared).toEqual([]);
  });

  it(
    'answers 404 to a declared object id naming an object outside the acting entity’s tree, or nothing, changing nothing',
    async () => {
      const calls: { e: Row; field: string; kind: ObjectKind; sample: Sample }[] = [];
      const missing: string[] = [];
      for (const { e, field, what } of declaredObjects()) {
        const base = await sampleCarrying(e, field);
        if (!base) {
          missing.push(`${e.id} ${field}`);
          continue;
        }
        for (const kind of kindsOf(what)) {
          const foreign = await w.foreign[kind]!();
          calls.push({ e, field, kind, sample: withObjectAt(base, field, what, kind, foreign) });
          calls.push({ e, field, kind, sample: withObjectAt(base, field, what, kind, unknownLike(foreign)) });
        }
      }
      expect(missing).toEqual([]);
      const before = await counts(RIGHTS_TABLES);
      for (const { e, field, kind, sample } of calls) {
        const res = await callOn(holderOf(e), e, w.a, sample);
        expect([e.id, field, kind, res.statusCode]).toEqual([e.id, field, kind, 404]);
        expect(res.json()).toEqual({
          status: 404,
          title: 'Resource Not Found',
          message: `${OBJECT_KINDS[kind]} not found`,
        });
      }
      expect(await counts(RIGHTS_TABLES)).toEqual(before);
    },
    2 * WALK_TIMEOUT,
  );

  /**
   * The row's sample, or one of its fuller samples, that names an object in `field`; for an
   * optional top-level field none carries, the row's sample (the field is added to it).
   */
  async function sampleCarrying(e: Row, field: string): Promise<Sample | null> {
    for (const make of [sampleFor(e), ...(FULLER[e.id] ?? [])]) {
      if (!make) continue;
      const sample = await make(w);
      if (carries(sample, field)) return sample;
    }
    return field.includes('.') ? null : ((await sampleFor(e)?.(w)) ?? null);
  }

  it(
    'accepts each fuller sample as a valid call (2xx), so its 404s are the objects’',
    async () => {
      for (const [id, makes] of Object.entries(FULLER)) {
        const e = implemented(t).find((r) => r.id === id)!;
        for (const make of makes) {
          const res = await callOn(holderOf(e), e, w.a, await make(w));
          expect([id, res.statusCode, res.statusCode < 300 ? '' : res.body]).toEqual([id, 200, '']);
        }
      }
    },
    WALK_TIMEOUT,
  );

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

  it(
    'answers 2xx to a caller with the keys',
    async () => {
      for (const e of implemented(t).filter((r) => r.permissions)) {
        const res = await callOn(holderOf(e), e, w.a, await sampleFor(e)!(w));
        expect([e.id, res.statusCode < 300]).toEqual([e.id, true]);
      }
    },
    WALK_TIMEOUT,
  );

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
