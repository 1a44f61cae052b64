import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { Money } from '../../../platform/money';
import type { LedgerService } from '../../ledger/ledger.service';
import { END_OF_DAY } from '../settlement.service';
import { appendEvents } from '../trades.repo';
import { fxOptions, trades } from '../trading.tables';
import { paymentLegs } from './option-payments';

const SYSTEM = { principal: null } as const;

/** The end of day's step that posts the premiums falling due. */
export function createOptionPremiums(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  /**
   * The end of day's premiums: each option's premium due by `businessDate` and not yet posted
   * is posted (a long's hold released into it), with a PREMIUM_POSTED event — each option in a
   * savepoint of its own, so one that fails (a short client's account cannot pay) is named
   * and the others post. A posted premium is never posted again.
   */
  async function postPremiumsDue(businessDate: string) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ o: fxOptions, t: trades })
        .from(fxOptions)
        .innerJoin(trades, eq(trades.id, fxOptions.tradeId))
        .where(
          and(
            isNull(fxOptions.premiumTransactionId),
            lte(fxOptions.premiumDate, businessDate),
            sql`${fxOptions.premium} > 0`,
            inArray(trades.status, ['OPEN', 'INACTIVE', 'EXERCISED', 'EXPIRED', 'KNOCKED_OUT']),
          ),
        )
        .orderBy(asc(trades.id))
        .for('update');
      const result = { posted: 0, failures: [] as { tradeId: number; ticket: string; error: string }[] };
      for (const { o, t } of due) {
        try {
          await tx.transaction(async (sp) => {
            const house = await ledger.platformAccount(sp, 'OPTIONS', o.premiumCurrency);
            const booked = await ledger.book(sp, {
              who: SYSTEM,
              kind: 'FX_OPTION_PREMIUM',
              reference: t.ticket,
              memo: `${t.symbol} option premium, ${o.premiumDate}`,
              ...(o.premiumHoldId !== null ? { hold: { release: o.premiumHoldId } } : {}),
              legs: paymentLegs(
                t.side === 'BUY',
                t.accountId,
                house,
                o.premiumCurrency,
                new Money(o.premium),
              ),
            });
            await sp
              .update(fxOptions)
              .set({ premiumTransactionId: booked.transactionId })
              .where(eq(fxOptions.tradeId, t.id));
            await appendEvents(sp, [
              {
                tradeId: t.id,
                kind: 'PREMIUM_POSTED',
                by: END_OF_DAY,
                businessDate,
                transactionId: booked.transactionId,
                details: { premium: o.premium, currency: o.premiumCurrency },
              },
            ]);
          });
          result.posted += 1;
        } catch (err) {
          result.failures.push({ tradeId: t.id, ticket: t.ticket, error: (err as Error).message });
        }
      }
      return result;
    });
  }

  return { postPremiumsDue };
}
