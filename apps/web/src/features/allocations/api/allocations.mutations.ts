import type { BodyOf } from '@clearway/contracts/endpoint';
import { API } from '@clearway/contracts/endpoint-table';
import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { allocationKeys } from './allocations.keys';

function useAllocationChange<B, R>(entityId: number, call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allocationKeys.entity(entityId) }),
  });
}

export const useCreateGroup = (entityId: number) =>
  useAllocationChange(entityId, (body: BodyOf<typeof API.allocations.groupsCreate>) =>
    api(API.allocations.groupsCreate, { payload: body }),
  );
export const useUpdateGroup = (entityId: number) =>
  useAllocationChange(entityId, (body: BodyOf<typeof API.allocations.groupsUpdate>) =>
    api(API.allocations.groupsUpdate, { payload: body }),
  );
export const useDeleteGroup = (entityId: number) =>
  useAllocationChange(entityId, (groupId: number) =>
    api(API.allocations.groupsDelete, { payload: { entityId, groupId } }),
  );
export const useAddInvestor = (entityId: number) =>
  useAllocationChange(entityId, (body: BodyOf<typeof API.allocations.investorsAdd>) =>
    api(API.allocations.investorsAdd, { payload: body }),
  );
export const useUpdateInvestor = (entityId: number) =>
  useAllocationChange(entityId, (body: BodyOf<typeof API.allocations.investorsUpdate>) =>
    api(API.allocations.investorsUpdate, { payload: body }),
  );
export const useRemoveInvestor = (entityId: number) =>
  useAllocationChange(entityId, (body: { groupId: number; investorId: number; reallocate: boolean }) =>
    api(API.allocations.investorsRemove, { payload: { entityId, ...body } }),
  );

/** The call that allocates a block of its kind (trades/fx or trades/cfd). */
const rowFor = (type: TTrade['type']) =>
  type === 'CFD' ? API.allocations.tradesCfd : API.allocations.tradesFx;

/** The split of a block over a group as it would be booked now: nothing is booked. */
export const previewAllocation = (entityId: number, groupId: number, block: TTrade) =>
  api(rowFor(block.type), { payload: { entityId, groupId, tradeId: block.id, preview: true } });

/** Allocates (or reprocesses) a block: the blotter, the balances and the groups refresh. */
export function useAllocate(entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, block }: { groupId: number; block: TTrade }) =>
      api(rowFor(block.type), { payload: { entityId, groupId, tradeId: block.id, preview: false } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
