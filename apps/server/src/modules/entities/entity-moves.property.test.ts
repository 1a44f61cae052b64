import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/**
 * Issue 38: "an entity's effective approval rules never get weaker by a move without that
 * approval", as a model-based test. A random sequence of moves (clients between desks),
 * policy changes (a WITHDRAWAL rule anywhere, 'APPROVAL POLICY' at the desks), approvals and
 * rejections by a second administrator runs against the real API and a model of the rules
 * (nearest rule up the tree, four eyes where 'APPROVAL POLICY' is in force). After every
 * step the real tree and effective rules equal the model's, and no step by one person left
 * an entity that was under four eyes with a weaker rule than before.
 */

const TYPES = ['WITHDRAWAL', 'APPROVAL POLICY'] as const;
type Type = (typeof TYPES)[number];
const DESKS = 3;
const CLIENTS = 3;

type Pending =
  | { id: number; kind: 'policy'; entity: number; type: Type; required: number | null }
  | { id: number; kind: 'move'; entity: number; from: number; to: number };
/** Entities by index: 0..DESKS-1 the desks, then the clients. */
type Model = { parent: number[]; own: Map<string, number>; pending: Pending[] };
type Step =
  | { kind: 'move'; client: number; desk: number }
  | { kind: 'policy'; entity: number; type: Type; required: number | null }
  | { kind: 'decide'; pick: number; approve: boolean };

const key = (entity: number, type: Type) => `${entity}:${type}`;

/** The model's effective rule: the nearest own rule up the chain (desks sit below a root with none). */
function effective(m: Model, entity: number, type: Type): { required: number; inForce: boolean } {
  for (let e: number | undefined = entity; e !== undefined; e = e < DESKS ? undefined : m.parent[e]) {
    const own = m.own.get(key(e, type));
    if (own !== undefined) return { required: own, inForce: true };
  }
  return { required: 1, inForce: false };
}
const governed = (m: Model, entity: number) => effective(m, entity, 'APPROVAL POLICY').inForce;
/** How strong a rule is: 'APPROVAL POLICY' not in force is no four eyes at all. */
const strength = (m: Model, entity: number, type: Type) => {
  const r = effective(m, entity, type);
  return type === 'APPROVAL POLICY' && !r.inForce ? 0 : r.required;
};

