import type { REQUEST_MOVES } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestStatus, RequestType } from '@clearway/contracts/enums';
import type { PermissionKey } from '@clearway/contracts/permissions';
import type { Principal } from '../../platform/principal';

/** Who a request is, for those who react to it (its payload stays with its type's handler). */
export type RequestSummary = {
  id: number;
  type: RequestType;
  entityId: number;
  requesterKind: string;
  requesterId: string;
  requesterName: string;
};

/**
 * What the requests module announces, inside the transaction that caused it (subscribe with
 * `engine.events.on`): a request was submitted (its approvers hold `approverKey` on its
 * entity); a request was decided — approved (by its last needed approver), rejected,
 * cancelled or completed. `status` is where the move left it: an approval that moved the
 * money all the way leaves it COMPLETED.
 */
export type RequestEvents = {
  submitted: { request: RequestSummary; approverKey: PermissionKey };
  decided: {
    request: RequestSummary;
    to: (typeof REQUEST_MOVES)[number];
    status: RequestStatus;
    /** Why (a rejection's reason, which its requester is told), as the decider gave it. */
    reason: string | null;
    by: { principal: Principal; entityId?: number | null };
  };
};
