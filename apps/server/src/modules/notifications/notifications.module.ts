import type { EventSource } from '../../platform/events';
import type { Resolver } from '../authorization/resolver.service';
import type { CashReversalEvents } from '../ledger/cash-reversals.service';
import type { RequestEvents } from '../requests/request-events';
import type { UsersService } from '../users/users.service';
import type { NotificationsService } from './notifications.service';
import { notifyApprovers, notifyRequester } from './request-notices';
import { notifyReversal } from './reversal-notice';

/**
 * What people are told, and on which events of the modules that own them: approvers of a
 * submitted request, the requester of a decided one, an account's own users of a reversal.
 * Each notice is written in the transaction of its event, so it exists only if that commits.
 */
export function subscribeNotifications(d: {
  notifications: NotificationsService;
  resolver: Resolver;
  users: UsersService;
  requests: EventSource<RequestEvents>;
  reversals: EventSource<CashReversalEvents>;
}) {
  d.requests.on('submitted', (tx, e) => notifyApprovers(tx, e, d));
  d.requests.on('decided', (tx, e) => notifyRequester(tx, e, d));
  d.reversals.on('reversed', (tx, r) => notifyReversal(tx, r, d));
}