describe('effective approval rules across moves and policy changes (model-based)', () => {
  const t = useTestApp();
  let top = 0;
  let maker: Agent;
  let checker: Agent;

  beforeAll(async () => {
    top = (await createEntity(t, uniqueName('Broker '))).id;
    const m = await signedInUser(t, top);
    const keys = ['account_view', 'account_management', 'authorization_management'] as const;
    await grant(t, m.user.id, top, keys);
    maker = m.agent;
    const c = await signedInUser(t, top);
    await grant(t, c.user.id, top, keys);
    checker = c.agent;
  });

  /** A fresh tree: desks below a root of their own, desk 0 under four eyes, clients spread over the desks. */
  async function setup() {
    const root = (await createEntity(t, uniqueName('Root '), top)).id;
    const ids: number[] = [];
    for (let d = 0; d < DESKS; d++) ids.push((await createEntity(t, uniqueName(`Desk ${d} `), root)).id);
    const parent: number[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      parent[DESKS + c] = c % DESKS;
      ids.push((await createEntity(t, uniqueName(`Client ${c} `), ids[c % DESKS]!)).id);
    }
    const model: Model = { parent, own: new Map(), pending: [] };
    const on = await maker.put('/api/requests/approval-policies', {
      entityId: ids[0],
      requestType: 'APPROVAL POLICY',
      requiredApprovals: 1,
    });
    expect(on.json().setAt).toBe(ids[0]);
    model.own.set(key(0, 'APPROVAL POLICY'), 1);
    return { ids, model };
  }

  /** The real effective rules of every entity, and every client's parent, as the model states them. */
  async function expectMatches(ids: number[], m: Model) {
    for (const [i, id] of ids.entries()) {
      const rules = (await maker.post('/api/requests/approval-policies', { entityId: id })).json() as {
        requestType: string;
        requiredApprovals: number;
        setAt: number | null;
      }[];
      for (const type of TYPES) {
        const real = rules.find((r) => r.requestType === type)!;
        const want = effective(m, i, type);
        expect([i, type, real.requiredApprovals, real.setAt !== null]).toEqual([
          i,
          type,
          want.required,
          want.inForce,
        ]);
      }
      if (i >= DESKS) {
        const view = (await maker.post('/api/entity/view', { entityId: id })).json();
        expect([i, view.parentId]).toEqual([i, ids[m.parent[i]!]]);
      }
    }
  }

  /** Runs one step against the API and the model; whether a second person's approval applied a change. */
  async function run(step: Step, ids: number[], m: Model): Promise<boolean> {
    switch (step.kind) {
      case 'move': {
        const entity = DESKS + step.client;
        const from = m.parent[entity]!;
        const res = await maker.put('/api/entity/update', {
          entityId: ids[entity],
          entityName: `Client ${step.client}`,
          parentId: ids[step.desk],
        });
        if (from === step.desk) {
          expect(res.statusCode).toBe(200);
          return false;
        }
        const duplicate = m.pending.some(
          (p) => p.kind === 'move' && p.entity === entity && p.from === from && p.to === step.desk,
        );
        if (duplicate) {
          expect(res.statusCode, res.body).toBe(409);
        } else if (governed(m, entity) || governed(m, step.desk)) {
          expect(res.statusCode, res.body).toBe(200);
          const id = res.json().pendingRequestId as number;
          expect(id).toEqual(expect.any(Number));
          m.pending.push({ id, kind: 'move', entity, from, to: step.desk });
        } else {
          expect([res.statusCode, res.json().pendingRequestId]).toEqual([200, undefined]);
          m.parent[entity] = step.desk;
        }
        return false;
      }
      case 'policy': {
        const res = await maker.put('/api/requests/approval-policies', {
          entityId: ids[step.entity],
          requestType: step.type,
          requiredApprovals: step.required,
        });
        const duplicate = m.pending.some(
          (p) =>
            p.kind === 'policy' &&
            p.entity === step.entity &&
            p.type === step.type &&
            p.required === step.required,
        );
        if (governed(m, step.entity) && duplicate) expect(res.statusCode).toBe(409);
        else if (governed(m, step.entity)) {
          expect(res.statusCode, res.body).toBe(200);
          m.pending.push({
            id: res.json().pendingRequestId,
            kind: 'policy',
            entity: step.entity,
            type: step.type,
            required: step.required,
          });
        } else {
          expect([res.statusCode, res.json().pendingRequestId]).toEqual([200, undefined]);
          setOwn(m, step.entity, step.type, step.required);
        }
        return false;
      }
      case 'decide': {
        if (m.pending.length === 0) return false;
        const p = m.pending[step.pick % m.pending.length]!;
        const res = await checker.post('/api/requests/status/update', {
          entityId: ids[p.entity],
          requestId: p.id,
          status: step.approve ? 'APPROVED' : 'REJECTED',
          ...(step.approve ? {} : { reason: 'Not now' }),
        });
        // A move asked before another one moved the entity no longer fits: it stays pending.
        if (step.approve && p.kind === 'move' && m.parent[p.entity] !== p.from) {
          expect(res.statusCode, res.body).toBe(409);
          return false;
        }
        expect(res.statusCode, res.body).toBe(200);
        m.pending = m.pending.filter((q) => q !== p);
        if (!step.approve) return false;
        if (p.kind === 'move') m.parent[p.entity] = p.to;
        else setOwn(m, p.entity, p.type, p.required);
        return true;
      }
    }
  }
  const setOwn = (m: Model, entity: number, type: Type, required: number | null) => {
    if (required === null) m.own.delete(key(entity, type));
    else m.own.set(key(entity, type), required);
  };

  const entities = DESKS + CLIENTS;
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('move' as const),
      client: fc.integer({ min: 0, max: CLIENTS - 1 }),
      desk: fc.integer({ min: 0, max: DESKS - 1 }),
    }),
    fc.record({
      kind: fc.constant('policy' as const),
      entity: fc.integer({ min: 0, max: entities - 1 }),
      type: fc.constant('WITHDRAWAL' as const),
      required: fc.constantFrom(1, 2, 3, null),
    }),
    // Four eyes on the desks themselves: switched on at once where off, off only by approval.
    fc.record({
      kind: fc.constant('policy' as const),
      entity: fc.integer({ min: 0, max: DESKS - 1 }),
      type: fc.constant('APPROVAL POLICY' as const),
      required: fc.constantFrom(1, null),
    }),
    fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  );

  it('never leaves an entity under four eyes with a weaker rule unless a second administrator approved the change', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
        const { ids, model } = await setup();
        for (const s of steps) {
          const before = structuredClone({ parent: model.parent, own: model.own });
          const was = { ...before, pending: [] };
          const approved = await run(s, ids, model);
          await expectMatches(ids, model);
          if (approved) continue;
          for (let e = 0; e < entities; e++) {
            if (!governed(was, e)) continue;
            for (const type of TYPES)
              expect([e, type, strength(model, e, type) >= strength(was, e, type)]).toEqual([e, type, true]);
          }
        }
      }),
      { numRuns: 10 },
    );
  }, 600_000);

  it('keeps the attack of the issue pending: out of a governed desk, a rule changed alone, and back', async () => {
    const { ids, model } = await setup();
    const steps: Step[] = [
      { kind: 'policy', entity: 0, type: 'WITHDRAWAL', required: 2 },
      { kind: 'decide', pick: 0, approve: true },
      { kind: 'move', client: 0, desk: 1 },
      { kind: 'policy', entity: DESKS, type: 'WITHDRAWAL', required: 1 },
      { kind: 'move', client: 0, desk: 0 },
    ];
    for (const s of steps) {
      await run(s, ids, model);
      await expectMatches(ids, model);
    }
    expect(effective(model, DESKS, 'WITHDRAWAL')).toEqual({ required: 2, inForce: true });
    expect(model.pending.map((p) => p.kind)).toEqual(['move', 'policy']);
  });
});
