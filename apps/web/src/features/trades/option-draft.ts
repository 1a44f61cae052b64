import type { TQuoteRequest } from '@clearway/contracts/endpoints/quotes.schemas';
import { type TFxOptionTrade, ZFxOptionTrade } from '@clearway/contracts/endpoints/trades.schemas';
import type {
  BarrierDirection,
  BarrierKind,
  OptionCut,
  OptionType,
  TradeSide,
  TradeStatus,
} from '@clearway/contracts/enums';
import i18n from 'i18next';
import { checkForm, type FieldLabels } from '../../lib/form-errors';
import type { Checked } from '../../lib/use-form';
import type { Pricing } from './booking-draft';

/** The lifecycle moves staff make on an option. */
export type OptionAction = 'EXERCISE' | 'EXPIRE' | 'KNOCK_IN' | 'KNOCK_OUT';

/** What the option booking form holds. */
export type OptionDraft = {
  accountId: string;
  instrumentId: string;
  side: TradeSide;
  optionType: OptionType;
  /** Empty: today's FX trade date (a trade done earlier is booked with its own). */
  tradeDate: string;
  notional: string;
  strike: string;
  expiryDate: string;
  cut: OptionCut;
  premium: string;
  premiumCurrency: string;
  premiumDate: string;
  barrier: boolean;
  barrierDirection: BarrierDirection;
  barrierKind: BarrierKind;
  barrierLevel: string;
  rebate: string;
  rebateCurrency: string;
  reference: string;
  /** Staff only: a premium beyond the tolerance around the model's value, approved by another staff member. */
  offMarket: boolean;
  /** Staff only: why the option is off-market or back-dated. */
  reason: string;
};

export const emptyOption = (): OptionDraft => ({
  accountId: '',
  instrumentId: '',
  side: 'BUY',
  optionType: 'CALL',
  tradeDate: '',
  notional: '',
  strike: '',
  expiryDate: '',
  cut: 'NY',
  premium: '',
  premiumCurrency: '',
  premiumDate: '',
  barrier: false,
  barrierDirection: 'UP',
  barrierKind: 'KNOCK_OUT',
  barrierLevel: '',
  rebate: '',
  rebateCurrency: '',
  reference: '',
  offMarket: false,
  reason: '',
});

/** The barrier's fields are shown flat on the form; the body nests them. */
export const OPTION_FIELD_OF = {
  'barrier.level': 'barrierLevel',
  'barrier.rebate': 'rebate',
  'barrier.rebateCurrency': 'rebateCurrency',
  'barrier.direction': 'barrierDirection',
  'barrier.kind': 'barrierKind',
} as const;

const id = (v: string) => (v ? Number(v) : undefined);
const given = (v: string) => v.trim() || undefined;

/**
 * The draft checked with the booking row's schema: each field's problem, or the body. At the
 * house's quote (`pricing`) no premium is sent and no trade date (today's); typed, staff's
 * premium is due, and a reason for an off-market premium or a trade date before `today`.
 */
