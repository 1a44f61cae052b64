import type { ZInboxRequest } from '@clearway/contracts/endpoints/requests.schemas';
import type { z } from 'zod';

/** What the inbox is narrowed to, and which page of it. */
export type InboxFilter = Omit<z.input<typeof ZInboxRequest>, 'entityId'>;

/**
 * What waits for the caller's decision at an entity — the inbox's pages, its count (the
 * menu's badge) and each request opened in the drawer — all under `entity(id)`, and every
 * entity's under `all`, so one decision refreshes them together.
 */
export const inboxKeys = {
  all: ['approvals-inbox'] as const,
  entity: (entityId: number) => [...inboxKeys.all, entityId] as const,
  list: (entityId: number, filter: InboxFilter) => [...inboxKeys.entity(entityId), 'list', filter] as const,
  count: (entityId: number) => [...inboxKeys.entity(entityId), 'count'] as const,
  request: (entityId: number, requestId: number) =>
    [...inboxKeys.entity(entityId), 'request', requestId] as const,
};
