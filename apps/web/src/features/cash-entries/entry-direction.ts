import type { TCashEntryRow } from '@clearway/contracts/endpoints/money.schemas';
import { negated } from '../../lib/format';

/**
 * An entry's amount signed by what it does to the account it is read against: money in
 * positive, money out negative — a withdrawal `-100.00`, a reversed deposit `-100.00`, a
 * reversed withdrawal `100.00`. An internal transfer is out of its sender and into its
 * receiver when the history is narrowed to one of them, unsigned (sender → receiver)
 * otherwise. The server's amount sort orders by the same figure (cash-entries.service.ts).
 */
export function signedAmount(
  e: Pick<TCashEntryRow, 'type' | 'amount' | 'accountId'>,
  narrowedTo?: number,
): string {
  const out = e.type === 'WITHDRAWAL' || (e.type === 'INTERNAL_TRANSFER' && e.accountId === narrowedTo);
  return out ? negated(e.amount) : e.amount;
}
