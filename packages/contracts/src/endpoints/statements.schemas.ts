import { z } from 'zod';
import { ZDate, ZId, ZOffset } from '../primitives';

export const STATEMENT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
/** Daily: one business date; monthly: a calendar month; custom: any range up to the configured maximum. */
export const STATEMENT_PERIODS = ['DAILY', 'MONTHLY', 'CUSTOM'] as const;
/** The currency view: each account's own currencies, or those plus every figure in the base currency. */
export const STATEMENT_VIEWS = ['ACCOUNT', 'BASE'] as const;

/** Section 8's message for a statement whose period is longer than the configured maximum (413). */
export const STATEMENT_RANGE_TOO_LARGE =
  'The requested data is too large to be processed, please try again with a smaller date range.';

const entityId = ZId.optional();

/**
 * A statement of one account, or of an entity's accounts (and, with `includeBelow`, those of
 * every entity below it), for a period that has ended.
 */
export const ZStatementGenerate = z
  .strictObject({
    entityId,
    accountId: ZId.optional(),
    includeBelow: z.boolean().default(false),
    period: z.enum(STATEMENT_PERIODS),
    from: ZDate,
    to: ZDate,
    currencyView: z.enum(STATEMENT_VIEWS).default('ACCOUNT'),
  })
  .refine((s) => s.from <= s.to, { path: ['to'], message: 'must not be before the From date' })
  .refine((s) => s.period !== 'DAILY' || s.from === s.to, {
    path: ['to'],
    message: 'a daily statement covers one date: From and To must be the same',
  })
  .refine(
    (s) =>
      s.period !== 'MONTHLY' ||
      (s.from.endsWith('-01') && s.from.slice(0, 7) === s.to.slice(0, 7) && isLastOfMonth(s.to)),
    { path: ['from'], message: 'a monthly statement runs from the first to the last day of one month' },
  );
export type TStatementGenerate = z.output<typeof ZStatementGenerate>;

function isLastOfMonth(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.getUTCDate() === 1;
}

export const ZStatementRef = z.strictObject({ entityId, statementId: ZId });

export const ZStatement = z.object({
  statementId: z.number(),
  entityId: z.number(),
  entityName: z.string(),
  accountId: z.number().nullable(),
  accountName: z.string().nullable(),
  includeBelow: z.boolean(),
  period: z.enum(STATEMENT_PERIODS),
  from: z.string(),
  to: z.string(),
  currencyView: z.enum(STATEMENT_VIEWS),
  status: z.enum(STATEMENT_STATUSES),
  /** 0–100 while running; 100 once ready. */
  progress: z.number(),
  /** Why it failed, in words a user can act on. */
  failure: z.string().nullable(),
  /** The end-of-day business date its positions and marks come from. */
  eodBusinessDate: z.string().nullable(),
  fileName: z.string().nullable(),
  sha256: z.string().nullable(),
  size: z.number().nullable(),
  entries: z.number().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZStatementList = z.strictObject({
  entityId,
  status: z.enum(STATEMENT_STATUSES).optional(),
  accountId: ZId.optional(),
  period: z.enum(STATEMENT_PERIODS).optional(),
  limit: z.number().int().min(1).max(100).default(10),
  offset: ZOffset,
});
export const ZStatementPage = z.object({ items: z.array(ZStatement), total: z.number() });
export type TStatementPage = z.infer<typeof ZStatementPage>;

/** Who the statement went to (users of its entity who opted in). */
export const ZStatementSent = z.object({ statementId: z.number(), recipients: z.number() });

export const ZStatementEmailPreference = z.strictObject({ entityId, optIn: z.boolean() });
export const ZStatementEmailSetting = z.object({ optIn: z.boolean() });
