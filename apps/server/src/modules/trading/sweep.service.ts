import type { TConversionSweep, TSweep } from '@clearway/contracts/endpoints/trades.schemas';
import type { Tx } from '../../platform/db';
import { Money } from '../../platform/money';
import type { EntitiesService } from '../entities/entities.service';
import type { InstrumentsModule } from '../instruments/instruments.module';
import type { BalancesService } from '../ledger/balances.service';
import { type Leg, type RecordKind, recordOf } from '../ledger/booking';
import type { LedgerService } from '../ledger/ledger.service';
import type { BookingPrice } from './booking-price';
import { newTicket, type TradeContext, type Who } from './trade-context';
import { byOf } from './trade-record';
import { counterOf, deliveryLegs, pnlAgainst, refuseTerms } from './trade-terms';
import { appendEvents, insertLegs, insertTrade, type NewTrade, tradesById } from './trades.repo';

type Deps = {
  ledger: LedgerService;
  instruments: InstrumentsModule;
  entities: EntitiesService;
  balances: BalancesService;
  context: TradeContext;
  pricing: BookingPrice;
};

/** Decimals a sweep's conversion rate keeps. */
const SWEEP_RATE_DECIMALS = 10;

type Conversion = { trade: Omit<NewTrade, 'id' | 'bookedAt' | 'bookedBy'>; mid: string };
/** What a sweep asks for; what it converts is read once its Idempotency-Key is claimed. */
type SweepInput = {
  ticket: string;
  account: { id: number; name: string; entityId: number };
  base: string;
  spreadBps: string;
  tradeDate: string;
  currencies?: string[];
  reference: string | null;
  memo: string | null;
  conversions?: Conversion[];
};

/**
 * Conversion sweeps: an account's available balances outside its owner's base currency sold
 * for the base at the sheet's bid less the owner's conversion profile spread (basis points of
 * the rate), delivered at once — one ledger transaction through the house's FX accounts, one
 * SETTLED trade per currency sharing the sweep's ticket. The realised P&L of each is what the
 * rate gave away against the sheet's mid (the spread's cost, negative). Idempotent by key.
 * @throws 422 when trading is disabled, there is nothing to sweep (or a currency asked for has
 *   nothing available, or is the base), or the sheet has no rate for a currency;
 *   InsufficientFunds when a balance was spent meanwhile; IdempotencyKeyConflict
 */
