import type { DbOrTx } from '../../platform/db';
import type { Resolver } from '../authorization/resolver.service';
import { ENTRY_TYPE_NAMES, type Reversal } from '../ledger/cash-reversals.service';
import type { UsersService } from '../users/users.service';
import type { NotificationsService } from './notifications.service';

/**
 * Tells the account owner's own users (those at home on the owning entity who may view its
 * accounts) that staff reversed one of its entries, why, and where to see it — a balance
 * that drops without a word is what a client calls support about. Staff above are not told:
 * on a broker with many clients that would be noise, and the history shows it to them.
 * Everything is read through `tx`, the reversal's own connection (see `resolver.holders`).
 */
export async function notifyReversal(
  tx: DbOrTx,
  r: Reversal,
  d: { resolver: Resolver; users: UsersService; notifications: NotificationsService },
) {
  const owner = r.original.entityId;
  const holders = await d.resolver.holders(owner, 'account_view', tx);
  const recipients = [];
  for (const h of holders) {
    if (h.kind !== 'user' || (h.kind === r.by.kind && h.id === r.by.id)) continue;
    if ((await d.users.findById(h.id, tx))?.homeEntityId === owner) recipients.push(h);
  }
  const o = r.original;
  await d.notifications.notify(tx, recipients, {
    title: `Entry #${o.id} reversed`,
    message: `The ${ENTRY_TYPE_NAMES[o.type]} of ${o.amount} ${o.asset} (value date ${o.valueDate}) was reversed by ${r.by.name}: ${r.reason}`,
    link: `/deposit-and-withdrawals/historic?accountId=${o.accountId}`,
  });
}
