import type { TRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { labelOf, TRADE_SIDE_LABELS } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';

/** Where the money or the whitelisting goes (a policy change: the rule asked for), as an approver needs to see it; null for a deposit. */
export function destinationOf(r: TRequestView): string | null {
  const bank = (p: { bankName: string; iban?: string | null; accountNumber?: string | null }) =>
    [p.bankName, p.iban ?? p.accountNumber].filter(Boolean).join(' · ');
  const wallet = (p: { friendlyName: string; address: string }) => `${p.friendlyName} · ${p.address}`;
  switch (r.type) {
    case 'WITHDRAWAL':
      return r.payload.kind === 'fiat' ? bank(r.payload.destination) : wallet(r.payload.destination);
    case 'INTERNAL TRANSFER': {
      const p = r.payload;
      const account = p.toAccountName ?? `#${p.toAccountId}`;
      return p.toEntityName ? `${account} · ${p.toEntityName}` : account;
    }
    case 'DEPOSIT':
      return null;
    case 'BANK ACCOUNT':
    case 'UPDATE BANK ACCOUNT':
    case 'REMOVE BANK ACCOUNT':
      return bank(r.payload);
    case 'WALLET ADDRESS':
    case 'UPDATE WALLET':
    case 'REMOVE WALLET':
      return wallet(r.payload);
    case 'APPROVAL POLICY': {
      // What the approvers would be asked for: the type and its new number of approvers.
      const p = r.payload;
      return `${p.requestType}: ${p.requiredApprovals ?? 'inherited rule'}`;
    }
    case 'OFF MARKET TRADE': {
      // What would be booked: the instrument, which way, and at what price against the market.
      const p = r.payload;
      return `${p.symbol} · ${labelOf(TRADE_SIDE_LABELS, p.side)} at ${p.price} (market ${p.market})`;
    }
    case 'BARRIER EVENT': {
      const p = r.payload;
      return `${p.ticket} · ${eventLabel(r)} at ${p.observedRate}`;
    }
    // Where the entity would go: from its parent to the new one.
    case 'ENTITY MOVE':
      return `${r.payload.fromParentName} → ${r.payload.toParentName}`;
    // The ceiling asked for, against the one in force.
    case 'LIMIT': {
      const p = r.payload;
      const what = p.ceilingAsset ?? `${p.currency} by value`;
      return `${what}: ${p.maximum === null ? 'the inherited ceiling' : `${p.maximum} ${p.currency}`} (now ${p.current})`;
    }
    // The account the large entry books on (and the account it pays into, for a transfer).
    case 'LARGE CASH ENTRY': {
      const p = r.payload;
      return p.counterAccountId === null ? `#${p.accountId}` : `#${p.accountId} → #${p.counterAccountId}`;
    }
  }
}

/** A barrier event's event as its definition labels it ("Knock-out"). */
function eventLabel(r: Extract<TRequestView, { type: 'BARRIER EVENT' }>): string {
  return requestTypeOf('BARRIER EVENT').fields.event.values[r.payload.event];
}

/** The bookings whose amount is in the pair's base currency (a CFD's is a number of contracts). */
const IN_BASE = new Set(['DELIVERABLE_FX', 'DELIVERABLE_FX_COUNTER', 'MARGIN_FX', 'FX_SWAP', 'FX_OPTION']);

/** Whether the request is a trading one (an off-market booking, a barrier event): decided by staff, no money request. */
export const isTrading = (r: Pick<TRequestView, 'type'>) =>
  r.type === 'OFF MARKET TRADE' || r.type === 'BARRIER EVENT';

/**
 * An off-market booking as an approver weighs it: what, which way, how much, the price booked
 * against the market's, how far off against the tolerance, and why; null for other requests.
 */
export function offMarketOf(r: TRequestView) {
  if (r.type !== 'OFF MARKET TRADE') return null;
  const p = r.payload;
  // The booking's terms as the desk sent them (JSON): the dates it asked for, when it named them.
  const terms = termsOf(p.terms);
  const date = (key: string) => (typeof terms[key] === 'string' ? (terms[key] as string) : null);
  return {
    booking: requestTypeOf('OFF MARKET TRADE').fields.booking.values[p.booking],
    symbol: p.symbol,
    side: labelOf(TRADE_SIDE_LABELS, p.side),
    price: p.price,
    market: p.market,
    deviationPct: p.deviationPct,
    tolerancePct: p.tolerancePct,
    reason: p.reason,
    tradeDate: date('tradeDate'),
    valueDate: date('valueDate') ?? date('nearValueDate'),
    /** The instrument whose precision a rate reads at; null for an option, whose price is its premium. */
    instrumentId:
      p.booking !== 'FX_OPTION' && typeof terms.instrumentId === 'number' ? terms.instrumentId : null,
  };
}

/** An off-market request's frozen booking body (JSON, as sent); nothing readable: no terms. */
function termsOf(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A barrier touch the desk observed, as an approver weighs it; null for other requests. */
export function barrierEventOf(r: TRequestView) {
  if (r.type !== 'BARRIER EVENT') return null;
  const p = r.payload;
  return {
    tradeId: p.tradeId,
    ticket: p.ticket,
    event: eventLabel(r),
    observedRate: p.observedRate,
    observedAt: p.observedAt,
    source: p.source,
    reason: p.reason,
  };
}

/**
 * The amount a money request moves, in its asset; an off-market trade's amount, in the pair's
 * base currency (a CFD's contracts: no asset); null for whitelisting.
 */
export function amountOf(r: TRequestView): { amount: string; asset: string | null } | null {
  switch (r.type) {
    case 'DEPOSIT':
    case 'WITHDRAWAL':
    case 'INTERNAL TRANSFER':
    case 'LARGE CASH ENTRY':
      return { amount: r.payload.amount, asset: r.payload.asset };
    case 'OFF MARKET TRADE':
      return {
        amount: r.payload.amount,
        asset: IN_BASE.has(r.payload.booking) ? (r.payload.symbol.split('/')[0] ?? null) : null,
      };
    default:
      return null;
  }
}

/** The requester's own words for a money request: its reference (a transfer has its memo). */
export function referenceOf(r: TRequestView): string | null {
  switch (r.type) {
    case 'DEPOSIT':
    case 'WITHDRAWAL':
      return r.payload.reference ?? null;
    case 'INTERNAL TRANSFER':
      return r.payload.memo ?? null;
    case 'LARGE CASH ENTRY':
      return r.payload.reference ?? r.payload.memo;
    // The desk's own words: why it asks.
    case 'OFF MARKET TRADE':
    case 'BARRIER EVENT':
      return r.payload.reason;
    default:
      return null;
  }
}

/** Whether the request moves money (its proof, posting and hash apply), or whitelists a destination. */
export const movesMoney = (r: Pick<TRequestView, 'type'>) =>
  r.type === 'DEPOSIT' || r.type === 'WITHDRAWAL' || r.type === 'INTERNAL TRANSFER';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `iso` was, in its largest whole unit ("3 hours ago"), as the user's language says it. */
export function ageOf(iso: string, now: number, locale?: string): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'minute');
}
