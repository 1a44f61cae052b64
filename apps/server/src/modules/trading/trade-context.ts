import type { TCfd, TFxPair, TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { fxTradeDate, type IsoDate, isWeekend, weekdayName } from '../instruments/iso-dates';
import type { AccountsService } from '../ledger/accounts.service';
import type { Booker } from '../ledger/booking';
import { accountClosed } from '../ledger/ledger.service';
import { refuseTerms } from './trade-terms';

/** A booking's caller: the principal and the entity the guard authorised (and the call, for audit). */
export type Who = Booker & { principal: NonNullable<Booker['principal']>; entityId: number };

/** The ticket of a new trade: the reference its ledger transactions carry. */
export const newTicket = () => `T-${crypto.randomUUID()}`;

/**
 * What every booking reads first: the account (of the caller's tree, open; for a margin FX or
 * CFD position a MarginTrading account), the instrument its owner may trade now, and the trade
 * date (today's FX trade date unless given; never a Saturday or Sunday).
 * @throws NotFound (account, instrument), AccountClosed (409), 422 when the owner may not trade
 *   it (trading disabled, instrument disabled or not allowed), it is of another kind, or the
 *   trade date falls on a weekend
 */
export function createTradeContext(deps: { accounts: AccountsService; instruments: InstrumentsModule }) {
  async function account(who: Who, accountId: number, opts: { margin?: boolean } = {}): Promise<TAccount> {
    const found = await deps.accounts.get(who.entityId, accountId);
    if (!found.active) throw accountClosed('accountId');
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
    instrument,
    tradeDate,
    fxPair: (owner: number, id: number): Promise<TFxPair> => instrument(owner, id, 'FX'),
    cfd: (owner: number, id: number): Promise<TCfd> => instrument(owner, id, 'CFD'),
  };
}
export type TradeContext = ReturnType<typeof createTradeContext>;
