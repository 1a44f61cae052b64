import type { TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { DbOrTx } from '../../platform/db';
import type { LedgerService } from '../ledger/ledger.service';
import { eventsOf, legsOf, tradesById } from './trades.repo';

/**
 * Trades as the detail shows them: the trade, its legs, its events and the postings of every
 * ledger transaction it made (found by its ticket) — a handful of statements for any number.
 */
export async function viewsOf(db: DbOrTx, ledger: LedgerService, ids: number[]): Promise<TTradeView[]> {
  const list = await tradesById(db, ids);
  // One after the other: `db` may be a transaction (one connection).
  const legs = await legsOf(db, ids);
  const events = await eventsOf(db, ids);
  const postings = await ledger.postingsByReference(
    db,
    list.map((t) => t.ticket),
  );
  const byId = new Map(list.map((t) => [t.id, t]));
  return ids.map((id) => {
    const trade = byId.get(id)!;
    return {
      trade,
      legs: legs.get(id) ?? [],
      events: events.get(id) ?? [],
      postings: postings
        .filter((p) => p.reference === trade.ticket)
        .map(({ reference: _r, scale: _s, ...p }) => p),
    };
  });
}
