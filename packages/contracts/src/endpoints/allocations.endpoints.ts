import { call } from '../endpoint';
import {
  ZAllocateTrade,
  ZAllocationGroup,
  ZAllocationGroupCreate,
  ZAllocationGroupList,
  ZAllocationGroupRef,
  ZAllocationGroups,
  ZAllocationGroupUpdate,
  ZAllocationInvestorAdd,
  ZAllocationInvestorRemove,
  ZAllocationInvestorUpdate,
  ZAllocationResult,
} from './allocations.schemas';
import { P } from './permission-sets';

// Section 7 "Allocations", keyed by section 6's system_management on the manager's entity.
// The groups, investors and trades named must lie in the acting entity's tree (else 404).
const tag = 'allocations';
const group = { objects: { groupId: 'allocationGroup' } } as const;
const trade = { objects: { groupId: 'allocationGroup', tradeId: 'trade' } } as const;

export const allocationEndpoints = {
  groupsList: call(
    'POST',
    '/entity/allocations/groups/list',
    tag,
    'Allocation groups with their investors and allocated blocks',
    P.allocations,
    ZAllocationGroupList,
    ZAllocationGroups,
  ),
  groupsCreate: call(
    'POST',
    '/entity/allocations/groups/create',
    tag,
    'Create an allocation group',
    P.allocations,
    ZAllocationGroupCreate,
    ZAllocationGroup,
  ),
  investorsAdd: call(
    'POST',
    '/entity/allocations/investors/add',
    tag,
    'Add an investor (an Allocation Investor account) to a group',
    P.allocations,
    ZAllocationInvestorAdd,
    ZAllocationGroup,
    { objects: { groupId: 'allocationGroup', accountId: 'account' } },
  ),
  tradesFx: call(
    'POST',
    '/entity/allocations/trades/fx',
    tag,
    'Allocate (or reprocess) an FX block trade over a group',
    P.allocations,
    ZAllocateTrade,
    ZAllocationResult,
    trade,
  ),
  tradesCfd: call(
    'POST',
    '/entity/allocations/trades/cfd',
    tag,
    'Allocate (or reprocess) a CFD block trade over a group',
    P.allocations,
    ZAllocateTrade,
    ZAllocationResult,
    trade,
  ),
  groupsUpdate: call(
    'PATCH',
    '/entity/allocations/groups/update',
    tag,
    'Update a group: status (active, suspended, closed), name, weighting',
    P.allocations,
    ZAllocationGroupUpdate,
    ZAllocationGroup,
    group,
  ),
  groupsDelete: call(
    'DELETE',
    '/entity/allocations/groups/delete',
    tag,
    'Delete a group that has allocated nothing',
    P.allocations,
    ZAllocationGroupRef,
    ZAllocationGroupRef,
    group,
  ),
  investorsRemove: call(
    'DELETE',
    '/entity/allocations/investors/remove',
    tag,
    'Remove an investor (its open allocated trades closed first, or reallocated)',
    P.allocations,
    ZAllocationInvestorRemove,
    ZAllocationGroup,
    group,
  ),
  investorsUpdate: call(
    'PUT',
    '/entity/allocations/investors/update',
    tag,
    'Update an investor’s weight or remainder priority',
    P.allocations,
    ZAllocationInvestorUpdate,
    ZAllocationGroup,
    group,
  ),
} as const;
