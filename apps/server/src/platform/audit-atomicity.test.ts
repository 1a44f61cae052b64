import { API } from '@clearway/contracts/endpoint-table';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/agent';
import {
  actingAs,
  createEntity,
  grant,
  PDF_BYTES,
  randomEthAddress,
  signedInUser,
  uniqueName,
} from '../test/fixtures';
import { clientAccount } from '../test/ledger-fixtures';
import { callOn, type Sample } from '../test/route-world';
import { useTestApp } from '../test/test-app';
import { audited, recordAudit, recordRefusal } from './audit';

/**
 * Issue 38 item 8, one audited write: a change and its audit row commit together. For each of
 * the thirteen write paths that once recorded their row in a statement of its own after the
 * change had committed, a trigger in the database refuses that path's audit row: the call
 * must answer 5xx and leave every row it would have changed as it was (no change without its
 * audit row, no mail sent, no job queued). The same call with the trigger gone then succeeds,
 * which shows the trigger hit the path it names and that retrying is safe.
 */
describe('one audited write', () => {
  const t = useTestApp({ WHITELIST_COOLDOWN_HOURS: '0' });
  const db = () => t.database.db;
  let root = 0;
  let a = 0;
  let admin: Agent;
  let staff: ReturnType<typeof actingAs>;
  let account = 0;

  const rows = async (query: SQL) => (await db().execute(query)).rows;
  const auditRows = (action: string) =>
    rows(sql`select target, outcome from audit_events where action = ${action} order by id`);

  /** From now on, an audit row of `action` makes its insert fail, and with it the transaction. */
  async function refuseAuditOf(action: string) {
    await db().execute(sql`create or replace function test_refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused by the test for %', new.action; end $$`);
    await db().execute(
      sql.raw(`create trigger test_refuse_audit before insert on audit_events for each row
                 when (new.action = '${action.replace(/'/g, "''")}') execute function test_refuse_audit()`),
    );
  }
  const allowAudit = () => db().execute(sql`drop trigger if exists test_refuse_audit on audit_events`);

  const newWallet = async () =>
    (
      await t.services.wallets.createDirect(staff, {
        entityId: a,
        walletType: 'Unknown',
        network: 'ETH',
        address: randomEthAddress(),
        friendlyName: uniqueName('Wallet '),
        digitalAssets: ['ETH'],
      } as never)
    ).id;
  const newVasp = async () =>
    (
      await t.services.wallets.vasps.create(staff, {
        name: uniqueName('VASP '),
        jurisdiction: 'DE',
        status: 'ACTIVE',
      })
    ).id;
  const newBank = async () =>
    (
      await t.services.bankInfo.createDirect(staff, {
        entityId: a,
        beneficiaryName: 'Northwind Capital Ltd',
        beneficiaryAddress: '1 Bank Street, London',
        bankName: 'NatWest',
        accountNumber: String(Math.floor(Math.random() * 1e10)).padStart(10, '0'),
        bic: 'NWBKGB2L',
        currency: 'GBP',
      })
    ).id;
  const newSsiProfile = async () =>
    (await rows(sql`insert into ssi_profiles (name) values (${uniqueName('SSI ')}) returning id`))[0]!
      .id as number;
  const readyStatement = async () => {
    const s = await t.services.statements.generate(staff, {
      accountId: account,
      includeBelow: false,
      period: 'CUSTOM',
      from: '2026-03-02',
      to: '2026-03-10',
      currencyView: 'ACCOUNT',
    });
    await t.services.statements.build(s.statementId);
    return s.statementId;
  };
  const call = (row: Parameters<typeof callOn>[1], entityId: number, sample: Sample) => () =>
    callOn(admin, row, entityId, sample);

  beforeAll(async () => {
    // The first entity without a parent is the platform root: VASPs, SSI deletion and the
    // end of day are platform-wide rows.
    root = (await createEntity(t, uniqueName('Root '))).id;
    a = (await createEntity(t, uniqueName('A '), root)).id;
    const user = await signedInUser(t, root);
    await grant(t, user.user.id, root);
    admin = user.agent;
    staff = actingAs(a, user.user);
    account = await clientAccount(db(), a);
    // The statements of A are e-mailed to the administrator: a refused send must e-mail nobody.
    const opted = await callOn(admin, API.statement.emailPreference, a, { body: { optIn: true } });
    expect(opted.statusCode, opted.body).toBe(200);
  });

  type Case = {
    /** The audit action the trigger refuses. */
    action: string;
    /** Makes what the call acts on; answers the call and every row it would change. */
    arrange: () => Promise<{ call: () => Promise<LightMyRequestResponse>; state: () => Promise<unknown> }>;
  };

  const CASES: Case[] = [
    {
      action: 'wallet.edit',
      arrange: async () => {
        const walletId = await newWallet();
        return {
          call: call(API.wallet.update, a, { body: { walletId, friendlyName: uniqueName('Renamed ') } }),
          state: () => rows(sql`select friendly_name, tag_memo from wallets where id = ${walletId}`),
        };
      },
    },
    {
      action: 'wallet.type',
      arrange: async () => {
        const walletId = await newWallet();
        return {
          call: call(API.wallet.updateType, a, { body: { walletId, walletType: 'Private Hardware Wallet' } }),
          state: () => rows(sql`select type, vasp_id from wallets where id = ${walletId}`),
        };
      },
    },
    {
      action: 'wallet.remove',
      arrange: async () => {
        const walletId = await newWallet();
        return {
          call: call(API.wallet.whitelistRemove, a, { body: { walletId } }),
          state: () => rows(sql`select status, active from wallets where id = ${walletId}`),
        };
      },
    },
    {
      action: 'vasp.create',
      arrange: async () => {
        const name = uniqueName('VASP ');
        return {
          call: call(API.vasps.create, root, { body: { name, jurisdiction: 'GB' } }),
          state: () => rows(sql`select id from vasps where name = ${name}`),
        };
      },
    },
    {
      action: 'vasp.update',
      arrange: async () => {
        const vaspId = await newVasp();
        return {
          call: call(API.vasps.update, root, {
            body: { vaspId, name: uniqueName('VASP '), jurisdiction: 'CH' },
          }),
          state: () => rows(sql`select name, jurisdiction from vasps where id = ${vaspId}`),
        };
      },
    },
    {
      action: 'vasp.delete',
      arrange: async () => {
        const vaspId = await newVasp();
        return {
          call: call(API.vasps.delete, root, { body: { vaspId } }),
          state: () => rows(sql`select id from vasps where id = ${vaspId}`),
        };
      },
    },
    {
      action: 'bank-info.remove',
      arrange: async () => {
        const bankInfoId = await newBank();
        return {
          call: call(API.bankInfo.whitelistRemove, a, { body: { bankInfoId } }),
          state: () => rows(sql`select status, active from bank_accounts where id = ${bankInfoId}`),
        };
      },
    },
    {
      action: 'ssi.assign',
      arrange: async () => {
        const profileId = await newSsiProfile();
        return {
          call: call(API.ssiProfile.assign, a, { body: { profileId } }),
          state: () => rows(sql`select profile_id from ssi_assignments where entity_id = ${a}`),
        };
      },
    },
    {
      action: 'ssi.delete',
      arrange: async () => {
        const profileId = await newSsiProfile();
        return {
          call: call(API.ssiProfile.delete, root, { body: { profileId } }),
          state: () => rows(sql`select id from ssi_profiles where id = ${profileId}`),
        };
      },
    },
    {
      action: 'request.file-proof',
      arrange: async () => {
        const deposit = await callOn(admin, API.requests.depositFiat, a, {
          body: { accountId: account, asset: 'USD', amount: '5.00' },
        });
        expect(deposit.statusCode, deposit.body).toBe(200);
        const id = deposit.json().id as number;
        return {
          call: call(API.requests.uploadFileProof, a, { params: { id }, multipart: PDF_BYTES }),
          // The bytes are kept with their row or not at all.
          state: () =>
            rows(sql`select (select count(*)::int from file_proofs where request_id = ${id}) as proofs,
                            (select count(*)::int from stored_objects) as objects`),
        };
      },
    },
    {
      action: 'statement.send',
      arrange: async () => {
        const statementId = await readyStatement();
        return {
          call: call(API.statement.send, a, { body: { statementId } }),
          state: () =>
            rows(sql`select (select sent_at from statements where id = ${statementId}) as sent_at,
                            (select count(*)::int from mail_outbox where body like ${`%for 2026-03-02 to 2026-03-10%`}) as mails`),
        };
      },
    },
    {
      action: 'statement.generate',
      arrange: async () => ({
        call: call(API.statement.generate, a, {
          body: { accountId: account, period: 'DAILY', from: '2026-03-11', to: '2026-03-11' },
        }),
        state: () =>
          rows(sql`select (select count(*)::int from statements where from_date = '2026-03-11') as statements,
                          (select count(*)::int from graphile_worker.jobs where key like 'statement:%') as jobs`),
      }),
    },
    {
      action: 'eod.request',
      arrange: async () => ({
        call: call(API.eod.run, root, { body: { businessDate: '2026-03-12' } }),
        state: () =>
          rows(sql`select (select count(*)::int from eod_runs where business_date = '2026-03-12') as runs,
                          (select count(*)::int from graphile_worker.jobs where key = 'eod:2026-03-12') as jobs`),
      }),
    },
  ];

  it('covers the thirteen paths, each with an action of its own', () => {
    expect(new Set(CASES.map((c) => c.action)).size).toBe(13);
  });

  it.each(CASES)(
    '$action: a refused audit row answers 5xx and leaves the change undone; without the refusal it commits with its row',
    async ({ action, arrange }) => {
      const { call, state } = await arrange();
      const before = await state();
      const audits = (await auditRows(action)).length;
      await refuseAuditOf(action);
      let refused: LightMyRequestResponse;
      try {
        refused = await call();
      } finally {
        await allowAudit();
      }
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
      expect(refused.statusCode).toBeLessThan(600);
      // 5xx hide internals: no word of the trigger or the table reaches the caller.
      expect(refused.body).not.toMatch(/audit|trigger|refused by the test/i);
      expect(await state()).toEqual(before);
      expect(await auditRows(action)).toHaveLength(audits);

      const done = await call();
      expect(done.statusCode, done.body).toBe(200);
      expect(await state()).not.toEqual(before);
      expect(await auditRows(action)).toHaveLength(audits + 1);
    },
  );

  describe('the helpers', () => {
    const who = () => ({ principal: staff.principal, entityId: a });

    it('audited records an entry computed from the work’s result, and nothing when it answers null', async () => {
      const target = uniqueName('target-');
      const made = await audited(
        db(),
        who(),
        (r: string) => ({ action: 'test.audited', outcome: 'success', target: r }),
        async () => target,
      );
      expect(made).toBe(target);
      expect(await rows(sql`select target from audit_events where action = 'test.audited'`)).toEqual([
        { target },
      ]);
      await audited(
        db(),
        who(),
        () => null,
        async () => target,
      );
      expect(await rows(sql`select target from audit_events where action = 'test.audited'`)).toHaveLength(1);
    });

    it('audited leaves neither the change nor its row when the work throws', async () => {
      const name = uniqueName('SSI ');
      await expect(
        audited(db(), who(), { action: 'test.thrown', outcome: 'success' }, async (tx) => {
          await tx.execute(sql`insert into ssi_profiles (name) values (${name})`);
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
      expect(await rows(sql`select id from ssi_profiles where name = ${name}`)).toEqual([]);
      expect(await auditRows('test.thrown')).toEqual([]);
    });

    it('recordRefusal keeps a refusal on record although the refused call’s transaction rolls back', async () => {
      const target = uniqueName('refused-');
      await expect(
        db().transaction(async (tx) => {
          await recordAudit(tx, who(), { action: 'test.refusal', outcome: 'success', target: 'rolled back' });
          await recordRefusal(db(), who(), { action: 'test.refusal', target });
          throw new Error('forbidden');
        }),
      ).rejects.toThrow('forbidden');
      expect(await auditRows('test.refusal')).toEqual([{ target, outcome: 'failure' }]);
    });
  });
});
