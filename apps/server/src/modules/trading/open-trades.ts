import { TRADE_STATUS_LABELS, TRADE_TYPE_LABELS, type TradeStatus } from '@clearway/contracts/enums';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { accountNameOf } from '../ledger/ledger-sql';
import { trades } from './trading.tables';

/**
 * Trades still live: a delivery not yet made (PENDING), a position or option that can still
 * move (OPEN), a barrier option waiting to knock in (INACTIVE). The rest have ended.
 */
const LIVE: TradeStatus[] = ['PENDING', 'OPEN', 'INACTIVE'];
/** Enough to say what to close first; the count says how many more there are. */
const NAMED = 10;

/**
 * The entity's live trades and open positions, each named with its account — what keeps it
 * from being deactivated (the entities module's `refuseDeactivationWhen`). Read in the
 * caller's transaction.
 */
export async function openTradesOf(tx: DbOrTx, entityId: number): Promise<string[]> {
  const rows = await tx
    .select({
      ticket: trades.ticket,
      type: trades.type,
      symbol: trades.symbol,
      status: trades.status,
      accountId: trades.accountId,
      accountName: accountNameOf(trades.accountId),
    })
    .from(trades)
    .where(and(eq(trades.entityId, entityId), inArray(trades.status, LIVE)))
    .orderBy(asc(trades.accountId), asc(trades.id))
    .limit(NAMED + 1);
  const named = rows
    .slice(0, NAMED)
    .map(
      (r) =>
        `open trade ${r.ticket} (${TRADE_TYPE_LABELS[r.type]} ${r.symbol}, ${TRADE_STATUS_LABELS[r.status]}) in account ${r.accountName} (${r.accountId})`,
    );
  if (rows.length > NAMED) named.push('more open trades');
  return named;
}
