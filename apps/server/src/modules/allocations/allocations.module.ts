import type { Db } from '../../platform/db';
import type { EntitiesService } from '../entities/entities.service';
import type { AccountsService } from '../ledger/accounts.service';
import type { TradingModule } from '../trading/trading.module';
import { createAllocationGroups } from './allocation-groups.service';
import { createTradeAllocation } from './trade-allocation.service';

/** Allocation groups and the allocation of block trades over them (spec sections 1, 6, 7). */
export function createAllocationsModule(deps: {
  db: Db;
  entities: EntitiesService;
  accounts: AccountsService;
  trading: TradingModule;
}) {
  const base = {
    db: deps.db,
    entities: deps.entities,
    accounts: deps.accounts,
    trades: deps.trading.allocation,
  };
  const groups = createAllocationGroups(base);
  const allocation = createTradeAllocation({ ...base, groups });
  return { groups, allocation };
}
export type AllocationsModule = ReturnType<typeof createAllocationsModule>;
