import type { TFxPair } from '@clearway/contracts/endpoints/instruments.schemas';
import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import type { QuoteKind, TQuote, TQuoteRequest } from '@clearway/contracts/endpoints/quotes.schemas';
import type { TradeSide } from '@clearway/contracts/enums';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { idempotencyKeys } from '../../platform/idempotency.tables';
import { Money, parseAmount } from '../../platform/money';
import type { InstrumentsModule } from '../instruments/instruments.module';
import { fxTradeDate, plusDays } from '../instruments/iso-dates';
import type { LedgerService } from '../ledger/ledger.service';
import { type DeskLimits, judgeValueDate } from './desk-rules';
import { clientPremium, clientRate, type HousePrices } from './house-prices';
import { cutInstant } from './options/option-terms';
import type { TradeContext, Who } from './trade-context';
import { counterOf, opposite, parseRate, refuseTerms } from './trade-terms';
import { tradeQuotes } from './trading.tables';

/** The terms a quote priced, as a booking must repeat them (amounts and dates normalised). */
export type QuoteTerms = Record<string, string | null>;
export type QuoteRow = typeof tradeQuotes.$inferSelect;

type Deps = {
  db: Db;
  ledger: LedgerService;
  instruments: InstrumentsModule;
  context: TradeContext;
  prices: HousePrices;
  limits: DeskLimits;
};

/** Who asked a quote: the principal. */
const askerOf = (who: Who) => `${who.principal.kind}:${who.principal.id}`;
/** A principal's claim on a quote: its idempotency key, unique per principal. */
const claimOf = (who: Who, key: string) => `${askerOf(who)}:${key}`;
/** Whether the principal's key has its answer stored: the booking it made committed. */
const answered = (who: Who, key: string) =>
  sql`exists (select 1 from ${idempotencyKeys} k
               where k.principal_kind = ${who.principal.kind} and k.principal_id = ${who.principal.id}
                 and k.key = ${key} and k.response is not null)`;

/**
 * Quotes: the house's price for a booking about to be made — the rate sheet (or the option
 * model) plus the entity's spread, for today's trade date — stored so it cannot be altered,
 * valid for QUOTE_TTL_SECONDS. A booking claims it (`claim`) by its Idempotency-Key inside one
 * statement: a second key finds it used, a retry of the same key finds it again.
 */