export function checkOption(
  d: OptionDraft,
  entityId: number,
  labels: FieldLabels,
  pricing: Pricing = 'typed',
  today?: string,
): Checked<TFxOptionTrade> {
  const typed = pricing === 'typed';
  const body = {
    entityId,
    accountId: id(d.accountId),
    instrumentId: id(d.instrumentId),
    side: d.side,
    optionType: d.optionType,
    tradeDate: typed ? given(d.tradeDate) : undefined,
    reason: typed ? given(d.reason) : undefined,
    offMarket: typed && d.offMarket ? true : undefined,
    notional: d.notional.trim(),
    strike: d.strike.trim(),
    expiryDate: d.expiryDate,
    cut: d.cut,
    premium: typed ? given(d.premium) : undefined,
    premiumCurrency: d.premiumCurrency,
    premiumDate: given(d.premiumDate),
    reference: given(d.reference),
    barrier: d.barrier
      ? {
          direction: d.barrierDirection,
          kind: d.barrierKind,
          level: d.barrierLevel.trim(),
          rebate: d.barrierKind === 'KNOCK_OUT' ? given(d.rebate) : undefined,
          rebateCurrency:
            d.barrierKind === 'KNOCK_OUT' && given(d.rebate) ? d.rebateCurrency || undefined : undefined,
        }
      : undefined,
  };
  const flat = {
    ...labels,
    'barrier.level': labels.barrierLevel ?? '',
    'barrier.rebate': labels.rebate ?? '',
    'barrier.rebateCurrency': labels.rebateCurrency ?? '',
  };
  const checked = checkForm(ZFxOptionTrade, body, flat);
  const errors = Object.fromEntries(
    Object.entries(checked.errors).map(([k, m]) => [
      OPTION_FIELD_OF[k as keyof typeof OPTION_FIELD_OF] ?? k,
      m,
    ]),
  );
  if (typed && !d.premium.trim() && !errors.premium)
    errors.premium = i18n.t('forms.required', { label: labels.premium });
  const backDated = typed && Boolean(d.tradeDate) && today !== undefined && d.tradeDate < today;
  if (typed && (d.offMarket || backDated) && !d.reason.trim() && !errors.reason)
    errors.reason = i18n.t(d.offMarket ? 'trades.reasonOffMarket' : 'trades.reasonBackDated');
  const ok = Object.keys(errors).length === 0;
  return { errors, body: ok ? (checked.body as TFxOptionTrade | undefined) : undefined };
}

/** The quote of a checked option: the house prices its premium for these terms. */
export const optionQuoteOf = (b: TFxOptionTrade): TQuoteRequest => ({
  kind: 'FX_OPTION',
  entityId: b.entityId,
  accountId: b.accountId,
  instrumentId: b.instrumentId,
  side: b.side,
  optionType: b.optionType,
  notional: b.notional,
  strike: b.strike,
  expiryDate: b.expiryDate,
  cut: b.cut,
  premiumCurrency: b.premiumCurrency,
});

/** The moves an option's state allows (the server's state machine is the judge; this only hides the rest). */
export function actionsAllowed(status: TradeStatus, barrierKind: BarrierKind | null): OptionAction[] {
  switch (status) {
    case 'INACTIVE':
      return ['KNOCK_IN', 'EXPIRE'];
    case 'OPEN':
      return barrierKind === 'KNOCK_OUT' ? ['EXERCISE', 'EXPIRE', 'KNOCK_OUT'] : ['EXERCISE', 'EXPIRE'];
    default:
      return [];
  }
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The payoff at expiry of the drafted option per unit of notional, for a sketch: points
 * (spot, payoff) across ±20 % of the strike, net of nothing (the premium is drawn apart).
 * A knock-out is drawn dead beyond its barrier, a knock-in alive only beyond it (as if the
 * barrier was last seen where the spot ends). Empty until the strike is a number.
 */
export function payoffPoints(
  d: Pick<
    OptionDraft,
    'optionType' | 'side' | 'strike' | 'barrier' | 'barrierDirection' | 'barrierKind' | 'barrierLevel'
  >,
  steps = 40,
) {
  if (!DECIMAL.test(d.strike.trim()) || Number(d.strike) <= 0) return [];
  const k = Number(d.strike);
  const level = d.barrier && DECIMAL.test(d.barrierLevel.trim()) ? Number(d.barrierLevel) : null;
  const sign = d.side === 'BUY' ? 1 : -1;
  const points: { spot: number; payoff: number }[] = [];
  for (let i = 0; i <= steps; i++) {
    const s = k * (0.8 + (0.4 * i) / steps);
    const intrinsic = Math.max(0, d.optionType === 'CALL' ? s - k : k - s);
    const beyond = level === null ? false : d.barrierDirection === 'UP' ? s >= level : s <= level;
    const alive = level === null ? true : d.barrierKind === 'KNOCK_OUT' ? !beyond : beyond;
    points.push({ spot: s, payoff: sign * (alive ? intrinsic : 0) });
  }
  return points;
}
