import type { PermissionKey } from '@clearway/contracts/permissions';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent';
import { createEntity, grant, signedInUser, uniqueName } from '../../test/fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { OWN_ENTITY_BOOKING } from './cash-entries.service';

const DAY = '2026-11-20';

describe('accounts, balances and cash entries over HTTP', () => {
  const t = useTestApp();
  let staff: Agent;
  let other: Agent;
  let broker = 0;
  let client = 0;
  let elsewhere = 0;
  let acct = 0;
  let acct2 = 0;
  let foreignAcct = 0;

  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const count = async (table: string) =>
    (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!
      .n;

  const create = async (a: Agent, entityId: number) =>
    (
      await a.post('/api/account/create', {
        entityId,
        accountType: 'MarginTrading',
        accountName: uniqueName('Acct '),
      })
    ).json().id as number;

  // The rate sheet is the platform's: its keeper holds instrument_management at the root.
  let root = 0;
  const rateKeeper = async (keys: PermissionKey[]) => {
    const s = await signedInUser(t, root);
    await grant(t, s.user.id, root, keys, 'SELF_AND_DESCENDANTS');
    return s;
  };

  beforeAll(async () => {
    root = (await createEntity(t, uniqueName('Root '))).id;
    broker = (await createEntity(t, uniqueName('Broker '), root)).id;
    client = (await createEntity(t, uniqueName('Client '), broker)).id;
    elsewhere = (await createEntity(t, uniqueName('Elsewhere '), root)).id;
    await t.database.db.execute(sql`update entities set currency_code = 'EUR' where id = ${broker}`);
    const s = await signedInUser(t, broker);
    await grant(t, s.user.id, broker);
    staff = s.agent;
    const o = await signedInUser(t, elsewhere);
    await grant(t, o.user.id, elsewhere);
    other = o.agent;
    acct = await create(staff, client);
    acct2 = await create(staff, client);
    foreignAcct = await create(other, elsewhere);
    await t.services.instruments.rates.load({ base: 'EUR', quote: 'USD', rate: '1.08' });
    await t.services.instruments.rates.load({ base: 'BTC', quote: 'USD', rate: '65000' });
  });

  it('books a deposit, shows it in balances (scale-formatted) and in the entry list', async () => {
    const res = await staff.post(
      '/api/cashentry/deposit',
      { entityId: client, accountId: acct, asset: 'USD', amount: '1500.5', valueDate: DAY },
      key(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'DEPOSIT', amount: '1500.50', accountId: acct });
    const balances = (await staff.post('/api/account/balances', { entityId: client })).json();
    expect(balances).toContainEqual(
      expect.objectContaining({
        accountId: acct,
        asset: 'USD',
        posted: '1500.50',
        held: '0.00',
        available: '1500.50',
      }),
    );
    const list = (await staff.post('/api/cashentry/list', { entityId: broker, type: 'DEPOSIT' })).json();
    // The booking's answer is exactly the entry as the list shows it, which adds the names.
    expect(list.items.find((e: { id: number }) => e.id === res.json().id)).toEqual({
      ...res.json(),
      accountName: expect.stringMatching(/^Acct /),
      entityName: expect.stringMatching(/^Client /),
      counterAccountName: null,
      reversesEntryId: null,
      reversedByEntryId: null,
    });
    const [audit] = (
      await t.database.db.execute<{ details: { transactionId: number }; user_agent: string | null }>(
        sql`select details, user_agent from audit_events where action = 'cashentry.deposit' and target = ${String(res.json().id)}`,
      )
    ).rows;
    expect(audit!.details.transactionId).toBe(res.json().transactionId);
  });

  it('refuses a withdrawal beyond the available balance with "Insufficient funds" (422)', async () => {
    const res = await staff.post(
      '/api/cashentry/withdrawal',
      { entityId: client, accountId: acct2, asset: 'USD', amount: '1.00', valueDate: DAY },
      key(),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ title: 'Unprocessable Entity', message: 'Insufficient funds' });
  });

  it('rejects an amount finer than the asset’s scale and a missing Idempotency-Key (400), writing nothing', async () => {
    const before = await count('postings');
    const fine = await staff.post(
      '/api/cashentry/deposit',
      { entityId: client, accountId: acct, asset: 'JPY', amount: '1.5', valueDate: DAY },
      key(),
    );
    expect(fine.statusCode).toBe(400);
    expect(fine.json().errors).toHaveProperty('amount');
    const noKey = await staff.post('/api/cashentry/deposit', {
      entityId: client,
      accountId: acct,
      asset: 'USD',
      amount: '1',
      valueDate: DAY,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toHaveProperty('Idempotency-Key');
    expect(await count('postings')).toBe(before);
  });

  it('refuses a historic entry on the booker’s own entity (403: that takes a request and its approval), writing nothing', async () => {
    const own = await signedInUser(t, client);
    await grant(t, own.user.id, client, ['request_deposit', 'request_withdrawal', 'account_view'], 'SELF');
    const before = await count('postings');
    for (const [path, body] of [
      ['deposit', { accountId: acct }],
      ['withdrawal', { accountId: acct }],
      ['internal-transfer', { fromAccountId: acct, toAccountId: acct2 }],
    ] as const) {
      const res = await own.agent.post(
        `/api/cashentry/${path}`,
        { entityId: client, ...body, asset: 'USD', amount: '1.00', valueDate: DAY },
        key(),
      );
      expect([path, res.statusCode]).toEqual([path, 403]);
      expect(res.json().message).toBe(OWN_ENTITY_BOOKING);
    }
    expect(await count('postings')).toBe(before);
  });

  it('answers the same Idempotency-Key sent 50 times at once with one transaction and 50 identical responses', async () => {
    const headers = { 'idempotency-key': `same-${crypto.randomUUID()}` };
    const body = { entityId: client, accountId: acct2, asset: 'BTC', amount: '0.12345678', valueDate: DAY };
    const before = await count('ledger_transactions');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => staff.post('/api/cashentry/deposit', body, { headers })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await count('ledger_transactions')).toBe(before + 1);

    const reused = await staff.post('/api/cashentry/deposit', { ...body, amount: '1.00000000' }, { headers });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(/IdempotencyKeyConflict/);
    expect(await count('ledger_transactions')).toBe(before + 1);
  });

  it('moves funds between the entity’s accounts atomically, and one account’s view shows only its balances', async () => {
    const res = await staff.post(
      '/api/cashentry/internal-transfer',
      {
        entityId: client,
        fromAccountId: acct,
        toAccountId: acct2,
        asset: 'USD',
        amount: '500',
        valueDate: DAY,
      },
      key(),
    );
    expect(res.statusCode).toBe(200);
    const b = (await staff.post('/api/account/balances', { entityId: client })).json();
    expect(b).toContainEqual(
      expect.objectContaining({ accountId: acct, asset: 'USD', available: '1000.50' }),
    );
    expect(b).toContainEqual(
      expect.objectContaining({ accountId: acct2, asset: 'USD', available: '500.00' }),
    );
    // One account's view carries its own balances, none of its sibling's.
    const view = (await staff.post('/api/account/view', { entityId: client, accountId: acct2 })).json();
    expect(view).toMatchObject({ id: acct2, entityId: client });
    expect(view.balances).toContainEqual(expect.objectContaining({ asset: 'USD', posted: '500.00' }));
    expect(view.balances.map((x: { accountId: number }) => x.accountId)).toEqual(
      view.balances.map(() => acct2),
    );
    expect(await ledgerViolations(t.database.db)).toEqual(NO_VIOLATIONS);
  });

  it('lists one account’s entries — booked to it or transferred to it — and nothing of an account elsewhere', async () => {
    const list = (accountId: unknown, entityId = client) =>
      staff.post('/api/cashentry/list', { entityId, accountId, limit: 500 });
    type Row = {
      id: number;
      type: string;
      accountId: number;
      counterAccountId: number | null;
      counterAccountName: string | null;
    };
    const entriesOf = async (accountId: number) => {
      const page = (await list(accountId)).json() as { items: Row[]; total: number };
      expect(page.total).toBe(page.items.length);
      for (const e of page.items) expect([e.accountId, e.counterAccountId]).toContain(accountId);
      return page.items;
    };
    const [sent, received] = [await entriesOf(acct), await entriesOf(acct2)];
    // The transfer from acct to acct2 is in both histories; acct's first deposit only in its own.
    const transfer = sent.find((e) => e.type === 'INTERNAL_TRANSFER' && e.counterAccountId === acct2);
    expect(received.map((e) => e.id)).toContain(transfer!.id);
    // Each row names where a transfer went; other entries have no counter account.
    const acct2Name = (await staff.post('/api/account/view', { entityId: client, accountId: acct2 })).json()
      .name;
    expect(transfer!.counterAccountName).toBe(acct2Name);
    expect(sent.filter((e) => e.type === 'DEPOSIT').map((e) => e.counterAccountName)).toEqual(
      sent.filter((e) => e.type === 'DEPOSIT').map(() => null),
    );
    expect(sent.some((e) => e.type === 'DEPOSIT' && !received.some((r) => r.id === e.id))).toBe(true);
    // Another entity's account id finds nothing: the list stays inside the caller's tree.
    expect((await list(foreignAcct)).json()).toEqual({ items: [], total: 0 });
    const bad = await list('acct');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ title: 'Invalid Request', errors: { accountId: expect.any(String) } });
  });

  it('refuses a date range whose To date is before its From date (400), for entries and requests alike', async () => {
    for (const path of ['/api/cashentry/list', '/api/requests/list']) {
      const res = await staff.post(path, { entityId: client, from: '2026-11-30', to: '2026-11-01' });
      expect([path, res.statusCode]).toEqual([path, 400]);
      expect(res.json()).toMatchObject({
        status: 400,
        title: 'Invalid Request',
        errors: { to: 'must not be before the From date' },
      });
    }
    const sameDay = await staff.post('/api/cashentry/list', { entityId: client, from: DAY, to: DAY });
    expect(sameDay.statusCode).toBe(200);
  });

  it('converts balances into the base currency with the rate sheet', async () => {
    const res = (
      await staff.post('/api/account/base-currency', { entityId: broker, allAccessible: true })
    ).json();
    expect(res.baseCurrency).toBe('EUR');
    // 1500.50 USD ÷ 1.08 + 0.12345678 BTC × 65000 ÷ 1.08
    const usd = 1500.5 / 1.08;
    const btc = (0.12345678 * 65000) / 1.08;
    expect(Number(res.total)).toBeCloseTo(usd + btc, 2);
    expect(res.missingRates).toEqual([]);
  });

  it('lets staff with instrument_management set a rate (audited), which base-currency values then use', async () => {
    const s = await rateKeeper(['instrument_management', 'account_view']);
    const set = await s.agent.put('/api/instruments/rates', {
      entityId: broker,
      base: 'GBP',
      quote: 'USD',
      rate: '1.2650',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ base: 'GBP', quote: 'USD', rate: '1.265' });
    const sheet = (await s.agent.post('/api/instruments/rates', { entityId: broker })).json();
    expect(sheet).toContainEqual(expect.objectContaining({ base: 'GBP', quote: 'USD', rate: '1.265' }));
    const [audit] = (
      await t.database.db.execute<{ details: { to: string } }>(
        sql`select details from audit_events where action = 'rates.set' and target = 'GBP/USD' order by id desc limit 1`,
      )
    ).rows;
    expect(audit!.details.to).toBe('1.265');
  });

  it('keeps each rate change in the history, newest first, with the rate it replaced and who set it', async () => {
    const s = await rateKeeper(['instrument_management']);
    const set = (rate: string) =>
      s.agent.put('/api/instruments/rates', { entityId: broker, base: 'GBP', quote: 'EUR', rate });
    expect((await set('1.1700')).statusCode).toBe(200);
    expect((await set('1.1725')).statusCode).toBe(200);
    const history = await s.agent.post('/api/instruments/rates/history', {
      entityId: broker,
      base: 'GBP',
      quote: 'EUR',
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().slice(0, 2)).toEqual([
      { rate: '1.1725', previous: '1.17', by: s.user.displayName, at: expect.any(String) },
      { rate: '1.17', previous: null, by: s.user.displayName, at: expect.any(String) },
    ]);
    const bad = await s.agent.post('/api/instruments/rates/history', { entityId: broker, base: 'GBP' });
    expect(bad.statusCode).toBe(400);
    const viewer = await signedInUser(t, broker);
    await grant(t, viewer.user.id, broker, ['account_view'], 'SELF');
    const noKey = await viewer.agent.post('/api/instruments/rates/history', {
      entityId: broker,
      base: 'GBP',
      quote: 'EUR',
    });
    expect(noKey.statusCode).toBe(403);
  });

  it('refuses a rate that is zero, of an asset against itself, of an unknown asset, or from a caller without the key', async () => {
    const s = await rateKeeper(['instrument_management']);
    const bad = (body: object) => s.agent.put('/api/instruments/rates', { entityId: broker, ...body });
    expect((await bad({ base: 'GBP', quote: 'USD', rate: '0.000' })).json().errors).toHaveProperty('rate');
    expect((await bad({ base: 'USD', quote: 'USD', rate: '1' })).json().errors).toHaveProperty('quote');
    const unknown = await bad({ base: 'ZZZ', quote: 'USD', rate: '1' });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([400, { base: 'unknown asset' }]);
    const viewer = await signedInUser(t, broker);
    await grant(t, viewer.user.id, broker, ['account_view'], 'SELF');
    const noKey = await viewer.agent.put('/api/instruments/rates', {
      entityId: broker,
      base: 'GBP',
      quote: 'USD',
      rate: '9',
    });
    expect(noKey.statusCode).toBe(403);
    const sheet = (await s.agent.post('/api/instruments/rates', { entityId: broker })).json();
    expect(sheet.some((r: { rate: string }) => r.rate === '9')).toBe(false);
  });

  it('shows a broker what it owes its clients and summarises its children', async () => {
    const toward = (await staff.post('/api/account/balances-toward-clients', { entityId: broker })).json();
    expect(toward).toContainEqual(expect.objectContaining({ asset: 'USD', available: '1500.50' }));
    const children = (await staff.get(`/api/cashentry/${broker}/children/summary`)).json();
    expect(children).toEqual([expect.objectContaining({ entityId: client })]);
    const summary = (await staff.post('/api/account/summary-toward-clients', { entityId: broker })).json();
    expect(summary.accounts).toBe(2);
  });

  it('keeps another entity’s accounts out of reach (404), even through an account id', async () => {
    expect((await other.post('/api/account/balances', { entityId: client })).statusCode).toBe(404);
    const sneaky = await staff.post('/api/account/view', { entityId: client, accountId: foreignAcct });
    expect(sneaky.statusCode).toBe(404);
    const move = await staff.post(
      '/api/cashentry/withdrawal',
      { entityId: client, accountId: foreignAcct, asset: 'USD', amount: '1', valueDate: DAY },
      key(),
    );
    expect(move.statusCode).toBe(404);
    const entries = await count('cash_entries');
    const out = await staff.post(
      '/api/cashentry/internal-transfer',
      {
        entityId: client,
        fromAccountId: acct,
        toAccountId: foreignAcct,
        asset: 'USD',
        amount: '1',
        valueDate: DAY,
      },
      key(),
    );
    expect(out.statusCode).toBe(404);
    expect(await count('cash_entries')).toBe(entries);
  });

  it('closes an account only once it is empty, and a closed account moves nothing (409)', async () => {
    const acct3 = await create(staff, client);
    const move = (path: string, accountId: number) =>
      staff.post(
        `/api/cashentry/${path}`,
        { entityId: client, accountId, asset: 'USD', amount: '5.00', valueDate: DAY },
        key(),
      );
    const close = () =>
      staff.put('/api/account/update', { entityId: client, accountId: acct3, active: false });
    expect((await move('deposit', acct3)).statusCode).toBe(200);
    const refused = await close();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This account still holds USD; move its funds out before closing it');
    expect((await move('withdrawal', acct3)).statusCode).toBe(200);
    const closed = await close();
    expect(closed.statusCode).toBe(200);
    expect(closed.json().active).toBe(false);
    const before = await count('postings');
    const into = await move('deposit', acct3);
    expect(into.statusCode).toBe(409);
    expect(into.json().message).toBe('This account is closed; it can neither receive nor send funds');
    expect(await count('postings')).toBe(before);
    const reopened = await staff.put('/api/account/update', {
      entityId: client,
      accountId: acct3,
      active: true,
    });
    expect(reopened.json().active).toBe(true);
    expect((await move('deposit', acct3)).statusCode).toBe(200);
  });

  it('never leaves a closed account holding funds when closing races with deposits', async () => {
    const acct4 = await create(staff, client);
    const deposit = () =>
      staff.post(
        '/api/cashentry/deposit',
        { entityId: client, accountId: acct4, asset: 'USD', amount: '1.00', valueDate: DAY },
        key(),
      );
    const results = await Promise.all([
      ...Array.from({ length: 10 }, deposit),
      staff.put('/api/account/update', { entityId: client, accountId: acct4, active: false }),
      ...Array.from({ length: 10 }, deposit),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const view = (await staff.post('/api/account/view', { entityId: client, accountId: acct4 })).json();
    const [held] = (
      await t.database.db.execute<{ posted: string | null }>(
        sql`select sum(posted)::text as posted from balances where account_id = ${acct4}`,
      )
    ).rows;
    const booked = results.filter((r, i) => i !== 10 && r.statusCode === 200).length;
    expect(Number(held!.posted ?? 0)).toBe(booked);
    if (!view.active) expect(booked).toBe(0);
  });

  it('validates IBAN and BIC on a new account', async () => {
    const res = await staff.post('/api/account/create', {
      entityId: client,
      accountType: 'Bank',
      accountName: 'Ops',
      ibanCode: 'GB00 WEST 1234 5698 7654 32',
      swiftCode: 'XX',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['ibanCode', 'swiftCode']));
  });

  it('lists currencies with name, digitalAssetName and scale', async () => {
    const list = (await staff.get('/api/cashentry/currencies')).json();
    expect(list).toContainEqual(
      expect.objectContaining({ code: 'BTC', digitalAssetName: 'Bitcoin', scale: 8, assetClass: 'CRYPTO' }),
    );
    expect(list).toContainEqual(expect.objectContaining({ code: 'JPY', scale: 0, assetClass: 'FIAT' }));
  });
});

describe('the cash-entry history’s amount order', () => {
  const t = useTestApp();
  let staff: Agent;
  let desk = 0;
  const key = () => ({ headers: { 'idempotency-key': `k-${crypto.randomUUID()}` } });
  const create = async (entityId: number) =>
    (
      await staff.post('/api/account/create', {
        entityId,
        accountType: 'MarginTrading',
        accountName: uniqueName('Acct '),
      })
    ).json().id as number;

  beforeAll(async () => {
    desk = (await createEntity(t, uniqueName('Desk '))).id;
    const s = await signedInUser(t, desk);
    await grant(t, s.user.id, desk);
    staff = s.agent;
  });

  it('sorts entries by amount as the history shows it: money out of the account negative', async () => {
    const c = (await createEntity(t, uniqueName('Sorted '), desk)).id;
    const [a, b] = [await create(c), await create(c)];
    const book = async (path: string, body: object) =>
      expect(
        (
          await staff.post(
            `/api/cashentry/${path}`,
            { entityId: c, asset: 'USD', valueDate: DAY, ...body },
            key(),
          )
        ).statusCode,
      ).toBe(200);
    await book('deposit', { accountId: a, amount: '300.00' });
    await book('withdrawal', { accountId: a, amount: '100.00' });
    await book('internal-transfer', { fromAccountId: a, toAccountId: b, amount: '50.00' });
    await book('deposit', { accountId: b, amount: '20.00' });
    const amounts = async (filter: object) =>
      (
        (
          await staff.post('/api/cashentry/list', {
            entityId: c,
            sort: 'amount',
            direction: 'desc',
            ...filter,
          })
        ).json().items as { type: string; amount: string }[]
      ).map((e) => `${e.type} ${e.amount}`);
    // The withdrawal reads -100.00: after the 20.00 deposit; a transfer between two of the
    // entity's accounts is unsigned.
    expect(await amounts({})).toEqual([
      'DEPOSIT 300.00',
      'INTERNAL_TRANSFER 50.00',
      'DEPOSIT 20.00',
      'WITHDRAWAL 100.00',
    ]);
    // Narrowed to one account, a transfer is out of its sender (-50.00) and into its receiver.
    expect(await amounts({ accountId: a })).toEqual([
      'DEPOSIT 300.00',
      'INTERNAL_TRANSFER 50.00',
      'WITHDRAWAL 100.00',
    ]);
    expect(await amounts({ accountId: a, direction: 'asc' })).toEqual([
      'WITHDRAWAL 100.00',
      'INTERNAL_TRANSFER 50.00',
      'DEPOSIT 300.00',
    ]);
    expect(await amounts({ accountId: b })).toEqual(['INTERNAL_TRANSFER 50.00', 'DEPOSIT 20.00']);
  });
});
