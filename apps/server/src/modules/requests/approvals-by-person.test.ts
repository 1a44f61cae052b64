import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { clientAccount } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { ALREADY_APPROVED, ALREADY_DECIDED, SELF_APPROVAL } from './request-engine.service';

/**
 * Issue 38, item 1: approvals count people. A person is a user — whichever credential it
 * uses: its session, a bearer token, an API key it owns — or an API key no user owns. The
 * maker never approves, and a several-approver rule needs that many distinct people.
 */

type Credential = {
  label: string;
  call: (url: string, body: object) => Promise<LightMyRequestResponse>;
  /** What a programmatic credential sends (none for a session). */
  headers?: Record<string, string>;
};
type Person = { name: string; userId: string | null; credentials: Credential[]; agent?: Agent };

describe('approvals count people, not credentials', () => {
  const t = useTestApp();
  let broker = 0;
  let client = 0;
  let account = 0;
  /** The maker of every deposit; it holds the approve key too, through each credential. */
  let maker: Person;
  /** Three staff approvers, each with a session, a bearer token and two API keys of its own. */
  let staff: Person[] = [];
  /** An API key no user owns: its own person. */
  let ownerless: Person;

  const withHeaders =
    (headers: Record<string, string>) =>
    (url: string, body: object): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'POST', url, payload: body, headers });

  /** A key owned by `userId` (or nobody), holding `keys` on `entityId` with `scope`. */
  async function apiKey(
    name: string,
    userId: string | null,
    entityId: number,
    keys: PermissionKey[],
    scope: 'SELF' | 'DESCENDANTS',
  ): Promise<Credential> {
    const { id, key } = await t.services.auth.tokens.createApiKey({
      name,
      homeEntityId: entityId,
      ...(userId ? { createdBy: userId } : {}),
    });
    await t.services.authorization.grantDirect(t.database.db, { kind: 'apiKey', id }, entityId, keys, scope);
    const headers = { 'x-api-key': key };
    return { label: `key ${name}`, call: withHeaders(headers), headers };
  }

  /** A user with every credential: session, bearer token and two API keys, all approving deposits. */
  async function person(home: number, keys: PermissionKey[], scope: 'SELF' | 'DESCENDANTS'): Promise<Person> {
    const { user, agent } = await signedInUser(t, home);
    await grant(t, user.id, home, keys, scope);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { username: user.username, password: user.password },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const bearer = exchange.json().accessToken as string;
    return {
      name: user.username,
      userId: user.id,
      agent,
      credentials: [
        { label: 'session', call: (url, body) => agent.post(url, body) },
        { label: 'bearer', call: withHeaders({ authorization: `Bearer ${bearer}` }) },
        await apiKey(uniqueName(`${user.username}-bot-`), user.id, home, ['approve_deposit'], scope),
        await apiKey(uniqueName(`${user.username}-ops-`), user.id, home, ['approve_deposit'], scope),
      ],
    };
  }

  const approve = (c: Credential, requestId: number) =>
    c.call('/api/requests/status/update', { entityId: client, requestId, status: 'APPROVED' });

  /** A deposit by the maker's session, waiting for two approvals. */
  async function submitDeposit(): Promise<number> {
    const res = await maker.agent!.post(
      '/api/requests/deposit/fiat',
      {
        entityId: client,
        accountId: account,
        asset: 'USD',
        amount: '1000.00',
        reference: uniqueName('wire '),
      },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  }

  const view = (id: number): Promise<TRequestView> => t.services.requestEngine.view(id);
  const approvalPersons = async (id: number) =>
    (
      await t.database.db.execute<{ approver_person: string }>(
        sql`select approver_person from request_approvals where request_id = ${id} order by at`,
      )
    ).rows.map((r) => r.approver_person);

  beforeAll(async () => {
    broker = (await createEntity(t, uniqueName('Broker '))).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    account = await clientAccount(t.database.db, client, 'Settlement');
    // The maker may request and approve deposits at the client: only maker-checker stops it.
    maker = await person(client, ['request_deposit', 'approve_deposit', 'account_view'], 'SELF');
    staff = [];
    for (let i = 0; i < 3; i++) staff.push(await person(broker, ['approve_deposit'], 'DESCENDANTS'));
    ownerless = {
      name: 'ownerless key',
      userId: null,
      credentials: [
        await apiKey(
          uniqueName('house-bot-'),
          null,
          broker,
          ['approve_deposit', 'request_deposit'],
          'DESCENDANTS',
        ),
      ],
    };
    await t.services.requestEngine.policies.set({ principal: null }, client, 'DEPOSIT', 2);
  });

  it('answers 403 "You cannot decide a request you made yourself" to the maker’s own API key, bearer token and session, and records nothing', async () => {
    const id = await submitDeposit();
    for (const c of maker.credentials) {
      const res = await approve(c, id);
      expect(res.statusCode, c.label).toBe(403);
      expect(res.json().message).toBe(SELF_APPROVAL);
    }
    const r = await view(id);
    expect(r).toMatchObject({ status: 'PENDING', approvals: [] });
    expect(r.history.map((h) => h.to)).toEqual(['PENDING']);
  });

  it('answers 403 to an API key no user owns approving the request it made itself', async () => {
    const key = ownerless.credentials[0]!;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/requests/deposit/fiat',
      payload: {
        entityId: client,
        accountId: account,
        asset: 'USD',
        amount: '5.00',
        reference: uniqueName('bot '),
      },
      headers: { ...key.headers, 'idempotency-key': crypto.randomUUID() },
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await approve(key, made.json().id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SELF_APPROVAL);
    expect((await view(made.json().id)).approvals).toEqual([]);
  });

  it('counts one approval when one person’s session and API key approve at the same moment (the other: 409)', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await submitDeposit();
      const [s, k] = [staff[0]!.credentials[0]!, staff[0]!.credentials[2 + (round % 2)]!];
      const answers = await Promise.all(
        round % 2 ? [approve(k, id), approve(s, id)] : [approve(s, id), approve(k, id)],
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(ALREADY_APPROVED);
      const r = await view(id);
      expect(r.status).toBe('PENDING');
      expect(r.approvals).toHaveLength(1);
    }
  });

  it('keeps one approval per person in the database, whatever the credential', async () => {
    const id = await submitDeposit();
    const insert = (kind: string, approverId: string) =>
      t.database.db.execute(sql`insert into request_approvals
        (request_id, approver_kind, approver_id, approver_name, approver_person)
        values (${id}, ${kind}, ${approverId}, 'x', ${`user:${staff[1]!.userId}`})`);
    await insert('user', staff[1]!.userId!);
    await expect(insert('apiKey', crypto.randomUUID())).rejects.toMatchObject({
      cause: { code: '23505' },
    });
  });

  it('names the key and the user it acts for when an API key decides: in the approvals, the history and the audit', async () => {
    const id = await submitDeposit();
    const owner = staff[2]!;
    const key = owner.credentials[2]!;
    expect((await approve(key, id)).statusCode).toBe(200);
    const r = await view(id);
    const keyName = key.label.replace('key ', '');
    const onBehalfOf = { id: owner.userId, name: owner.name };
    expect(r.approvals[0]).toMatchObject({ kind: 'apiKey', name: keyName, onBehalfOf });
    expect(r.history.at(-1)).toMatchObject({
      to: 'PENDING',
      by: { kind: 'apiKey', name: keyName, onBehalfOf },
    });
    // A user's own decision names nobody else.
    expect(r.history[0]!.by.onBehalfOf).toBeUndefined();
    const [audit] = (
      await t.database.db.execute<{ details: { onBehalfOf?: unknown } }>(
        sql`select details from audit_events where action = 'request.pending' and target = ${String(id)}
            and actor_kind = 'apiKey' order by id desc limit 1`,
      )
    ).rows;
    expect(audit?.details.onBehalfOf).toEqual(onBehalfOf);
  });

  it('no longer offers a request to a person who approved it through another credential (inbox and drawer)', async () => {
    const id = await submitDeposit();
    const [me, other] = [staff[0]!, staff[1]!];
    expect((await approve(me.credentials[0]!, id)).statusCode).toBe(200);
    for (const c of me.credentials) {
      const inbox = await c.call('/api/requests/inbox', { entityId: broker, limit: 100 });
      expect(inbox.statusCode, `${c.label}: ${inbox.body}`).toBe(200);
      expect(
        inbox.json().items.map((i: { id: number }) => i.id),
        c.label,
      ).not.toContain(id);
      const drawer = await c.call('/api/requests/view', { entityId: client, requestId: id });
      expect(drawer.json().decidable, c.label).toBe(false);
    }
    const theirs = await other.credentials[2]!.call('/api/requests/inbox', { entityId: broker, limit: 100 });
    expect(theirs.json().items.map((i: { id: number }) => i.id)).toContain(id);
    // Nor to the maker, through any credential.
    for (const c of maker.credentials) {
      const drawer = await c.call('/api/requests/view', { entityId: client, requestId: id });
      expect(drawer.json().decidable, c.label).toBe(false);
    }
  });

  /**
   * The model: an approval by the maker's person is refused (403) while the request is
   * pending; a second one by a person who approved already is refused (409); a decided
   * request refuses everything (409); otherwise it counts, and the second distinct person
   * decides the deposit (credited: COMPLETED).
   */
  type Model = { approvedBy: string[]; decided: boolean };
  const personKey = (p: Person) => p.userId ?? p.name;
  function expected(m: Model, p: Person): { code: number; message?: string; next: Model } {
    if (m.decided) return { code: 409, message: ALREADY_DECIDED, next: m };
    if (p === maker) return { code: 403, message: SELF_APPROVAL, next: m };
    if (m.approvedBy.includes(personKey(p))) return { code: 409, message: ALREADY_APPROVED, next: m };
    const approvedBy = [...m.approvedBy, personKey(p)];
    return { code: 200, next: { approvedBy, decided: approvedBy.length >= 2 } };
  }

  it('never meets a 2-approver rule with one person through any mix of session, bearer token and API keys; two distinct people meet it (property)', async () => {
    const everyone = () => [maker, ...staff, ownerless];
    const attempt = fc.record({ person: fc.nat(4), credential: fc.nat(3) });
    // Each step: one approval, or two sent at the same moment.
    const step = fc.array(attempt, { minLength: 1, maxLength: 2 });
    let metByTwo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const id = await submitDeposit();
        let model: Model = { approvedBy: [], decided: false };
        for (const s of steps) {
          const calls = s.map((a) => {
            const p = everyone()[a.person]!;
            return { p, c: p.credentials[a.credential % p.credentials.length]! };
          });
          const answers = await Promise.all(calls.map(({ c }) => approve(c, id)));
          // The server took them in some order: the model must explain the answers in one of them.
          const orders =
            calls.length === 2
              ? [
                  [0, 1],
                  [1, 0],
                ]
              : [[0]];
          const explained = orders
            .map((order) => {
              let m = model;
              const codes: number[] = [];
              const messages: (string | undefined)[] = [];
              for (const i of order) {
                const e = expected(m, calls[i]!.p);
                codes[i] = e.code;
                messages[i] = e.message;
                m = e.next;
              }
              return { codes, messages, m };
            })
            .find(
              (o) =>
                o.codes.every((code, i) => code === answers[i]!.statusCode) &&
                o.messages.every((msg, i) => msg === undefined || msg === answers[i]!.json().message),
            );
          expect(
            explained,
            `answers ${answers.map((a) => `${a.statusCode} ${a.body}`).join(' | ')} to ${calls
              .map(({ p, c }) => `${p.name}/${c.label}`)
              .join(', ')}`,
          ).toBeDefined();
          model = explained!.m;
        }
        const r = await view(id);
        const persons = await approvalPersons(id);
        // However it went: each approval is a distinct person, never the maker's.
        expect(new Set(persons).size).toBe(persons.length);
        expect(persons).not.toContain(`user:${maker.userId}`);
        expect(r.status).toBe(model.decided ? 'COMPLETED' : 'PENDING');
        expect(persons).toHaveLength(model.approvedBy.length);
        if (model.decided) metByTwo += 1;
      }),
      { numRuns: 20 },
    );
    // The rule is met too, not only refused: by two distinct people.
    expect(metByTwo).toBeGreaterThan(0);
  });
});
