import {
  STATEMENT_RANGE_TOO_LARGE,
  type TStatement,
  type TStatementGenerate,
} from '@clearway/contracts/endpoints/statements.schemas';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuditEntry, audited } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/jobs/enqueue';
import { defineTask, type JobContext } from '../../platform/jobs/job-task';
import type { Mail, Mailer } from '../../platform/mail';
import type { Principal } from '../../platform/principal';
import { storeWith } from '../../platform/storage/storage';
import type { Storage } from '../../platform/storage/stored-object';
import { historyAccounts } from '../ledger/account-history';
import type { UsersService } from '../users/users.service';
import { monthlyStatements } from './monthly-statements';
import { type BuilderDeps, buildStatementContent, StatementRefused } from './statement-builder';
import { renderStatementPdf, stopStatementRenderer } from './statement-renderer';
import {
  findStatement,
  insertQueued,
  listStatements,
  runningOf,
  setSubscribed,
  subscribersOf,
  toStatement,
  updateStatement,
} from './statements.repo';

type Deps = BuilderDeps & { storage: Storage; mailer: Mailer; users: UsersService; log: FastifyBaseLogger };
type Who = { principal: Principal; entityId: number; request?: FastifyRequest };

const DAY_MS = 86_400_000;
const daysIn = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
const refuse = (field: string, message: string) =>
  new AppError('BadRequest', 422, message, { [field]: message });
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * Statements: asked for (`generate`, answered at once), built by a job into a PDF kept in
 * storage with its SHA-256, followed (`status`), downloaded, e-mailed to the users of the
 * entity who opted in; and each month's statements of every account made and sent by a
 * scheduled job after month end.
 */
