import type { AddressInfo } from 'node:net';
import { type Endpoint, entityLocationOf, toRoutePattern } from '@clearway/contracts/endpoint';
import { ENDPOINT_LIST, endpointKey } from '@clearway/contracts/endpoint-table';
import {
  AMOUNT_BOUND,
  AMOUNT_MAX,
  BIDI_CONTROL,
  CONTROL_CHARACTERS,
  DEFAULT_DATE_WINDOW,
  dateMessage,
  type FieldMeta,
  INT4_MAX,
  idMessage,
  UNPAIRED_SURROGATE,
} from '@clearway/contracts/primitives';
import { schemaLeaves } from '@clearway/contracts/schema-fields';
import { CSRF_COOKIE, CSRF_HEADER } from '@clearway/contracts/session';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import { multipartBody, PDF_BYTES } from '../test/fixtures';
import { buildWorld, type Sample, sampleFor, type World } from '../test/route-world';
import { useTestApp } from '../test/test-app';

/**
 * The bad-input walk: every contract row, every field built from a bounded primitive (or
 * the entity id the guard reads), every kind of bad value for that field's kind. Each
 * answer must be a 4xx in the section 8 shape naming the field, and change nothing. The
 * fields come from the schemas (the primitives' registry), so a new row or field is walked
 * without a change here.
 */

type Where = 'body' | 'query' | 'params';
type Field = {
  where: Where;
  path: (string | number)[];
  meta: FieldMeta;
  /** Inside a union: the refusal may name the union, not the field. */
  inUnion: boolean;
};
/** A value to send, and the field message the contract must answer with (null: any message). */
type Bad = { value: unknown; message: string | null };

const AMOUNT_SHAPES = ['1e30', '-1', 'NaN', '0x10', 12.5];
const SIGNED_SHAPES = ['1e30', '--1', '+1', '-', 'NaN', '0x10', -12.5];

/** In a JSON body the value travels as it is; in a path, a query or a form it is text. */
function badValues(f: Field, textOnly: boolean): Bad[] {
  const m = f.meta;
  switch (m.kind) {
    case 'id': {
      const message = idMessage(m.max);
      const over = m.max === INT4_MAX ? INT4_MAX + 1 : 2 ** 53;
      const values = textOnly
        ? [String(over), '99999999999999999999', '-1', '0', '1.5', 'abc', '1e3', '%00']
        : [over, 1e20, -1, 0, 1.5, 'abc', true, [1]];
      return values.map((value) => ({ value, message }));
    }
    case 'text':
      // Two characters: within every field's length, so the refusal is for what they are.
      return textOnly
        ? [
            { value: 'a%00', message: CONTROL_CHARACTERS },
            { value: 'a%1B', message: CONTROL_CHARACTERS },
            // U+202E, the override that shows "invoice\u202Egnp.exe" as "invoiceexe.png".
            { value: 'a%E2%80%AE', message: BIDI_CONTROL },
            // Not UTF-8: a path or query must be refused (a form decodes it to U+FFFD, a real character).
            ...(f.where === 'body' ? [] : [{ value: 'a%ED%A0%80', message: null }]),
          ]
        : [
            { value: 'a\u0000', message: CONTROL_CHARACTERS },
            { value: '\u001ba', message: CONTROL_CHARACTERS },
            { value: 'a\ud800', message: UNPAIRED_SURROGATE },
            { value: '\udc00b', message: UNPAIRED_SURROGATE },
            { value: 'a\u202e', message: BIDI_CONTROL },
          ];
    case 'date':
      return [
        '0000-01-01',
        '0001-01-01',
        '1000-01-01',
        '1969-12-31',
        '2101-01-01',
        '9999-12-31',
        '2026-02-30',
      ].map((value) => ({ value, message: dateMessage() }));
    case 'amount':
      return [
        { value: '100000000000000000000', message: AMOUNT_BOUND },
        { value: '99999999999999999999.9999999999999999999', message: AMOUNT_BOUND },
        // A signed figure (swap points, financing rates) may be negative, within the same bound.
        ...(m.signed ? [{ value: '-100000000000000000000', message: AMOUNT_BOUND }] : []),
        ...(m.signed ? SIGNED_SHAPES : AMOUNT_SHAPES).map((value) => ({ value, message: null })),
      ];
  }
}

