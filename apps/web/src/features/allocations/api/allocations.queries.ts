import { API } from '@clearway/contracts/endpoint-table';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allocationKeys } from './allocations.keys';

/** The groups of the entity and below it, with their investors and allocated blocks. */
export const allocationGroupsQuery = (entityId: number) =>
  queryOptions({
    queryKey: allocationKeys.groups(entityId),
    queryFn: async () => (await api(API.allocations.groupsList, { payload: { entityId } })).items,
    enabled: entityId > 0,
  });

/** Accounts of the entities below the manager: the investors' accounts to choose from. */
export const investorAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: allocationKeys.accounts(entityId),
    queryFn: async () =>
      (await api(API.account.list, { payload: { entityId, allAccessible: true, sortMode: 'name' } })).filter(
        (a) => a.entityId !== entityId && a.active,
      ),
    enabled: entityId > 0,
  });

/** The manager's own live trades an allocation may split (newest first). */
export const blockTradesQuery = (entityId: number) =>
  queryOptions({
    queryKey: allocationKeys.blocks(entityId),
    queryFn: async () =>
      (
        await api(API.trades.list, {
          payload: { entityId, sort: 'bookedAt', direction: 'desc', limit: 200, offset: 0 },
        })
      ).items.filter(
        (t) =>
          t.entityId === entityId &&
          ['DELIVERABLE_FX', 'MARGIN_FX', 'CFD'].includes(t.type) &&
          ['PENDING', 'OPEN'].includes(t.status),
      ),
    enabled: entityId > 0,
  });