export function createSweeps({ ledger, instruments, entities, balances, context, pricing }: Deps) {
  /** The conversions of the account's available balances now, and their legs; or why there are none. */
  async function convert(tx: Tx, i: SweepInput): Promise<Error | { input: SweepInput; legs: Leg[] }> {
    const available = new Map(
      (await balances.ofAccount(i.account.id, tx))
        .filter((b) => b.asset !== i.base && new Money(b.available).gt(0))
        .map((b) => [b.asset, b.available]),
    );
    for (const asked of i.currencies ?? [])
      if (!available.has(asked))
        return refuseTerms('currencies', `the account has no ${asked} available to sweep`);
    const assets = [...(i.currencies ? new Set(i.currencies) : available.keys())].sort();
    const nothing = refuseTerms(
      'accountId',
      `Nothing to sweep: ${i.account.name} holds nothing available outside ${i.base}`,
    );
    if (!assets.length) return nothing;
    const spread = new Money(i.spreadBps).div(10_000);
    const baseScale = await ledger.scaleOf(i.base);
    const conversions: Conversion[] = [];
    const legs: Leg[] = [];
    for (const asset of assets) {
      const amount = new Money(available.get(asset)!);
      const q = await instruments.rates.quote(asset, i.base).catch((err: unknown) => err as Error);
      if (q instanceof Error) return q;
      const rate = new Money(q.bid).times(new Money(1).minus(spread)).toDecimalPlaces(SWEEP_RATE_DECIMALS);
      const counter = counterOf(amount, rate, baseScale);
      if (counter.isZero()) continue;
      const pair =
        (await instruments.catalog.findPair(asset, i.base)) ??
        (await instruments.catalog.findPair(i.base, asset));
      conversions.push({
        mid: q.mid,
        trade: {
          ticket: i.ticket,
          type: 'CONVERSION_SWEEP',
          status: 'SETTLED',
          side: 'SELL',
          entityId: i.account.entityId,
          accountId: i.account.id,
          instrumentId: pair?.id ?? null,
          symbol: `${asset}/${i.base}`,
          baseCurrency: asset,
          quoteCurrency: i.base,
          amount: amount.toString(),
          rate: rate.toString(),
          counterAmount: counter.toString(),
          tradeDate: i.tradeDate,
          valueDate: i.tradeDate,
          realisedPnl: pnlAgainst(amount.neg(), rate, q.mid).toFixed(baseScale),
          reference: i.reference,
          memo: i.memo,
        },
      });
      legs.push(
        ...deliveryLegs(
          { payAsset: asset, payAmount: amount, receiveAsset: i.base, receiveAmount: counter },
          i.account.id,
          {
            pay: await ledger.platformAccount(tx, 'FX', asset),
            receive: await ledger.platformAccount(tx, 'FX', i.base),
          },
        ),
      );
    }
    if (!conversions.length) return nothing;
    return { input: { ...i, conversions }, legs };
  }

  const record: RecordKind<SweepInput, TSweep> = {
    name: 'conversion_sweep',
    async prepare(tx, items) {
      const out = [];
      for (const item of items) out.push(await convert(tx, item.input));
      return out;
    },
    async write(tx, items) {
      const answers: TSweep[] = [];
      for (const item of items) {
        const ids: number[] = [];
        const by = byOf(item.who);
        for (const c of item.input.conversions ?? []) {
          const row = await insertTrade(tx, { ...c.trade, bookedBy: by });
          await insertLegs(tx, [
            {
              tradeId: row.id,
              leg: 'NEAR',
              side: 'SELL',
              valueDate: row.valueDate,
              rate: row.rate,
              payAsset: row.baseCurrency!,
              payAmount: row.amount,
              receiveAsset: row.quoteCurrency,
              receiveAmount: row.counterAmount,
              status: 'SETTLED',
              transactionId: item.transactionId,
              settledOn: row.tradeDate,
              settleMark: c.mid,
            },
          ]);
          await appendEvents(tx, [
            {
              tradeId: row.id,
              kind: 'BOOKED',
              by,
              transactionId: item.transactionId,
              details: { mid: c.mid },
            },
            {
              tradeId: row.id,
              kind: 'SETTLED',
              by,
              transactionId: item.transactionId,
              details: { leg: 'NEAR' },
            },
          ]);
          ids.push(row.id);
        }
        const postings = await ledger.postingsByReference(tx, [item.input.ticket]);
        answers.push({
          trades: await tradesById(tx, ids),
          postings: postings.map(({ reference: _r, scale: _s, ...p }) => p),
        });
      }
      return answers;
    },
  };

  return {
    async book(who: Who, key: string, body: TConversionSweep): Promise<TSweep> {
      // The gate (context.account) has refused an owner that may not trade.
      const account = await context.account(who, body.accountId);
      const terms = await entities.tradingTerms(account.entityId);
      const base = terms.baseCurrency;
      if (body.currencies?.includes(base))
        throw refuseTerms('currencies', `${base} is the base currency: there is nothing to convert`);
      const ticket = newTicket();
      return ledger.bookNow({
        who,
        kind: 'FX_SWEEP',
        reference: ticket,
        memo: body.memo ?? null,
        idempotency: { key, body },
        record: recordOf(record, {
          ticket,
          account: { id: account.id, name: account.name, entityId: account.entityId },
          base,
          spreadBps: terms.conversionSpreadBps,
          tradeDate: (await pricing.open(who, account, body)).tradeDate,
          ...(body.currencies ? { currencies: body.currencies } : {}),
          reference: body.reference ?? null,
          memo: body.memo ?? null,
        }),
        audit: (sweep, booked) => ({
          action: 'trades.book',
          outcome: 'success',
          target: ticket,
          details: {
            type: 'CONVERSION_SWEEP',
            tradeIds: sweep.trades.map((t) => t.id),
            transactionId: booked.transactionId,
            input: body,
          },
        }),
      });
    },
  };
}
