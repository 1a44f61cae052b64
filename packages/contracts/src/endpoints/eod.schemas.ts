import { z } from 'zod';
import { ZDate, ZId } from '../primitives';

export const EOD_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export const EOD_STEPS = [
  'marks',
  'barriers',
  'expiries',
  'settle',
  'premiums',
  'roll',
  'finance',
  'snapshot',
] as const;

/**
 * One business date's end of day: the marks taken at its cut-off, the deliveries settled,
 * margin positions rolled, CFD financing posted and positions snapshotted. A FAILED run
 * says what failed (each failure's step and, where one trade failed, which) and may be run
 * again: what it already did stays done, the rest is done.
 */
export const ZEodRun = z.object({
  businessDate: z.string(),
  status: z.enum(EOD_STATUSES),
  /** The moment the marks were taken: the cut-off time of the business date in its time zone. */
  cutoff: z.string(),
  requestedBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
  /** How many of each the runs of the date did. */
  steps: z.object({
    marks: z.number(),
    settled: z.number(),
    rolled: z.number(),
    financed: z.number(),
    snapshots: z.number(),
    /** Barrier options the day's recorded rates knocked in or out. */
    barriers: z.number().optional(),
    /** Deliveries settled on this date whose value date had passed (staff's back-valued trades, with a reason). */
    lateSettled: z.number().optional(),
  }),
  failures: z.array(
    z.object({
      step: z.enum(EOD_STEPS),
      tradeId: z.number().nullable(),
      ticket: z.string().nullable(),
      error: z.string(),
    }),
  ),
});
export type TEodRun = z.infer<typeof ZEodRun>;

export const ZLastEod = z.object({ run: ZEodRun.nullable() });
export const ZEodRunRequest = z.strictObject({
  entityId: ZId.optional(),
  /** A weekday; the latest one whose cut-off has passed when left out. */
  businessDate: ZDate.optional(),
});
export const ZEodRunList = z.strictObject({
  entityId: ZId.optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
