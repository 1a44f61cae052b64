import { type RequestType, WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import type { DbOrTx } from '../../platform/db';
import type { Resolver } from '../authorization/resolver.service';
import type { RequestEvents } from '../requests/request-events';
import type { NotificationsService } from './notifications.service';

type Deps = { resolver: Resolver; notifications: NotificationsService };

/** The page where a requester follows a request of this type: whitelisting, or money (menu paths). */
export function requestPageOf(type: RequestType): string {
  if (type === 'OFF MARKET TRADE' || type === 'BARRIER EVENT') return '/trades';
  return (WHITELIST_REQUEST_TYPES as readonly RequestType[]).includes(type)
    ? '/whitelist-requests'
    : '/deposit-and-withdrawals/requests';
}

/** The approvals inbox with the request's drawer open: where an approver decides it. */
export const inboxLinkOf = (requestId: number) => `/approvals?request=${requestId}`;

/** The requester's page of its type with the request's drawer open. */
export const requestLinkOf = (type: RequestType, requestId: number) =>
  `${requestPageOf(type)}?request=${requestId}`;

/**
 * A new request tells the people who may approve it (never its requester), linking to it in
 * their inbox. Approvers are read through `tx`, the submission's own connection (see
 * `resolver.holders`).
 */
export async function notifyApprovers(tx: DbOrTx, e: RequestEvents['submitted'], d: Deps) {
  const r = e.request;
  const approvers = (await d.resolver.holders(r.entityId, e.approverKey, tx)).filter(
    (p) => !(p.kind === r.requesterKind && p.id === r.requesterId),
  );
  await d.notifications.notify(tx, approvers, {
    title: `New ${r.type.toLowerCase()} request`,
    message: `#${r.id} from ${r.requesterName} awaits approval`,
    link: inboxLinkOf(r.id),
  });
}

/** A decision (or a cancellation, or completion) tells the requester, linking to the request. */
export async function notifyRequester(tx: DbOrTx, e: RequestEvents['decided'], d: Deps) {
  const r = e.request;
  const type = r.type.toLowerCase();
  const by = e.by.principal.name;
  // An approval that moved the money all the way says so (nothing is left to wait for); a
  // rejection says why.
  const message =
    e.to === 'APPROVED' && e.status === 'COMPLETED'
      ? `${by} approved your ${type} request; its money has moved and it is completed`
      : e.to === 'REJECTED' && e.reason
        ? `${by} rejected your ${type} request: ${e.reason}`
        : `${by} moved your ${type} request to ${e.to.toLowerCase()}`;
  await d.notifications.notify(tx, [{ kind: r.requesterKind, id: r.requesterId }], {
    title: `Request #${r.id} ${e.to.toLowerCase()}`,
    message,
    link: requestLinkOf(r.type, r.id),
  });
}
