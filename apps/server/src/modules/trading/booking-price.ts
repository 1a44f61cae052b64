import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type { QuoteKind, TQuote } from '@clearway/contracts/endpoints/quotes.schemas';
import { isBooked, type TBookingAnswer, type TTradeView } from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeSide } from '@clearway/contracts/enums';
import { AppError } from '../../platform/errors';
import { Money } from '../../platform/money';
import { type Asked, type DeskLimits, deviationPct, judgePrice, judgeTradeDate } from './desk-rules';
import type { Quotes, QuoteTerms } from './quotes.service';
import type { TradeContext, Who } from './trade-context';
import { refuseTerms } from './trade-terms';

/** What every booking says of how it is priced and dated. */
export type DeskAsk = { quoteId?: string; reason?: string; offMarket?: boolean; tradeDate?: string };

/** How a booking was priced: at a quote, or staff's typed price within tolerance or off-market. */
export type Pricing = {
  price: Money;
  quote: TQuote | null;
  /** Set when the typed price is beyond the tolerance (staff, with offMarket and a reason). */
  offMarket: { market: string; deviationPct: string; tolerancePct: string } | null;
};

/** A booking made on approval of an 'OFF MARKET TRADE' request: its price was judged by a second person. */
export type Approved = { requestId: number };

/**
 * The one place a booking gets its price and its trade date. A client (not the house's staff
 * for the booked entity, desk.ts) books at a quote only, today; staff may type a price
 * within the instrument's tolerance (beyond it only off-market, under four eyes) and
 * back-date within the window with a reason.
 */
export function createBookingPrice(deps: { context: TradeContext; quotes: Quotes; limits: DeskLimits }) {
  const { context, quotes, limits } = deps;

  /** Who the caller is to the booked entity, and the trade date it may book. */
  async function open(who: Who, account: TAccount, ask: DeskAsk) {
    const staff = await context.isStaff(who, account.entityId);
    const asked: Asked = { staff, reason: ask.reason, offMarket: ask.offMarket };
    if (!staff && (ask.reason !== undefined || ask.offMarket))
      throw refuseTerms(
        ask.offMarket ? 'offMarket' : 'reason',
        'is for the house’s staff only: clients book at the house’s quotes',
      );
    return { asked, tradeDate: judgeTradeDate(ask.tradeDate, asked, limits) };
  }

  /**
   * The price of a booking: the quote's (claimed for this key, terms checked), or staff's
   * typed one judged against the market.
   * @throws 422 when a client types a price, a typed price differs from the quote's, or a
   *   staff price is beyond the tolerance without offMarket; what claiming the quote refuses
   */
  async function price(
    who: Who,
    key: string,
    ask: DeskAsk,
    asked: Asked,
    b: {
      kind: QuoteKind;
      accountId: number;
      instrumentId: number;
      side: TradeSide;
      terms: QuoteTerms;
      /**
       * Staff's typed figure, parsed, with the field it came from and the price it makes (the
       * rate a counter amount makes; the figure itself otherwise), when given.
       */
      typed: { value: Money; field: string; price?: Money } | null;
      /** The quote's figure the typed one must equal: its price, unless the field is another. */
      quoted?: (q: TQuote) => string;
      market: () => Promise<Money>;
      tolerancePct: string;
      what: string;
      approved?: Approved;
    },
  ): Promise<Pricing> {
    if (ask.quoteId) {
      const quote = await quotes.claim(who, key, ask.quoteId, b, (q) => {
        const expected = new Money(b.quoted ? b.quoted(q) : q.price);
        if (b.typed && !b.typed.value.eq(expected))
          throw refuseTerms(b.typed.field, `must be the quote’s ${expected} (or be left out)`);
      });
      return { price: new Money(quote.price), quote, offMarket: null };
    }
    if (!asked.staff)
      throw refuseTerms(
        'quoteId',
        'Book at a quote: ask trades/quote for the house’s price, then book with its quoteId',
      );
    if (!b.typed) throw refuseTerms('quoteId', 'Enter a price, or book at a quote');
    const typed = b.typed.price ?? b.typed.value;
    if (b.approved) return { price: typed, quote: null, offMarket: null };
    const market = await b.market().catch((err: unknown) => {
      // No market to judge against (no rate, price or volatility): only a second person may let it through.
      if (!(err instanceof AppError) || err.status !== 422) throw err;
      if (!asked.offMarket || !asked.reason)
        throw refuseTerms(
          b.typed!.field,
          `${err.message}: the price cannot be checked — book it off-market with a reason for another staff member to approve`,
        );
      return null;
    });
    if (market === null)
      return {
        price: typed,
        quote: null,
        offMarket: { market: '0', deviationPct: '100', tolerancePct: new Money(b.tolerancePct).toString() },
      };
    const verdict = judgePrice(
      { price: typed, market, tolerancePct: b.tolerancePct, field: b.typed.field, what: b.what },
      asked,
    );
    return {
      price: typed,
      quote: null,
      offMarket:
        verdict === 'offMarket'
          ? {
              market: market.toString(),
              deviationPct: deviationPct(typed, market).toString(),
              tolerancePct: new Money(b.tolerancePct).toString(),
            }
          : null,
    };
  }

  return { open, price };
}
export type BookingPrice = ReturnType<typeof createBookingPrice>;

/** What a trade records of how the desk priced and dated it (its details, shown and audited). */
export function deskDetails(
  given: string,
  p: Pricing,
  ask: DeskAsk,
  approved?: Approved,
): Record<string, unknown> {
  return {
    given: p.quote ? 'quote' : given,
    ...(p.quote ? { quoteId: p.quote.quoteId, quotedMid: p.quote.mid, spreadBps: p.quote.spreadBps } : {}),
    ...(ask.reason ? { reason: ask.reason } : {}),
    ...(approved ? { offMarketRequestId: approved.requestId } : {}),
  };
}

/** The trade a booking made, where the caller knows it was not off-market (seeds, allocations). */
export function asBooked(answer: TBookingAnswer): TTradeView {
  if (!isBooked(answer)) throw new Error(`Expected a trade, got ${answer.pendingRequest.message}`);
  return answer;
}