export function createQuotes(deps: Deps) {
  const { db, ledger, instruments, context, prices, limits } = deps;

  type Priced = Omit<TQuote, 'quoteId' | 'quotedAt' | 'expiresAt' | 'ttlSeconds' | 'tradeDate' | 'entityId'>;

  async function fxSpot(pair: TFxPair, tradeDate: string) {
    return (await instruments.valueDates.spot({ base: pair.base, quote: pair.quote, tradeDate })).valueDate;
  }

  /** A dated FX leg: the value date judged (a client's never before spot), its market. */
  async function fxLeg(
    who: Who & { staff: boolean },
    pair: TFxPair,
    tradeDate: string,
    given: string | undefined,
    field: string,
  ) {
    const spotDate = await fxSpot(pair, tradeDate);
    const valueDate = given ?? spotDate;
    if (given) await instruments.valueDates.validate(pair, valueDate, { field, notBefore: tradeDate });
    judgeValueDate({ date: valueDate, tradeDate, spotDate, maxTenorDays: pair.maxTenorDays, field }, who);
    return { valueDate, market: await prices.fx(pair, { tradeDate, valueDate, spotDate, strict: true }) };
  }

  async function price(
    who: Who & { staff: boolean },
    q: TQuoteRequest,
    account: TAccount,
    tradeDate: string,
  ) {
    const spread = await prices.spreadBps(account.entityId);
    const common = {
      kind: q.kind,
      accountId: account.id,
      instrumentId: q.instrumentId,
      side: q.side,
      spreadBps: spread.toString(),
      counterAmount: null,
      farPrice: null,
      swapPoints: null,
      premiumCurrency: null,
      valueDate: null,
      farValueDate: null,
    };
    if (q.kind === 'CFD') {
      const cfd = await context.cfd(account.entityId, q.instrumentId);
      const market = await prices.cfd(cfd);
      const rate = clientRate(q.side, market, spread, cfd.pricePrecision);
      const quantity = new Money(q.quantity);
      const counter = counterOf(
        quantity.times(cfd.contractSize),
        rate,
        await ledger.scaleOf(cfd.quote),
        'quantity',
      );
      const answer: Priced = {
        ...common,
        symbol: cfd.symbol,
        amount: quantity.toString(),
        price: rate.toString(),
        mid: market.mid.toString(),
        counterAmount: counter.toString(),
      };
      return { owner: account.entityId, answer, terms: { quantity: quantity.toString() } as QuoteTerms };
    }
    const pair = await context.fxPair(account.entityId, q.instrumentId);
    const baseScale = await ledger.scaleOf(pair.base);
    const quoteScale = await ledger.scaleOf(pair.quote);
    if (q.kind === 'FX_OPTION')
      return { owner: account.entityId, ...(await optionPrice(q, pair, common, tradeDate)) };
    const amount = parseAmount(q.amount, baseScale);
    const given =
      q.kind === 'DELIVERABLE_FX' ? q.valueDate : q.kind === 'FX_SWAP' ? q.nearValueDate : undefined;
    const near = await fxLeg(
      who,
      pair,
      tradeDate,
      given,
      q.kind === 'FX_SWAP' ? 'nearValueDate' : 'valueDate',
    );
    const rate = clientRate(q.side, near.market, spread, pair.pricePrecision);
    const counter = counterOf(amount, rate, quoteScale);
    if (counter.isZero())
      throw refuseTerms('amount', `is too small: the counter amount rounds to zero ${pair.quote}`);
    const base = {
      ...common,
      symbol: pair.symbol,
      amount: amount.toFixed(baseScale),
      price: rate.toString(),
      mid: near.market.mid.toString(),
      counterAmount: counter.toFixed(quoteScale),
      valueDate: near.valueDate,
    };
    if (q.kind !== 'FX_SWAP')
      return {
        owner: account.entityId,
        answer: base,
        terms: { amount: amount.toString(), valueDate: near.valueDate } as QuoteTerms,
      };
    if (q.farValueDate <= near.valueDate)
      throw refuseTerms('farValueDate', `must be after the near value date ${near.valueDate}`);
    const far = await fxLeg(who, pair, tradeDate, q.farValueDate, 'farValueDate');
    const farRate = clientRate(opposite(q.side), far.market, spread, pair.pricePrecision);
    const points = farRate.minus(rate).div(pair.pipSize);
    return {
      owner: account.entityId,
      answer: {
        ...base,
        farPrice: farRate.toString(),
        swapPoints: points.toString(),
        farValueDate: q.farValueDate,
      },
      terms: {
        amount: amount.toString(),
        nearValueDate: near.valueDate,
        farValueDate: q.farValueDate,
      } as QuoteTerms,
    };
  }

  async function optionPrice(
    q: Extract<TQuoteRequest, { kind: 'FX_OPTION' }>,
    pair: TFxPair,
    common: Omit<Priced, 'symbol' | 'amount' | 'price' | 'mid'>,
    tradeDate: string,
  ) {
    const option = await instruments.catalog.optionOf(pair.id);
    const terms = optionTerms(q, pair);
    await instruments.valueDates.validate(pair, q.expiryDate, { field: 'expiryDate', notBefore: tradeDate });
    if (q.premiumCurrency !== pair.base && q.premiumCurrency !== pair.quote)
      throw refuseTerms(
        'premiumCurrency',
        `must be ${pair.base} or ${pair.quote}, the currencies of ${pair.symbol}`,
      );
    judgeExpiry({
      expiryDate: q.expiryDate,
      cut: q.cut,
      tradeDate,
      maxTenorDays: option?.maxTenorDays ?? pair.maxTenorDays,
    });
    const model = await prices.optionPremium(pair, {
      ...q,
      strike: terms.strike!,
      notional: terms.notional!,
    });
    const premium = clientPremium(
      q.side,
      model,
      new Money(common.spreadBps),
      await ledger.scaleOf(q.premiumCurrency),
    );
    if (premium.lte(0))
      throw refuseTerms('strike', 'prices this option at nothing: pick a strike nearer the market');
    const answer: Priced = {
      ...common,
      symbol: pair.symbol,
      amount: terms.notional!,
      price: premium.toString(),
      mid: model.toString(),
      premiumCurrency: q.premiumCurrency,
    };
    return { answer, terms };
  }

  /** Asks the house's price; the quote is stored and lives QUOTE_TTL_SECONDS. */
  async function quote(who: Who, q: TQuoteRequest): Promise<TQuote> {
    const account = await context.account(who, q.accountId, {
      margin: q.kind === 'MARGIN_FX' || q.kind === 'CFD',
    });
    const staff = await context.isStaff(who, account.entityId);
    const tradeDate = fxTradeDate();
    const { owner, answer, terms } = await price({ ...who, staff }, q, account, tradeDate);
    const quotedAt = new Date();
    const expiresAt = new Date(quotedAt.getTime() + limits.quoteTtlSeconds * 1000);
    const shown: TQuote = {
      ...answer,
      quoteId: crypto.randomUUID(),
      entityId: owner,
      tradeDate,
      quotedAt: quotedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      ttlSeconds: limits.quoteTtlSeconds,
    };
    await db.insert(tradeQuotes).values({
      id: shown.quoteId,
      kind: q.kind,
      entityId: owner,
      accountId: account.id,
      instrumentId: q.instrumentId,
      side: q.side,
      terms: { ...terms, tradeDate },
      price: answer.price,
      answer: shown,
      askedBy: askerOf(who),
      quotedAt,
      expiresAt,
    });
    return shown;
  }

  /**
   * Claims a quote for a booking: of the booked account, kind, instrument, side and terms,
   * not used by another key, not expired. Answers the quote as it was given.
   * @throws NotFound (no such quote for this account); 422 naming what differs; Conflict (used, expired)
   */
  async function claim(
    who: Who,
    key: string,
    quoteId: string,
    booking: { kind: QuoteKind; accountId: number; instrumentId: number; side: TradeSide; terms: QuoteTerms },
    /** Refuses what else the booking says against the quote, before it is claimed. */
    verify: (quote: TQuote) => void = () => {},
  ): Promise<TQuote> {
    const [row] = await db.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId));
    // A quote is its asker's: another principal (even of the same account) does not find it.
    if (!row || row.accountId !== booking.accountId || row.askedBy !== askerOf(who))
      throw notFound('Quote not found');
    const differs = differenceOf(row, booking);
    if (differs)
      throw refuseTerms('quoteId', `The quote was given for other terms (${differs}): ask for a new one`);
    verify(row.answer as TQuote);
    const by = claimOf(who, key);
    const [claimed] = await db
      .update(tradeQuotes)
      .set({ usedKey: by, usedAt: sql`coalesce(${tradeQuotes.usedAt}, now())` })
      .where(
        and(
          eq(tradeQuotes.id, quoteId),
          or(
            and(isNull(tradeQuotes.usedKey), gt(tradeQuotes.expiresAt, sql`now()`)),
            // A retry of the claiming key: while the quote lives, or to be answered what it booked.
            and(eq(tradeQuotes.usedKey, by), or(gt(tradeQuotes.expiresAt, sql`now()`), answered(who, key))),
          ),
        ),
      )
      .returning();
    if (claimed) return claimed.answer as TQuote;
    if (row.usedKey !== null && row.usedKey !== by)
      throw conflict('This quote has been used already: ask for a new one');
    throw conflict(`This quote expired at ${row.expiresAt.toISOString()}: ask for a new one`);
  }

  return { quote, claim };
}
export type Quotes = ReturnType<typeof createQuotes>;

