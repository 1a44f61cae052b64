import type { Db } from '../../platform/db';
import type { PermissionResolver } from '../../platform/principal';
import type { EntitiesService } from '../entities/entities.service';
import type { InstrumentsModule } from '../instruments/instruments.module';
import type { AccountsService } from '../ledger/accounts.service';
import type { BalancesService, UnrealisedPnl } from '../ledger/balances.service';
import type { LedgerService } from '../ledger/ledger.service';
import { createBlockAllocation } from './block-allocation.service';
import { createBookingPrice } from './booking-price';
import { createCharges } from './charges.service';
import { createDeliverableBooking } from './deliverable.service';
import { createDesk } from './desk';
import type { DeskLimits } from './desk-rules';
import { createHousePrices } from './house-prices';
import { createOffMarket } from './off-market';
import { openTradesOf } from './open-trades';
import { createMargin } from './options/margin.service';
import { createOptionValuation } from './options/option-valuation.service';
import { createOptions } from './options/options.service';
import { createPnl } from './pnl.service';
import { createPositions } from './positions.service';
import { createQuotes } from './quotes.service';
import { createSettlement } from './settlement.service';
import { createSnapshots, endOfDayCounts } from './snapshots.service';
import { createSwaps } from './swap.service';
import { createSweeps } from './sweep.service';
import { createTradeCancels } from './trade-cancel.service';
import { createTradeContext } from './trade-context';
import { createTradesService } from './trades.service';

type Deps = {
  db: Db;
  /** The access guard's resolver: who is the house's staff for an entity (desk.ts). */
  resolve: PermissionResolver;
  /** QUOTE_TTL_SECONDS and TRADE_BACKDATE_BUSINESS_DAYS. */
  limits: DeskLimits;
  ledger: LedgerService;
  accounts: AccountsService;
  balances: BalancesService;
  entities: EntitiesService;
  instruments: InstrumentsModule;
};

/**
 * The trading module as the routes and the end of day use it: bookings per kind of trade,
 * the blotter and cancels (`trades`), physical settlement on the value date, the charges on
 * open positions (rolls, financing) and the positions' snapshot.
 */
export function createTradingModule(deps: Deps) {
  const { db, ledger, accounts, balances, entities, instruments } = deps;
  const desk = createDesk({ db, entities, resolve: deps.resolve });
  const context = createTradeContext({ db, accounts, entities, instruments, desk });
  const prices = createHousePrices({ instruments, entities });
  const quotes = createQuotes({ db, ledger, instruments, context, prices, limits: deps.limits });
  const pricing = createBookingPrice({ context, quotes, limits: deps.limits });
  const offMarket = createOffMarket({ db, context });
  const desking = { pricing, prices, offMarket };
  const deliverable = createDeliverableBooking({ ledger, instruments, context, ...desking });
  const valuation = createOptionValuation({ db, ledger, instruments });
  const pnl = createPnl({ db, ledger, instruments, entities });
  const margin = createMargin({ db, ledger, entities, balances, instruments, valuation, pnl });
  /** Equity's unrealised part (positions, undelivered trades, live options) and the initial margin. */
  const unrealised: UnrealisedPnl = (entityId, scope, base, sheet) =>
    margin.assess(entityId, scope, base, sheet);
  const positions = createPositions({
    db,
    ledger,
    instruments,
    context,
    checkMargin: margin.check,
    ...desking,
  });
  const swaps = createSwaps({ ledger, instruments, context, ...desking });
  const sweeps = createSweeps({ ledger, instruments, entities, balances, context, pricing });
  const options = createOptions({
    db,
    ledger,
    instruments,
    context,
    deliverable,
    checkMargin: margin.check,
    ...desking,
  });
  const cancels = createTradeCancels({ db, ledger, undoPosition: positions.undo, undoOption: options.undo });
  const trades = createTradesService({ db, ledger, cancels });
  const allocation = createBlockAllocation({ db, ledger, deliverable, positions, cancels });
  const settlement = createSettlement({ db, ledger, onLegSettled: swaps.holdFarLeg });
  const charges = createCharges({ db, ledger, instruments, entities });
  const snapshots = createSnapshots({ db, instruments });
  return {
    desk,
    quotes,
    offMarket,
    unrealised,
    valuation,
    margin,
    pnl,
    context,
    deliverable,
    options,
    positions,
    swaps,
    sweeps,
    trades,
    allocation,
    settlement,
    charges,
    snapshots,
    /** Live trades and open positions that keep an entity from being deactivated. */
    openTradesOf,
    /** What the end of day of a date has done, read from what it left. */
    endOfDayCounts: (businessDate: string) => endOfDayCounts(db, businessDate),
  };
}
export type TradingModule = ReturnType<typeof createTradingModule>;
