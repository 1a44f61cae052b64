import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, groupBy, inBigIds } from '../../platform/db';
import { requestApprovals, requestHistory, type requests } from './requests.tables';

export type RequestRow = typeof requests.$inferSelect;

/**
 * A stored payload read through its type's schema. A row that does not fit is lost data,
 * not bad input: a 500 naming the request, never a half-typed payload.
 */
export function storedPayload<P>(type: { parsePayload: (value: unknown) => P }, row: RequestRow): P {
  try {
    return type.parsePayload(row.payload);
  } catch (err) {
    throw new Error(`Request ${row.id} (${row.type}): stored payload does not fit its contract: ${err}`);
  }
}

/** The owner an API key acted for, when one did (absent otherwise). */
const onBehalfOf = (row: { onBehalfOfId: string | null; onBehalfOfName: string | null }) =>
  row.onBehalfOfId === null ? {} : { onBehalfOf: { id: row.onBehalfOfId, name: row.onBehalfOfName ?? '' } };

/**
 * Requests as views with their approvals and history, each read through `schema` (a union
 * keyed by type: ZRequestView, or one family of it): one statement per relation whatever
 * the number of rows, and one after another — `tx` may be a transaction's single client.
 * @throws Error when a row does not fit `schema` (see `storedPayload`)
 */
export async function loadViews<S extends z.ZodType>(
  tx: DbOrTx,
  rows: RequestRow[],
  schema: S,
): Promise<z.output<S>[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const approvals = await tx
    .select()
    .from(requestApprovals)
    .where(inBigIds(requestApprovals.requestId, ids))
    .orderBy(asc(requestApprovals.at));
  const history = await tx
    .select()
    .from(requestHistory)
    .where(inBigIds(requestHistory.requestId, ids))
    .orderBy(asc(requestHistory.id));
  const approvalsOf = groupBy(approvals, (a) => a.requestId);
  const historyOf = groupBy(history, (h) => h.requestId);
  return rows.map((r) => {
    const view = schema.safeParse({
      id: r.id,
      type: r.type,
      entityId: r.entityId,
      requester: { kind: r.requesterKind, id: r.requesterId, name: r.requesterName },
      payload: r.payload,
      status: r.status,
      requiredApprovals: r.requiredApprovals,
      approvals: (approvalsOf.get(r.id) ?? []).map((a) => ({
        kind: a.approverKind,
        id: a.approverId,
        name: a.approverName,
        ...onBehalfOf(a),
        at: a.at.toISOString(),
      })),
      history: (historyOf.get(r.id) ?? []).map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        by: { kind: h.byKind, id: h.byId, name: h.byName, ...onBehalfOf(h) },
        reason: h.reason,
        at: h.at.toISOString(),
      })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    });
    if (!view.success)
      throw new Error(`Request ${r.id} (${r.type}) does not fit its contract: ${view.error}`);
    return view.data;
  });
}