/** The largest (and smallest) values a field accepts: never a 500, and never refused for the bound. */
function edgeValues(f: Field, textOnly: boolean): unknown[] {
  const m = f.meta;
  switch (m.kind) {
    case 'id':
      return textOnly ? [String(m.max)] : [m.max];
    case 'date':
      return [DEFAULT_DATE_WINDOW.from, DEFAULT_DATE_WINDOW.to];
    case 'amount':
      return ['99999999999999999999.99', AMOUNT_MAX, ...(m.signed ? [`-${AMOUNT_MAX}`] : [])];
    case 'text':
      return [];
  }
}
const BOUND_MESSAGES = new Set([
  idMessage(INT4_MAX),
  idMessage(Number.MAX_SAFE_INTEGER),
  dateMessage(),
  AMOUNT_BOUND,
]);

/** The fields of a row that a primitive bounds, and the entity id where the guard reads it. */
function fieldsOf(e: Endpoint): Field[] {
  const fields: Field[] = (['body', 'query', 'params'] as const).flatMap((where) =>
    e[where]
      ? schemaLeaves(e[where]).flatMap((l) =>
          l.meta ? [{ where, path: l.path, meta: l.meta, inUnion: l.inUnion }] : [],
        )
      : [],
  );
  const loc = entityLocationOf(e);
  if (e.access !== 'public' && loc.in !== 'home') {
    const where = loc.in;
    if (!fields.some((f) => f.where === where && f.path.join('.') === loc.field))
      fields.push({
        where,
        path: [loc.field],
        meta: { kind: 'id', max: INT4_MAX, wire: where === 'body' ? 'number' : 'string' },
        inUnion: false,
      });
  }
  return fields;
}

const clone = <T>(v: T): T => structuredClone(v);

/** Puts `value` at `path`, making a one-element array where a list of values is missing. @returns false when it cannot */
function place(target: Record<string, unknown>, path: (string | number)[], value: unknown): boolean {
  let node: unknown = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const container = node as Record<string | number, unknown>;
    if (container[key] === undefined || container[key] === null) {
      if (typeof path[i + 1] === 'number' && i + 1 === path.length - 1) container[key] = [];
      else return false;
    }
    node = container[key];
  }
  (node as Record<string | number, unknown>)[path.at(-1)!] = value;
  return true;
}

/** Fills what the samples leave out, so a nested field has its parent to sit in. */
const RICHER: Record<string, Sample['body']> = {
  'entity.create': {
    addresses: [{ addressType: 'Registered', line1: '1 Main Street', city: 'London', countryCode: 'GB' }],
    nameMappings: [{ source: 'Bank', name: 'Desk at the bank' }],
  },
  'entity.update': {
    addresses: [{ addressType: 'Registered', line1: '1 Main Street', city: 'London', countryCode: 'GB' }],
    nameMappings: [{ source: 'Bank', name: 'Desk at the bank' }],
  },
  'template.create': {
    accounts: [{ accountType: 'MarginTrading', accountName: 'Trading', currencyId: 'USD' }],
    grants: [{ groupId: 1, scopeType: 'SELF' }],
    approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 2, approverGroupId: 1 }],
  },
  'template.update': {
    accounts: [{ accountType: 'MarginTrading', accountName: 'Trading', currencyId: 'USD' }],
    grants: [{ groupId: 1, scopeType: 'SELF' }],
    approvalPolicies: [{ requestType: 'WITHDRAWAL', requiredApprovals: 2, approverGroupId: 1 }],
  },
  'template.createEntity': {
    addresses: [{ addressType: 'Registered', line1: '1 Main Street', city: 'London', countryCode: 'GB' }],
    nameMappings: [{ source: 'Bank', name: 'Desk at the bank' }],
  },
  'authorization.groupsCreate': { members: [{ kind: 'user', id: crypto.randomUUID() }] },
  'authorization.groupsUpdate': { members: [{ kind: 'user', id: crypto.randomUUID() }] },
  // Tiers (the last one open), so each tier field has its place.
  'transfer.feesCreate': {
    tierMode: 'VOLUME',
    tiers: [
      { upTo: '100', fixed: '0', bps: '1' },
      { upTo: null, fixed: '0', bps: '1' },
    ],
  },
  'transfer.feesUpdate': {
    tierMode: 'VOLUME',
    tiers: [
      { upTo: '100', fixed: '0', bps: '1' },
      { upTo: null, fixed: '0', bps: '1' },
    ],
  },
  'trades.bookManualDeliverableFxOptionTrade': {
    barrier: { direction: 'UP', kind: 'KNOCK_OUT', level: '1.1', rebate: '0.01', rebateCurrency: 'USD' },
  },
};

