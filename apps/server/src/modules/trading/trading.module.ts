import type { Db } from '../../platform/db';
import type { InstrumentsModule } from '../instruments/instruments.module';
import type { AccountsService } from '../ledger/accounts.service';
import type { LedgerService } from '../ledger/ledger.service';
import { createDeliverableBooking } from './deliverable.service';
import { createSettlement } from './settlement.service';
import { createSnapshots, endOfDayCounts } from './snapshots.service';
import { createTradeCancels } from './trade-cancel.service';
import { createTradeContext } from './trade-context';
import { createTradesService } from './trades.service';

type Deps = { db: Db; ledger: LedgerService; accounts: AccountsService; instruments: InstrumentsModule };

/**
 * The trading module as the routes and the end of day use it: bookings per kind of trade,
 * the blotter and cancels (`trades`), and physical settlement on the value date.
 */
export function createTradingModule({ db, ledger, accounts, instruments }: Deps) {
  const context = createTradeContext({ accounts, instruments });
  const deliverable = createDeliverableBooking({ ledger, instruments, context });
  const cancels = createTradeCancels({ db, ledger });
  const trades = createTradesService({ db, ledger, cancels });
  const settlement = createSettlement({ db, ledger });
  const snapshots = createSnapshots({ db, instruments });
  return {
    context,
    deliverable,
    trades,
    settlement,
    snapshots,
    /** What the end of day of a date has done, read from what it left. */
    endOfDayCounts: (businessDate: string) => endOfDayCounts(db, businessDate),
  };
}
export type TradingModule = ReturnType<typeof createTradingModule>;
