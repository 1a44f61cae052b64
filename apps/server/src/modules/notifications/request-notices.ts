import { type RequestType, WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import type { DbOrTx } from '../../platform/db';
import type { Resolver } from '../authorization/resolver.service';
import type { RequestEvents } from '../requests/request-events';
import type { NotificationsService } from './notifications.service';

type Deps = { resolver: Resolver; notifications: NotificationsService };

/** The page that shows a request of this type: whitelisting, or money (menu paths). */
export function requestPageOf(type: RequestType): string {
  return (WHITELIST_REQUEST_TYPES as readonly RequestType[]).includes(type)
    ? '/whitelist-requests'
    : '/deposit-and-withdrawals/requests';
}

/**
 * A new request tells the people who may approve it (never its requester). Approvers are
 * read through `tx`, the submission's own connection (see `resolver.holders`).
 */
export async function notifyApprovers(tx: DbOrTx, e: RequestEvents['submitted'], d: Deps) {
  const r = e.request;
  const approvers = (await d.resolver.holders(r.entityId, e.approverKey, tx)).filter(
    (p) => !(p.kind === r.requesterKind && p.id === r.requesterId),
  );
  await d.notifications.notify(tx, approvers, {
    title: `New ${r.type.toLowerCase()} request`,
    message: `#${r.id} from ${r.requesterName} awaits approval`,
    link: requestPageOf(r.type),
  });
}

/** A decision (or a cancellation, or completion) tells the requester. */
export async function notifyRequester(tx: DbOrTx, e: RequestEvents['decided'], d: Deps) {
  const r = e.request;
  await d.notifications.notify(tx, [{ kind: r.requesterKind, id: r.requesterId }], {
    title: `Request #${r.id} ${e.to.toLowerCase()}`,
    message: `${e.by.principal.name} moved your ${r.type.toLowerCase()} request to ${e.to.toLowerCase()}`,
    link: requestPageOf(r.type),
  });
}