type Call = {
  e: Endpoint & { id: string };
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
};

/** The row's valid call (its route-walk sample) with the acting entity where the row says. */
async function baseCall(e: Endpoint & { id: string }, w: World): Promise<Call> {
  const make = sampleFor(e);
  const sample: Sample = make ? await make(w) : {};
  const call: Call = {
    e,
    body: { ...clone(sample.body ?? {}), ...clone(RICHER[e.id] ?? {}) },
    query: { ...clone(sample.query ?? {}) },
    params: { ...sample.params },
  };
  const loc = entityLocationOf(e);
  // Where a sample exists it is built for A; place A as the route walk does.
  if (make && e.access !== 'public' && loc.in !== 'home') call[loc.in][loc.field] = w.a;
  return call;
}

/** Text for a URL: the bad values are already percent-encoded; anything else is encoded. */
const urlText = (v: unknown, raw: boolean) => (raw ? String(v) : encodeURIComponent(String(v)));

describe('bad input on every contract row is a 4xx in the section 8 shape, and changes nothing', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  const w = {} as World;
  let walker: Agent;
  let origin = '';
  const changes = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from walk_changes`)).rows[0]!.n;
  const changedTables = async (since: number) =>
    (
      await t.database.db.execute<{ t: string }>(
        sql`select distinct tbl as t from walk_changes where id > ${since} order by 1`,
      )
    ).rows.map((r) => r.t);

  beforeAll(async () => {
    Object.assign(w, await buildWorld(t));
    // Every key at the root: the guard lets each call, platform-wide rows too, through to validation.
    walker = w.rootAdmin;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Every row written, updated or deleted in any table from here on is noted (in the
    // writing transaction, so a rolled-back attempt leaves no note). Not the walker's session
    // being touched: its last-seen time moves on the first call a minute after the last,
    // whichever call that is (sessions.service.ts) — bookkeeping of the session, not a change.
    await t.database.db.execute(
      sql.raw(`
      create table walk_changes (id bigserial primary key, tbl text not null);
      create function walk_note_change() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'sessions' and tg_op = 'UPDATE'
           and to_jsonb(old) - 'last_seen_at' = to_jsonb(new) - 'last_seen_at' then
          return null;
        end if;
        insert into walk_changes (tbl) values (tg_table_name); return null;
      end $$;
      do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' and tablename <> 'walk_changes' loop
          execute format('create trigger walk_change after insert or update or delete on %I for each row execute function walk_note_change()', r.tablename);
        end loop;
      end $$;`),
    );
  });

  /** Sends the call over HTTP as the walker's browser would. */
  async function send(c: Call, rawUrl: { query?: string; params?: string } = {}) {
    const e = c.e;
    const path = toRoutePattern(e.path).replace(/:(\w+)/g, (_, k: string) =>
      k === rawUrl.params ? String(c.params[k]) : encodeURIComponent(String(c.params[k] ?? w.a)),
    );
    const qs = Object.entries(c.query)
      .map(([k, v]) => `${encodeURIComponent(k)}=${urlText(v, k === rawUrl.query)}`)
      .join('&');
    const cookie = Object.entries(walker.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const headers: Record<string, string> = { cookie, 'idempotency-key': `walk-${crypto.randomUUID()}` };
    if (e.method !== 'GET') headers[CSRF_HEADER] = walker.cookies[CSRF_COOKIE] ?? '';
    let body: string | Buffer | undefined;
    if (e.contentType === 'multipart') {
      const m = multipartBody([
        { name: 'file', filename: 'p.pdf', type: 'application/pdf', data: PDF_BYTES },
      ]);
      Object.assign(headers, m.headers);
      body = m.payload as Buffer;
    } else if (e.contentType === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = Object.entries(c.body)
        .map(([k, v]) => `${encodeURIComponent(k)}=${urlText(v, true)}`)
        .join('&');
    } else if (e.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(c.body);
    }
    const res = await fetch(`${origin}/api${path}${qs ? `?${qs}` : ''}`, {
      method: e.method,
      headers,
      body,
      redirect: 'manual',
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }

  /** Each field of each implemented row with the base call it is sent in. */
  async function walk(visit: (c: Call, f: Field) => Promise<void>) {
    const rows = ENDPOINT_LIST.filter((e) => t.apiRoutes.has(endpointKey(e.method, e.path)));
    for (const e of rows) {
      const fields = fieldsOf(e);
      if (!fields.length) continue;
      const base = await baseCall(e, w);
      for (const f of fields) await visit(base, f);
    }
  }

  const unplaced: string[] = [];
  const failures: unknown[] = [];
  const walked = new Set<string>();

  /** The fields issue 19 found answering 500, among every other field of their kinds. */
  const REPORTED = [
    'account.view body.accountId',
    'account.balances body.entityId',
    'account.types query.entityId',
    'cashEntry.childrenSummary params.entityId',
    'entity.childList params.id',
    'entity.conversionProfile query.id',
    'wallet.update body.walletId',
    'bankInfo.update body.bankInfoId',
    'requests.depositFiat body.accountId',
    'cashEntry.reverseDeposit body.cashEntryId',
    'account.update body.accountName',
    'requests.depositFiat body.memo',
    'requests.list body.from',
    'cashEntry.deposit body.valueDate',
    'cashEntry.deposit body.amount',
    'requests.depositFiat body.amount',
  ];

  it('refuses each kind of bad value in each field of its kind', async () => {
    await walk(async (base, f) => {
      const textOnly = f.where !== 'body' || base.e.contentType === 'form';
      const name = `${base.e.id} ${f.where}.${f.path.join('.')}`;
      for (const bad of badValues(f, textOnly)) {
        const c = { ...base, [f.where]: clone(base[f.where]) } as Call;
        if (!place(c[f.where], f.path, bad.value)) {
          unplaced.push(name);
          return;
        }
        const before = await changes();
        const raw = textOnly ? { [f.where === 'params' ? 'params' : 'query']: String(f.path[0]) } : {};
        const res = await send(c, raw);
        walked.add(name);
        const changed = (await changes()) !== before ? await changedTables(before) : [];
        const body = res.json as {
          status?: unknown;
          title?: unknown;
          message?: unknown;
          errors?: Record<string, unknown>;
        };
        const shaped =
          typeof body === 'object' &&
          body !== null &&
          body.status === res.status &&
          typeof body.title === 'string' &&
          typeof body.message === 'string' &&
          Object.keys(body).every((k) => ['status', 'title', 'message', 'errors'].includes(k)) &&
          (body.errors === undefined || Object.values(body.errors).every((v) => typeof v === 'string'));
        const key = f.path.join('.');
        const named = bad.message === null || f.inUnion || body?.errors?.[key] === bad.message;
        if (res.status < 400 || res.status >= 500 || !shaped || !named || changed.length)
          failures.push({ field: name, value: bad.value, status: res.status, body: res.json, changed });
      }
    });
    expect(unplaced).toEqual([]);
    expect(failures).toEqual([]);
    expect(REPORTED.filter((n) => !walked.has(n))).toEqual([]);
    expect(walked.size).toBeGreaterThan(200);
  }, 600_000);

  it('accepts the largest values a field allows without a 500 (and never refuses them for the bound)', async () => {
    const edgeFailures: unknown[] = [];
    await walk(async (base, f) => {
      const textOnly = f.where !== 'body' || base.e.contentType === 'form';
      for (const value of edgeValues(f, textOnly)) {
        const c = { ...base, [f.where]: clone(base[f.where]) } as Call;
        if (!place(c[f.where], f.path, value)) return;
        const res = await send(c);
        const message = (res.json as { errors?: Record<string, string> })?.errors?.[f.path.join('.')];
        if (res.status >= 500 || (message && BOUND_MESSAGES.has(message)))
          edgeFailures.push({
            field: `${base.e.id} ${f.where}.${f.path.join('.')}`,
            value,
            status: res.status,
            body: res.json,
          });
      }
    });
    expect(edgeFailures).toEqual([]);
  }, 600_000);
});
