import type { TOptionTerms } from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, type OptionCut } from '@clearway/contracts/enums';
import { formatAmount, Money } from '../../../platform/money';
import type { fxOptions, trades } from '../trading.tables';

type OptionRow = typeof fxOptions.$inferSelect;
type TradeRow = typeof trades.$inferSelect;

/** The offset of `zone` from UTC at `at`, in minutes (from the platform's time-zone data). */
function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((local - at.getTime()) / 60_000);
}

/** The moment of an expiry cut on a date: e.g. New York 10:00 on 2026-03-16 is 14:00 UTC (EDT). */
export function cutInstant(date: string, cut: OptionCut): Date {
  const { time, zone } = OPTION_CUT_TIMES[cut];
  const naive = new Date(`${date}T${time}:00Z`);
  // The offset at the naive instant, then again at the corrected one (a DST change in between).
  const first = new Date(naive.getTime() - offsetMinutes(zone, naive) * 60_000);
  return new Date(naive.getTime() - offsetMinutes(zone, first) * 60_000);
}

/** An option's terms as shown, amounts at their currencies' scales. */
export function optionTermsOf(
  o: OptionRow,
  t: TradeRow,
  baseScale: number,
  quoteScale: number,
): TOptionTerms {
  const scaleOf = (asset: string | null) => (asset === t.baseCurrency ? baseScale : quoteScale);
  return {
    optionType: o.optionType as TOptionTerms['optionType'],
    strike: new Money(t.rate).toString(),
    notional: formatAmount(t.amount, baseScale),
    expiryDate: o.expiryDate,
    cut: o.cut as OptionCut,
    expiresAt: o.expiresAt.toISOString(),
    deliveryDate: o.deliveryDate,
    barrier:
      o.barrierKind === null
        ? null
        : {
            direction: o.barrierDirection as 'UP' | 'DOWN',
            kind: o.barrierKind as 'KNOCK_IN' | 'KNOCK_OUT',
            level: new Money(o.barrierLevel!).toString(),
            rebate: o.rebate === null ? null : formatAmount(o.rebate, scaleOf(o.rebateCurrency)),
            rebateCurrency: o.rebateCurrency,
          },
    premium: formatAmount(o.premium, scaleOf(o.premiumCurrency)),
    premiumCurrency: o.premiumCurrency,
    premiumDate: o.premiumDate,
    premiumPosted: o.premiumTransactionId !== null,
    underlyingTradeId: o.underlyingTradeId,
  };
}