export function createStatements(deps: Deps) {
  const { db, config, storage, mailer, users, log } = deps;

  async function view(id: number): Promise<TStatement> {
    const row = await findStatement(db, id);
    if (!row) throw notFound('Statement not found');
    return toStatement(row);
  }

  /**
   * Builds statement `id`: running with progress, then ready with its PDF — or failed with a
   * reason. A stop of the server part-way leaves it to the job's retry.
   */
  async function build(id: number, job?: Pick<JobContext, 'signal'>): Promise<void> {
    const row = await findStatement(db, id);
    if (!row || row.status === 'READY') return;
    await updateStatement(db, id, {
      status: 'RUNNING',
      startedAt: new Date(),
      progress: 0,
      failure: null,
      attempts: row.attempts + 1,
    });
    let shown = 0;
    const progress = async (pct: number) => {
      job?.signal.throwIfAborted();
      if (pct > shown) {
        shown = pct;
        await updateStatement(db, id, { progress: pct });
      }
    };
    try {
      const { content, entries, eodDate } = await buildStatementContent(deps, row, progress);
      const pdf = await renderStatementPdf(content);
      const fileName = `${[slug(row.entityName), row.accountName ? slug(row.accountName) : 'all-accounts', row.fromDate, row.toDate].join('_')}_statement.pdf`;
      await storeWith(db, storage, pdf, 'application/pdf', (tx, stored) =>
        updateStatement(tx, id, {
          status: 'READY',
          progress: 100,
          fileKey: stored.key,
          sha256: stored.sha256,
          size: stored.size,
          fileName,
          entries,
          eodBusinessDate: eodDate,
          finishedAt: new Date(),
        }),
      );
    } catch (err) {
      if (job?.signal.aborted) throw err;
      const reason =
        err instanceof StatementRefused
          ? err.message
          : 'The statement could not be built because of an internal error; generate it again, and tell support if it fails again';
      if (!(err instanceof StatementRefused)) log.error({ err, statementId: id }, 'statement build failed');
      await updateStatement(db, id, { status: 'FAILED', failure: reason, finishedAt: new Date() });
      return;
    }
    if (row.scheduled) await send(id, null);
  }

  /**
   * E-mails a ready statement to its entity's opted-in users; answers how many it went to.
   * The sending is recorded (`sentAt`, and the audit row when a person asked) in one
   * transaction before any mail leaves: when that fails, nobody is e-mailed.
   */
  async function send(id: number, who: Who | null): Promise<{ statementId: number; recipients: number }> {
    const s = await view(id);
    if (s.status !== 'READY') throw conflict('Only a ready statement can be sent');
    const mails: Mail[] = [];
    for (const userId of await subscribersOf(db, s.entityId)) {
      const user = await users.findById(userId);
      if (!user?.email || user.status !== 'active') continue;
      mails.push({
        to: user.email,
        subject: `${config.PRODUCT_NAME}: your statement for ${s.from === s.to ? s.from : `${s.from} to ${s.to}`} is ready`,
        body: [
          `Dear ${user.displayName},`,
          '',
          `The statement of ${s.accountName ?? s.entityName} (${s.entityName}) for ${s.from} to ${s.to} is ready.`,
          `Sign in to ${config.PRODUCT_NAME} and open Statements to download it (${s.fileName}).`,
          `SHA-256 of the PDF: ${s.sha256}`,
        ].join('\n'),
      });
    }
    const recipients = mails.length;
    const markSent = (tx: DbOrTx) => updateStatement(tx, id, { sentAt: new Date() });
    const entry = {
      action: 'statement.send',
      outcome: 'success',
      target: String(id),
      details: { recipients },
    } as const;
    await (who ? audited(db, who, entry, markSent) : markSent(db));
    for (const mail of mails) await mailer.send(mail);
    return { statementId: id, recipients };
  }

  const generateTask = defineTask({
    name: 'statements.generate',
    payload: z.object({ statementId: z.number().int() }),
    maxAttempts: 3,
    run: ({ statementId }, job) => build(statementId, job),
  });

  /**
   * Queues the statement of a request unless the same one is queued or running, and records
   * `audit(id)` of the one answered in the same transaction.
   */
  async function queue(
    who: Who,
    values: Parameters<typeof insertQueued>[1],
    audit: (id: number) => AuditEntry,
  ): Promise<number> {
    // The running one may finish between our insert and our read: then queue again, once.
    for (let attempt = 0; ; attempt++) {
      const id = await audited(
        db,
        who,
        (answered: number | null) => (answered === null ? null : audit(answered)),
        async (tx) => {
          const made = await insertQueued(tx, values);
          if (made === null) return (await runningOf(tx, values.requestKey)) ?? null;
          await enqueue(tx, generateTask, { statementId: made }, { jobKey: `statement:${made}` });
          return made;
        },
      );
      if (id !== null) return id;
      if (attempt > 0) throw conflict('The same statement was just finished: request it again');
    }
  }

  const monthly = monthlyStatements({ db, config, eod: deps.eod, generateTask });

  return {
    build,
    /** Ends the PDF threads (the server is stopping). */
    close: stopStatementRenderer,
    generateTask,
    monthlyTask: monthly.task,
    queueMonth: monthly.queueMonth,
    tasks: [generateTask, monthly.task],

    /**
     * Asks for a statement: answered at once (queued), the PDF built by a job. The same
     * request while one is queued or running answers that one.
     * @throws 413 (section 8's message) for a period longer than STATEMENT_MAX_DAYS; 422 for
     *   a period whose cut-off has not passed
     */
    async generate(who: Who, body: TStatementGenerate): Promise<TStatement> {
      if (daysIn(body.from, body.to) > config.STATEMENT_MAX_DAYS)
        throw new AppError('PayloadTooLarge', 413, STATEMENT_RANGE_TOO_LARGE);
      if (deps.eod.cutoffOf(body.to).getTime() > Date.now())
        throw refuse(
          'to',
          `The period has not ended: ${body.to} closes at ${config.EOD_CUTOFF_TIME} ${config.EOD_TIME_ZONE}`,
        );
      let entityId = who.entityId;
      if (body.accountId) {
        // The guard placed the account at or below the acting entity; the statement is its owner's.
        const [account] = await historyAccounts(db, {
          entityId: who.entityId,
          accountId: body.accountId,
          below: true,
        });
        if (!account) throw notFound('Account not found');
        entityId = account.entityId;
      }
      const includeBelow = body.accountId ? false : body.includeBelow;
      const requestKey = JSON.stringify([
        entityId,
        body.accountId ?? null,
        includeBelow,
        body.period,
        body.from,
        body.to,
        body.currencyView,
      ]);
      const audit = (id: number): AuditEntry => ({
        action: 'statement.generate',
        outcome: 'success',
        target: String(id),
        details: { accountId: body.accountId ?? null, from: body.from, to: body.to },
      });
      const id = await queue(
        who,
        {
          entityId,
          accountId: body.accountId ?? null,
          includeBelow,
          period: body.period,
          fromDate: body.from,
          toDate: body.to,
          currencyView: body.currencyView,
          requestKey,
          requestedBy: who.principal.name,
        },
        audit,
      );
      return view(id);
    },

    status: (id: number) => view(id),

    /** The PDF of a ready statement. @throws 409 while it is not ready */
    async download(id: number): Promise<{ data: Buffer; fileName: string }> {
      const s = await findStatement(db, id);
      if (!s) throw notFound('Statement not found');
      if (s.status !== 'READY' || !s.fileKey)
        throw conflict(
          s.status === 'FAILED' ? `The statement failed: ${s.failure}` : 'The statement is not ready yet',
        );
      const stored = await storage.get(s.fileKey);
      if (!stored) throw notFound('Statement not found');
      return { data: stored.data, fileName: s.fileName ?? `statement-${id}.pdf` };
    },

    list: (entityId: number, q: Omit<Parameters<typeof listStatements>[1], 'entityId'>) =>
      listStatements(db, { ...q, entityId }),

    send: (who: Who, id: number) => send(id, who),

    /** The calling user's statement e-mails of the entity: on or off. @throws 422 for an API key */
    async setEmailPreference(who: Who, optIn: boolean): Promise<{ optIn: boolean }> {
      if (who.principal.kind !== 'user') throw refuse('optIn', 'Only a user can receive statement e-mails');
      await setSubscribed(db, who.entityId, who.principal.id, optIn);
      return { optIn };
    },
  };
}
export type Statements = ReturnType<typeof createStatements>;