/** An option's priced terms, normalised as its booking will repeat them. */
export function optionTerms(
  o: {
    optionType: string;
    notional: string;
    strike: string;
    expiryDate: string;
    cut: string;
    premiumCurrency: string;
  },
  pair: TFxPair,
): QuoteTerms {
  return {
    optionType: o.optionType,
    notional: new Money(o.notional).toString(),
    strike: parseRate(o.strike, pair.pricePrecision, pair.symbol, 'strike').toString(),
    expiryDate: o.expiryDate,
    cut: o.cut,
    premiumCurrency: o.premiumCurrency,
  };
}

/** An option's expiry, for everyone: after now (its cut), within the maximum tenor. */
export function judgeExpiry(e: { expiryDate: string; cut: string; tradeDate: string; maxTenorDays: number }) {
  if (cutInstant(e.expiryDate, e.cut as never).getTime() <= Date.now())
    throw refuseTerms('expiryDate', `${e.expiryDate} at its cut has passed: an option must expire after now`);
  const furthest = plusDays(e.tradeDate, e.maxTenorDays);
  if (e.expiryDate > furthest)
    throw refuseTerms(
      'expiryDate',
      `must not be after ${furthest}: the longest tenor is ${e.maxTenorDays} days`,
    );
}

/** What differs between a quote and a booking naming it, or null. */
function differenceOf(
  row: QuoteRow,
  b: { kind: QuoteKind; instrumentId: number; side: TradeSide; terms: QuoteTerms },
): string | null {
  if (row.kind !== b.kind) return `a ${row.kind.toLowerCase().replace('_', ' ')} booking`;
  if (row.instrumentId !== b.instrumentId) return 'another instrument';
  if (row.side !== b.side) return `side ${row.side}`;
  for (const [field, value] of Object.entries(b.terms))
    if ((row.terms[field] ?? null) !== value) return `${field} ${row.terms[field] ?? 'not given'}`;
  if (row.terms.tradeDate !== fxTradeDate()) return `trade date ${row.terms.tradeDate}`;
  return null;
}
