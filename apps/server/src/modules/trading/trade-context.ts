import type { TCfd, TFxPair, TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type { Db } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import type { EntitiesService } from '../entities/entities.service';
import { freezeHolding, frozenMessage } from '../entities/entity-lookups';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { fxTradeDate, type IsoDate, isWeekend, weekdayName } from '../instruments/iso-dates';
import type { AccountsService } from '../ledger/accounts.service';
import type { Booker } from '../ledger/booking';
import { accountClosed } from '../ledger/ledger.service';
import type { Desk } from './desk';
import { refuseTerms } from './trade-terms';

/** A booking's caller: the principal and the entity the guard authorised (and the call, for audit). */
export type Who = Booker & { principal: NonNullable<Booker['principal']>; entityId: number };

/** A refusal of the owner's trading (the same wording as the instrument catalogue's). */
const notTradable = (message: string) => new AppError('BadRequest', 422, message, { accountId: message });

/** The ticket of a new trade: the reference its ledger transactions carry. */
export const newTicket = () => `T-${crypto.randomUUID()}`;

/**
 * What every booking and every option move reads first, through one gate (`account`): the
 * account (of the caller's tree, open; for a margin FX or CFD position a MarginTrading
 * account) and its owner — active, not frozen (itself or above), trading enabled — before
 * anything is written, whether or not the booking posts ledger legs; then the instrument its
 * owner may trade now, and the trade date (today's FX trade date unless given; never a
 * Saturday or Sunday). Prices, dates and margin are judged after it (desk-rules.ts, margin).
 * @throws NotFound (account, instrument), AccountClosed (409), Conflict (409) for a frozen
 *   owner, 422 when the owner may not trade it (inactive, trading disabled, instrument
 *   disabled or not allowed), it is of another kind, or the trade date falls on a weekend
 */
export function createTradeContext(deps: {
  db: Db;
  accounts: AccountsService;
  entities: EntitiesService;
  instruments: InstrumentsModule;
  desk: Desk;
}) {
  /** The trading gate: the owner may trade now. @throws Conflict (frozen), 422 (inactive, trading disabled) */
  async function gate(entityId: number) {
    const [profile, holder] = await Promise.all([
      deps.entities.tradingProfile(entityId),
      freezeHolding(deps.db, entityId),
    ]);
    if (holder) throw conflict(frozenMessage(holder));
    if (!profile.active) throw notTradable(`${profile.name} is not active: it cannot trade`);
    if (!profile.tradingEnabled) throw notTradable(`Trading is not enabled for ${profile.name}`);
    return profile;
  }

  async function account(who: Who, accountId: number, opts: { margin?: boolean } = {}): Promise<TAccount> {
    const found = await deps.accounts.get(who.entityId, accountId);
    if (!found.active) throw accountClosed('accountId');
    await gate(found.entityId);
    if (opts.margin && found.type !== 'MarginTrading')
      throw refuseTerms(
        'accountId',
        `${found.name} is not a MarginTrading account: positions are held on one`,
      );
    return found;
  }

  async function instrument<K extends TInstrument['kind']>(
    owner: number,
    instrumentId: number,
    kind: K,
  ): Promise<Extract<TInstrument, { kind: K }>> {
    const found = await deps.instruments.catalog.assertTradable(owner, instrumentId);
    if (found.kind !== kind)
      throw refuseTerms('instrumentId', `${found.symbol} is not ${kind === 'FX' ? 'an FX pair' : 'a CFD'}`);
    return found as Extract<TInstrument, { kind: K }>;
  }

  function tradeDate(given?: IsoDate): IsoDate {
    const date = given ?? fxTradeDate();
    if (isWeekend(date))
      throw refuseTerms('tradeDate', `${date} is a ${weekdayName(date)}: FX does not trade at weekends`);
    return date;
  }

  return {
    account,
    gate,
    /** Whether the caller is the house's staff for the entity (desk.ts), not its client. */
    isStaff: (who: Who, entityId: number) => deps.desk.isStaff(who.principal, entityId),
    instrument,
    tradeDate,
    fxPair: (owner: number, id: number): Promise<TFxPair> => instrument(owner, id, 'FX'),
    cfd: (owner: number, id: number): Promise<TCfd> => instrument(owner, id, 'CFD'),
  };
}
export type TradeContext = ReturnType<typeof createTradeContext>;
