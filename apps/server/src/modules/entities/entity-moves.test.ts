import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { BELOW_ITSELF, MOVE_FROM_ABOVE, MOVED_SINCE } from './entity-moves';

/**
 * Issue 38, "Governance and freezes go with the entity": a freeze covers the frozen entity's
 * whole subtree wherever its members move, only system_management above the frozen entity
 * lifts (or sets) it, and a move under four eyes is a request another administrator approves.
 */
describe('moving entities: freezes and governance go with the entity', () => {
  const t = useTestApp();
  let broker = 0;
  /** Broker staff: entities, policies and freezes below the broker. */
  let mover: Agent;
  let checker: Agent;
  /** Broker operations: account_management, no system_management (the ops.maker). */
  let opsMaker: Agent;
  const FROZEN = (name: string) =>
    `${name} is frozen: no new requests, trades or bookings until the freeze is lifted`;
  const STAFF_KEYS = [
    'account_view',
    'account_management',
    'authorization_management',
    'system_management',
  ] as const;

  /** A fresh broker desk pair with a client and its sub-entity below desk A. */
  async function tree() {
    const names = { deskA: uniqueName('London desk '), deskB: uniqueName('Singapore desk ') };
    const deskA = (await createEntity(t, names.deskA, broker)).id;
    const deskB = (await createEntity(t, names.deskB, broker)).id;
    const clientName = uniqueName('Northwind ');
    const client = (await createEntity(t, clientName, deskA)).id;
    const subName = uniqueName('Northwind fund ');
    const sub = (await createEntity(t, subName, client)).id;
    return { deskA, deskB, client, sub, names: { ...names, client: clientName, sub: subName } };
  }
  const move = (a: Agent, entityId: number, parentId: number, entityName = `E${entityId}`) =>
    a.put('/api/entity/update', { entityId, entityName, parentId });
  const freeze = (a: Agent, entityId: number, targetEntityId: number) =>
    a.post('/api/entity/freeze', { entityId, targetEntityId, reason: 'Sanctions screening hit' });
  const unfreeze = (a: Agent, entityId: number, targetEntityId: number) =>
    a.post('/api/entity/unfreeze', { entityId, targetEntityId, reason: 'Screening cleared' });
  const entityRow = async (id: number) =>
    (
      await t.database.db.execute<{ parent_id: number; name: string; frozen: boolean }>(
        sql`select parent_id, name, frozen_at is not null as frozen from entities where id = ${id}`,
      )
    ).rows[0]!;
  const moveAudits = async (id: number) =>
    (
      await t.database.db.execute<{ details: Record<string, unknown> }>(
        sql`select details from audit_events where action = 'entity.move' and target = ${String(id)} order by id`,
      )
    ).rows.map((r) => r.details);
  const decide = (a: Agent, entityId: number, requestId: number, status = 'APPROVED') =>
    a.post('/api/requests/status/update', { entityId, requestId, status });
  const governAt = async (entityId: number) => {
    const on = await mover.put('/api/requests/approval-policies', {
      entityId,
      requestType: 'APPROVAL POLICY',
      requiredApprovals: 1,
    });
    expect(on.json(), on.body).toMatchObject({ setAt: entityId });
  };

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Aurora '))).id;
    const m = await signedInUser(t, broker);
    await grant(t, m.user.id, broker, STAFF_KEYS);
    mover = m.agent;
    const c = await signedInUser(t, broker);
    await grant(t, c.user.id, broker, STAFF_KEYS);
    checker = c.agent;
    const o = await signedInUser(t, broker);
    await grant(t, o.user.id, broker, ['account_view', 'account_management']);
    opsMaker = o.agent;
  });

  describe('a freeze covers the subtree wherever its members move', () => {
    it('refuses to move an entity out from under a frozen parent (409, the freeze’s message), changing nothing', async () => {
      const x = await tree();
      expect((await freeze(mover, broker, x.deskA)).statusCode).toBe(200);
      const res = await move(opsMaker, x.client, x.deskB, 'Renamed on the way out');
      expect([res.statusCode, res.json().message]).toEqual([409, FROZEN(x.names.deskA)]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA, name: x.names.client });
      expect(await moveAudits(x.client)).toEqual([]);
      // Its own freeze goes nowhere either.
      expect((await unfreeze(mover, broker, x.deskA)).statusCode).toBe(200);
      expect((await freeze(mover, broker, x.client)).statusCode).toBe(200);
      const own = await move(mover, x.client, x.deskB);
      expect([own.statusCode, own.json().message]).toEqual([409, FROZEN(x.names.client)]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA, frozen: true });
    });

    it('refuses to move an entity into a frozen subtree, or a subtree that holds a freeze (409)', async () => {
      const x = await tree();
      expect((await freeze(mover, broker, x.deskB)).statusCode).toBe(200);
      const into = await move(mover, x.client, x.deskB);
      expect([into.statusCode, into.json().message]).toEqual([409, FROZEN(x.names.deskB)]);
      const below = (await createEntity(t, uniqueName('Below B '), x.deskB)).id;
      const deeper = await move(mover, x.client, below);
      expect([deeper.statusCode, deeper.json().message]).toEqual([409, FROZEN(x.names.deskB)]);
      expect((await unfreeze(mover, broker, x.deskB)).statusCode).toBe(200);

      // A frozen member below: the level that froze it stays above it.
      expect((await freeze(mover, broker, x.sub)).statusCode).toBe(200);
      const carrying = await move(mover, x.client, x.deskB);
      expect([carrying.statusCode, carrying.json().message]).toEqual([409, FROZEN(x.names.sub)]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });
      expect(await moveAudits(x.client)).toEqual([]);
      expect((await unfreeze(mover, broker, x.sub)).statusCode).toBe(200);
      expect((await move(mover, x.client, x.deskB)).statusCode).toBe(200);
      expect(await moveAudits(x.client)).toEqual([{ fromParentId: x.deskA, toParentId: x.deskB }]);
    });

    it('refuses a move below itself (400) and by an administrator who is not above the entity (403)', async () => {
      const x = await tree();
      const cycle = await move(mover, x.client, x.sub);
      expect([cycle.statusCode, cycle.json().message]).toEqual([400, BELOW_ITSELF]);
      // account_management on the client itself and at the new parent, not above the client.
      const own = await signedInUser(t, x.client);
      await grant(t, own.user.id, x.client, ['account_view', 'account_management']);
      await grant(t, own.user.id, x.deskB, ['account_view', 'account_management']);
      const res = await move(own.agent, x.client, x.deskB);
      expect(res.statusCode).toBe(403);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });
    });
  });

  describe('only system_management above the frozen entity sets or lifts its freeze', () => {
    it('answers 403 to the frozen entity’s own users, and lets the level above lift it', async () => {
      const x = await tree();
      // Cobalt's own allocator: system_management on its own entity and below.
      const own = await signedInUser(t, x.client);
      await grant(t, own.user.id, x.client, ['account_view', 'system_management']);
      expect((await freeze(mover, broker, x.client)).statusCode).toBe(200);
      for (const acting of [x.client, x.sub]) {
        const lift = await unfreeze(own.agent, acting, x.client);
        expect([acting, lift.statusCode]).toEqual([acting, 403]);
      }
      expect(await entityRow(x.client)).toMatchObject({ frozen: true });
      // The desk above it: system_management at a strict ancestor.
      const desk = await signedInUser(t, x.deskA);
      await grant(t, desk.user.id, x.deskA, ['account_view', 'system_management']);
      expect((await unfreeze(desk.agent, x.deskA, x.client)).statusCode).toBe(200);
      expect(await entityRow(x.client)).toMatchObject({ frozen: false });

      // Setting a freeze is the same rule: never on one's own entity, below it as before.
      expect((await freeze(own.agent, x.client, x.client)).statusCode).toBe(403);
      expect((await freeze(own.agent, x.client, x.sub)).statusCode).toBe(200);
      expect((await unfreeze(own.agent, x.client, x.sub)).statusCode).toBe(200);
      // The desk's staff hold it on the desk alone (SELF): not above the client.
      const self = await signedInUser(t, x.deskA);
      await grant(t, self.user.id, x.deskA, ['account_view', 'system_management'], 'SELF');
      await grant(t, self.user.id, x.client, ['account_view', 'system_management'], 'SELF');
      expect((await freeze(self.agent, x.deskA, x.client)).statusCode).toBe(403);
      expect(await entityRow(x.client)).toMatchObject({ frozen: false });
    });

    it('answers 404 for a target outside the caller’s tree', async () => {
      const elsewhere = (await createEntity(t, uniqueName('Elsewhere '))).id;
      const res = await freeze(mover, broker, elsewhere);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Entity not found']);
    });
  });

  describe('a move under four eyes is a request another administrator approves', () => {
    it('sends a move out of a governed desk for approval, and applies it only when another administrator approves', async () => {
      const x = await tree();
      await governAt(x.deskA);
      const asked = await move(mover, x.client, x.deskB);
      expect(asked.statusCode, asked.body).toBe(200);
      const requestId = asked.json().pendingRequestId as number;
      expect(requestId).toEqual(expect.any(Number));
      expect(asked.json()).toMatchObject({ parentId: x.deskA });
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });

      // The attack goes no further: the entity is still under the desk's four eyes.
      const rule = await mover.put('/api/requests/approval-policies', {
        entityId: x.client,
        requestType: 'WITHDRAWAL',
        requiredApprovals: 1,
      });
      expect(rule.json().pendingRequestId).toEqual(expect.any(Number));

      const own = await decide(mover, x.client, requestId);
      expect([own.statusCode, own.json().message]).toEqual([
        403,
        'You cannot decide a request you made yourself',
      ]);
      const inbox = (await checker.post('/api/requests/inbox', { entityId: broker, limit: 100 })).json();
      expect(inbox.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: requestId,
            type: 'ENTITY MOVE',
            payload: expect.objectContaining({ fromParentId: x.deskA, toParentId: x.deskB }),
          }),
        ]),
      );
      const approved = await decide(checker, x.client, requestId);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe('COMPLETED');
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskB });
      expect(await moveAudits(x.client)).toEqual([{ fromParentId: x.deskA, toParentId: x.deskB, requestId }]);
    });

    it('sends a move into a governed desk for approval too, and a rejected one changes nothing', async () => {
      const x = await tree();
      await governAt(x.deskB);
      const asked = await move(mover, x.client, x.deskB);
      const requestId = asked.json().pendingRequestId as number;
      expect(requestId).toEqual(expect.any(Number));
      const rejected = await checker.post('/api/requests/status/update', {
        entityId: x.client,
        requestId,
        status: 'REJECTED',
        reason: 'Stays in London',
      });
      expect(rejected.json().status).toBe('REJECTED');
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });
    });

    it('checks the move again on approval: a freeze since keeps it pending (409), a move since makes it stale', async () => {
      const x = await tree();
      await governAt(x.deskA);
      const requestId = (await move(mover, x.client, x.deskB)).json().pendingRequestId as number;
      expect((await freeze(mover, broker, x.deskB)).statusCode).toBe(200);
      const held = await decide(checker, x.client, requestId);
      expect([held.statusCode, held.json().message]).toEqual([409, FROZEN(x.names.deskB)]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });
      expect((await unfreeze(mover, broker, x.deskB)).statusCode).toBe(200);

      // A second move asked meanwhile, approved first: the first no longer fits.
      const other = (await move(mover, x.client, broker)).json().pendingRequestId as number;
      expect((await decide(checker, x.client, other)).json().status).toBe('COMPLETED');
      const stale = await decide(checker, x.client, requestId);
      expect([stale.statusCode, stale.json().message]).toEqual([409, MOVED_SINCE]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: broker });
    });

    it('lets only an administrator who could make the move approve it: account_management at the new parent too', async () => {
      const x = await tree();
      await governAt(x.deskA);
      const requestId = (await move(mover, x.client, x.deskB)).json().pendingRequestId as number;
      const deskOnly = await signedInUser(t, x.deskA);
      await grant(t, deskOnly.user.id, x.deskA, [
        'account_view',
        'account_management',
        'authorization_management',
      ]);
      const res = await decide(deskOnly.agent, x.client, requestId);
      expect([res.statusCode, res.json().message]).toEqual([403, MOVE_FROM_ABOVE]);
      expect(await entityRow(x.client)).toMatchObject({ parent_id: x.deskA });
    });
  });
});
