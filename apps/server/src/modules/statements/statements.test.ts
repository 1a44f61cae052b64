import { createHash } from 'node:crypto';
import { STATEMENT_RANGE_TOO_LARGE } from '@clearway/contracts/endpoints/statements.schemas';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../platform/money';
import type { Agent } from '../../test/agent';
import { grant, signedInUser } from '../../test/fixtures';
import { clientAccount } from '../../test/ledger-fixtures';
import { useTestApp } from '../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';
import { bookVia, buildTradingWorld, REPLAY_CONFIG, type TradingWorld } from '../trading/trading-test-kit';
import { bookAt, dateTransactions, pdfText, platformAccountOf } from './statement-test-kit';

/**
 * Statements (issue 24): asked for, built by a job into a PDF whose figures are the ledger's,
 * followed through queued → running → ready (or failed, with why), downloaded only by who may
 * see the account, sent to opted-in users, and made for every account after month end.
 */
describe('statements', () => {
  const t = useTestApp(REPLAY_CONFIG);
  const w = {} as TradingWorld;
  const october = { period: 'MONTHLY', from: '2026-10-01', to: '2026-10-31' } as const;
  // 17:00 New York on 31 October (EDT): the month's cut-off.
  const cutoff = '2026-10-31T21:00:00.000Z';
  const db = () => t.database.db;

  const generate = (agent: Agent, body: object) => agent.post('/api/statement/generate', body);
  const statusOf = async (id: number) =>
    (await w.staff.post('/api/statement/status', { entityId: w.client, statementId: id })).json();
  const download = (agent: Agent, entityId: number, id: number) =>
    agent.post('/api/statement/download', { entityId, statementId: id });
  async function ready(body: object) {
    const res = await generate(w.staff, { entityId: w.client, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().statementId as number;
    await t.services.statements.build(id);
    return id;
  }
  const ledgerBalanceAt = async (accountId: number, asset: string, at: string) =>
    (
      await db().execute<{ total: string }>(sql`
        select coalesce(sum(p.amount), 0)::text as total from postings p
          join ledger_transactions x on x.id = p.transaction_id
         where p.account_id = ${accountId} and p.asset = ${asset} and x.created_at <= ${at}::timestamptz`)
    ).rows[0]!.total;

  beforeAll(async () => {
    Object.assign(w, await buildTradingWorld(t));
    // The world's funding is the opening: booked in September.
    const funded = await db().execute<{ id: string }>(sql`
      select distinct p.transaction_id::text as id from postings p where p.account_id = ${w.account}`);
    await dateTransactions(
      db(),
      funded.rows.map((r) => Number(r.id)),
      '2026-09-15T12:00:00Z',
    );
    const omnibusUsd = await platformAccountOf(db(), 'OMNIBUS', 'USD');
    const omnibusEur = await platformAccountOf(db(), 'OMNIBUS', 'EUR');
    const fees = await platformAccountOf(db(), 'FEE_INCOME', 'USD');
    await bookAt(db(), '2026-10-05T14:00:00Z', { kind: 'DEPOSIT', reference: 'DEP-1005' }, [
      { accountId: omnibusUsd, asset: 'USD', amount: '-250000.00' },
      { accountId: w.account, asset: 'USD', amount: '250000.00' },
    ]);
    // A withdrawal with its fee: 40,000.00 out to the bank, 25.00 to the platform.
    await bookAt(db(), '2026-10-12T15:30:00Z', { kind: 'WITHDRAWAL', reference: 'WDR-1012' }, [
      { accountId: w.account, asset: 'USD', amount: '-40025.00' },
      { accountId: omnibusUsd, asset: 'USD', amount: '40000.00' },
      { accountId: fees, asset: 'USD', amount: '25.00' },
    ]);
    await bookAt(db(), '2026-10-14T09:00:00Z', { kind: 'DEPOSIT', reference: 'DEP-EUR-1014' }, [
      { accountId: omnibusEur, asset: 'EUR', amount: '-10000.00' },
      { accountId: w.account, asset: 'EUR', amount: '10000.00' },
    ]);
    // A trade bought on the 26th, delivered by the end of day of its value date (the 28th).
    const booked = await bookVia(w.staff, 'bookManualDeliverableFxTrade', {
      accountId: w.account,
      instrumentId: w.pairs['EUR/USD'],
      side: 'BUY',
      amount: '100000.00',
      rate: '1.0840',
      tradeDate: '2026-10-26',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await t.services.eod.run('2026-10-28')).status).toBe('COMPLETED');
    const settled = await db().execute<{ id: string }>(
      sql`select id::text from ledger_transactions where kind = 'FX_SETTLEMENT'`,
    );
    await dateTransactions(
      db(),
      settled.rows.map((r) => Number(r.id)),
      '2026-10-28T20:00:00Z',
    );
    expect((await t.services.eod.run('2026-10-30')).status).toBe('COMPLETED');
    // After the cut-off: not on October's statement.
    await bookAt(db(), '2026-11-03T10:00:00Z', { kind: 'DEPOSIT', reference: 'DEP-1103' }, [
      { accountId: omnibusUsd, asset: 'USD', amount: '-1.00' },
      { accountId: w.account, asset: 'USD', amount: '1.00' },
    ]);
  });

  it('prints the opening balance, every entry with a running balance, and a closing balance equal to the ledger’s at the cut-off', async () => {
    const id = await ready({ accountId: w.account, ...october });
    const status = await statusOf(id);
    expect(status).toMatchObject({
      status: 'READY',
      progress: 100,
      failure: null,
      eodBusinessDate: '2026-10-30',
    });
    const res = await download(w.staff, w.client, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Northwind-[\w-]+_Trading_2026-10-01_2026-10-31_statement\.pdf"$/,
    );
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(status.sha256);
    const text = pdfText(res.rawPayload);
    const lines = text.split('\n');
    const line = (re: RegExp) => lines.filter((l) => re.test(l));

    expect(text).toContain('Clearway');
    expect(text).toMatch(/Statement period\s+2026-10-01 to 2026-10-31/);
    expect(text).toMatch(/Based on end of day\s+2026-10-30, completed/);
    expect(text).toMatch(/Generated at\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    // USD: opening, each entry with the balance after it, closing.
    expect(line(/Opening balance\s+5,000,000\.00$/)).toHaveLength(1);
    expect(line(/2026-10-05\s+Deposit\s+DEP-1005\s+250,000\.00\s+5,250,000\.00$/)).toHaveLength(1);
    expect(line(/2026-10-12\s+Withdrawal\s+WDR-1012\s+-40,025\.00\s+5,209,975\.00$/)).toHaveLength(1);
    expect(line(/2026-10-28\s+Trade settlement\s+\S+\s+-108,400\.00\s+5,101,575\.00$/)).toHaveLength(1);
    expect(line(/Closing balance\s+5,101,575\.00$/)).toHaveLength(1);
    // EUR: the deposit and the delivered 100,000.00.
    expect(line(/Opening balance\s+2,000,000\.00$/)).toHaveLength(1);
    expect(line(/2026-10-14\s+Deposit\s+DEP-EUR-1014\s+10,000\.00\s+2,010,000\.00$/)).toHaveLength(1);
    expect(line(/2026-10-28\s+Trade settlement\s+\S+\s+100,000\.00\s+2,110,000\.00$/)).toHaveLength(1);
    expect(line(/Closing balance\s+2,110,000\.00$/)).toHaveLength(1);
    expect(text).not.toContain('DEP-1103');
    expect(text).toMatch(/Fees charged: 25\.00 USD/);
    // The closing balances are the ledger's at the cut-off (not now: a deposit came after).
    expect(new Money(await ledgerBalanceAt(w.account, 'USD', cutoff)).eq('5101575.00')).toBe(true);
    expect(new Money(await ledgerBalanceAt(w.account, 'EUR', cutoff)).eq('2110000.00')).toBe(true);
    expect(
      new Money(await ledgerBalanceAt(w.account, 'USD', new Date().toISOString())).eq('5101576.00'),
    ).toBe(true);
    expect(text).toMatch(/Totals in USD/);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('numbers the pages "Page n of m" and repeats the table’s header row on every page of a long statement', async () => {
    const busy = await clientAccount(db(), w.client, 'Busy');
    const omnibus = await platformAccountOf(db(), 'OMNIBUS', 'USD');
    const ledger = createLedgerService(db());
    const ids: number[] = [];
    await db().transaction(async (tx) => {
      for (let i = 1; i <= 150; i++)
        ids.push(
          await ledger.post(tx, { principal: null }, { kind: 'DEPOSIT', reference: `BUSY-${i}` }, [
            { accountId: omnibus, asset: 'USD', amount: `-${i}.00` },
            { accountId: busy, asset: 'USD', amount: `${i}.00` },
          ]),
        );
    });
    await dateTransactions(db(), ids, '2026-10-20T12:00:00Z');
    const id = await ready({ accountId: busy, period: 'CUSTOM', from: '2026-10-01', to: '2026-10-31' });
    const pdf = (await download(w.staff, w.client, id)).rawPayload;
    const pages = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const withHeader = pages.filter((p) =>
      /Date\s+Type\s+Reference\s+Amount \(USD\)\s+Balance \(USD\)/.test(p),
    );
    expect(withHeader.length).toBeGreaterThanOrEqual(pages.length - 1);
    const all = pages.join('\n');
    for (const n of [1, 75, 150]) expect(all).toContain(`BUSY-${n} `);
    // 1 + 2 + … + 150
    expect(all).toMatch(/Closing balance\s+11,325\.00/);
  });

  it('moves queued → running (with progress) → ready, and the same request while it runs is the same statement with one job', async () => {
    const body = {
      entityId: w.client,
      accountId: w.account,
      period: 'CUSTOM',
      from: '2026-10-02',
      to: '2026-10-30',
    };
    const first = (await generate(w.staff, body)).json();
    expect(first).toMatchObject({ status: 'QUEUED', progress: 0 });
    const again = (await generate(w.staff, body)).json();
    expect(again.statementId).toBe(first.statementId);
    const jobs = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = ${`statement:${first.statementId}`}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
    // Hold the positions' snapshot so the build stops part-way, after the ledger's figures.
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    await blocker.query('begin; lock table position_snapshots in access exclusive mode');
    const building = t.services.statements.build(first.statementId);
    let seen = await statusOf(first.statementId);
    for (let i = 0; i < 100 && !(seen.status === 'RUNNING' && seen.progress >= 90); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await statusOf(first.statementId);
    }
    expect(seen).toMatchObject({ status: 'RUNNING', progress: 90 });
    expect((await generate(w.staff, body)).json().statementId).toBe(first.statementId);
    await blocker.query('commit');
    await blocker.end();
    await building;
    expect(await statusOf(first.statementId)).toMatchObject({ status: 'READY', progress: 100 });
    // Once ready, asking again makes a new one.
    expect((await generate(w.staff, body)).json().statementId).not.toBe(first.statementId);
  });

  it('fails with a reason a user can act on while the end of day it rests on has failed, and regenerates once it has run', async () => {
    await db().execute(sql`
      insert into eod_runs (business_date, status, cutoff, attempts)
      values ('2026-10-29', 'FAILED', '2026-10-29T21:00:00Z', 1)`);
    const daily = { accountId: w.account, period: 'DAILY', from: '2026-10-29', to: '2026-10-29' };
    const failed = await ready(daily);
    expect(await statusOf(failed)).toMatchObject({
      status: 'FAILED',
      failure:
        'The end of day of 2026-10-29 has not completed (it is failed): generate the statement again once it has run',
    });
    const refused = await download(w.staff, w.client, failed);
    expect(refused.statusCode).toBe(409);
    expect((await t.services.eod.run('2026-10-29')).status).toBe('COMPLETED');
    const again = await ready(daily);
    expect(again).not.toBe(failed);
    expect(await statusOf(again)).toMatchObject({ status: 'READY', eodBusinessDate: '2026-10-29' });
  });

  it('answers 404 for another entity’s statement or account, 403 without the statements capability, 413 beyond the longest period', async () => {
    const id = await ready({ accountId: w.account, period: 'DAILY', from: '2026-10-05', to: '2026-10-05' });
    const stranger = await signedInUser(t, w.stranger);
    await grant(t, stranger.user.id, w.stranger, ['account_view', 'send_statements']);
    for (const path of ['status', 'download', 'send']) {
      const res = await stranger.agent.post(`/api/statement/${path}`, {
        entityId: w.stranger,
        statementId: id,
      });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'Statement not found' });
    }
    const theirs = await generate(stranger.agent, { entityId: w.stranger, accountId: w.account, ...october });
    expect(theirs.statusCode).toBe(404);

    const depositor = await signedInUser(t, w.broker);
    await grant(t, depositor.user.id, w.broker, ['request_deposit']);
    const denied = await generate(depositor.agent, { entityId: w.client, accountId: w.account, ...october });
    expect(denied.statusCode).toBe(403);
    expect((await download(depositor.agent, w.client, id)).statusCode).toBe(403);

    const count = async () =>
      (await db().execute<{ n: number }>(sql`select count(*)::int as n from statements`)).rows[0]!.n;
    const before = await count();
    const tooLong = await generate(w.staff, {
      entityId: w.client,
      accountId: w.account,
      period: 'CUSTOM',
      from: '2025-01-01',
      to: '2026-10-31',
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toEqual({
      status: 413,
      title: 'Payload Too Large',
      message: STATEMENT_RANGE_TOO_LARGE,
    });
    expect(await count()).toBe(before);
    const unfinished = await generate(w.staff, {
      entityId: w.client,
      accountId: w.account,
      period: 'DAILY',
      from: '2099-01-02',
      to: '2099-01-02',
    });
    expect(unfinished.statusCode).toBe(422);
  });

  it('e-mails a ready statement to the entity’s users who opted in (send_statements), and only a ready one', async () => {
    const reader = await signedInUser(t, w.client);
    await grant(t, reader.user.id, w.client, ['account_view']);
    const opt = await reader.agent.post('/api/statement/email-preference', {
      entityId: w.client,
      optIn: true,
    });
    expect(opt.json()).toEqual({ optIn: true });
    const id = await ready({ accountId: w.account, period: 'DAILY', from: '2026-10-12', to: '2026-10-12' });
    expect(
      (await w.staff.post('/api/statement/send', { entityId: w.client, statementId: id })).statusCode,
    ).toBe(403);
    const sender = await signedInUser(t, w.broker);
    await grant(t, sender.user.id, w.broker, ['send_statements']);
    const sent = await sender.agent.post('/api/statement/send', { entityId: w.client, statementId: id });
    expect(sent.json()).toEqual({ statementId: id, recipients: 1 });
    const mail = await db().execute<{ to: string; subject: string; body: string }>(
      sql`select "to", subject, body from mail_outbox where "to" = ${reader.user.email}`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.subject).toBe('Clearway: your statement for 2026-10-12 is ready');
    expect((await statusOf(id)).sentAt).not.toBeNull();
  });

  it('makes every account’s monthly statement once after month end, resuming without duplicates, and sends each when ready', async () => {
    const accounts = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from accounts where kind = 'CLIENT'`,
    );
    const month = { from: '2026-10-01', to: '2026-10-31' };
    expect(await t.services.statements.queueMonth(month)).toBe(accounts.rows[0]!.n);
    expect(await t.services.statements.queueMonth(month)).toBe(0);
    const mine = await db().execute<{ id: string }>(
      sql`select id::text from statements where scheduled and account_id = ${w.account}`,
    );
    expect(mine.rows).toHaveLength(1);
    const id = Number(mine.rows[0]!.id);
    await t.services.statements.build(id);
    expect(await statusOf(id)).toMatchObject({ status: 'READY', period: 'MONTHLY' });
    expect((await statusOf(id)).sentAt).not.toBeNull();
  });
});
