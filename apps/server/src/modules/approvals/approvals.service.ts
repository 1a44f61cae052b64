import { MONEY_REQUEST_TYPES } from '@clearway/contracts/endpoints/money-requests.schemas';
import type { ZInboxRequest } from '@clearway/contracts/endpoints/requests.schemas';
import { ZRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { REQUEST_TYPES, type RequestType, WHITELIST_REQUEST_TYPES } from '@clearway/contracts/enums';
import type { EntityPermissions } from '@clearway/contracts/permissions';
import type { z } from 'zod';
import type { Principal } from '../../platform/principal';
import type { MoneyRequestsService } from '../money-requests/money-requests.service';
import type { RequestEngine } from '../requests/request-engine.service';

type Who = { principal: Principal; entityId: number };

/** The request types a filter of the inbox asks for: one type, one kind, or all. */
function typesOf(f: Pick<z.output<typeof ZInboxRequest>, 'kind' | 'type'>): readonly RequestType[] {
  const kind: readonly RequestType[] =
    f.kind === 'money'
      ? MONEY_REQUEST_TYPES
      : f.kind === 'whitelist'
        ? WHITELIST_REQUEST_TYPES
        : REQUEST_TYPES;
  return f.type ? kind.filter((t) => t === f.type) : kind;
}

/**
 * The approver's desk: the inbox of everything waiting for the caller's decision — money and
 * whitelisting requests alike, at the selected entity and below it — and one request as its
 * drawer shows it. Who may decide what is the request engine's rule; the facts beside each
 * request (names, proof, hash, posting) are the money requests module's.
 */
export function createApprovalsService(deps: { engine: RequestEngine; moneyRequests: MoneyRequestsService }) {
  const { engine, moneyRequests } = deps;
  return {
    /** `held`: the caller's permissions on the acting entity, as the access guard read them. */
    async inbox(who: Who, held: EntityPermissions, f: z.output<typeof ZInboxRequest>) {
      const page = await engine.awaiting(
        who,
        held,
        { types: typesOf(f), search: f.search, direction: f.direction, limit: f.limit, offset: f.offset },
        ZRequestView,
      );
      return { items: await moneyRequests.withFacts(page.items), total: page.total };
    },

    /** One request of the caller's tree (the guard placed it), and whether the caller may decide it now. */
    async view(who: Who, requestId: number) {
      await engine.assertViewable(who, requestId);
      const [request, decidable] = await Promise.all([
        engine.view(requestId),
        engine.decidable(who, requestId),
      ]);
      const [withFacts] = await moneyRequests.withFacts([request]);
      return { request: withFacts!, decidable };
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
