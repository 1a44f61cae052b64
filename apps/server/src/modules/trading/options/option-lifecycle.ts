import type { BarrierKind, TradeStatus } from '@clearway/contracts/enums';

// An FX option's lifecycle as a state machine (pure): which action each state allows, what it
// leads to, and — for every move it does not allow — the sentence that says why.

export const OPTION_ACTIONS = ['KNOCK_IN', 'KNOCK_OUT', 'EXERCISE', 'EXPIRE'] as const;
export type OptionAction = (typeof OPTION_ACTIONS)[number];

/** What a move is judged on: where the option stands, its barrier, the clock and the market. */
export type OptionFacts = {
  status: TradeStatus;
  barrierKind: BarrierKind | null;
  /** The expiry cut has come. */
  pastCut: boolean;
  /** Where the expiry cut is, as the refusals name it. */
  cutLabel: string;
  /** Against the sheet's mid now (false when there is none). */
  inTheMoney: boolean;
  /** Staff exercise out of the money, with a reason. */
  override: boolean;
  /** The house's dealing staff (or the end of day) move it, not its client. */
  staff: boolean;
};

/** What a client's own move is judged on beyond the state: whose option it is and which side. */
export type ClientFacts = {
  /** The option is the acting entity's own. */
  own: boolean;
  side: 'BUY' | 'SELL';
  override: boolean;
};

/** Where each allowed move leads. */
export const NEXT_STATUS: Record<OptionAction, TradeStatus> = {
  KNOCK_IN: 'OPEN',
  KNOCK_OUT: 'KNOCKED_OUT',
  EXERCISE: 'EXERCISED',
  EXPIRE: 'EXPIRED',
};

const ENDED: Partial<Record<TradeStatus, string>> = {
  EXERCISED: 'has already been exercised',
  EXPIRED: 'has already expired',
  KNOCKED_OUT: 'has already been knocked out',
  CANCELLED: 'is cancelled',
  REVERSED: 'is reversed',
};

/** The options that are still alive: they count for margin and are valued. */
export const LIVE_OPTION_STATUSES: TradeStatus[] = ['OPEN', 'INACTIVE'];

/**
 * Why a knock-in or knock-out is refused where the option stands (its evidence aside), or
 * null when the state allows it.
 */
export function barrierRefusalOf(
  action: 'KNOCK_IN' | 'KNOCK_OUT',
  status: TradeStatus,
  barrierKind: BarrierKind | null,
): string | null {
  const ended = ENDED[status];
  if (ended) return `This option ${ended}`;
  if (action === 'KNOCK_IN') {
    if (barrierKind !== 'KNOCK_IN') return 'Only a knock-in option can be knocked in';
    if (status !== 'INACTIVE') return 'This option has already been knocked in';
    return null;
  }
  if (barrierKind !== 'KNOCK_OUT') return 'Only a knock-out option can be knocked out';
  return null;
}

/** Why `action` is refused in these facts, or null when it is allowed. */
export function refusalOf(action: OptionAction, f: OptionFacts): string | null {
  const ended = ENDED[f.status];
  if (ended) return `This option ${ended}`;
  switch (action) {
    case 'KNOCK_IN':
    case 'KNOCK_OUT':
      return barrierRefusalOf(action, f.status, f.barrierKind);
    case 'EXERCISE':
      if (f.status === 'INACTIVE') return 'This option has not been knocked in, so it cannot be exercised';
      if (!f.pastCut)
        return `A European option can be exercised only at or after its expiry cut (${f.cutLabel})`;
      if (!f.inTheMoney && !f.override)
        return f.staff
          ? 'This option is not in the money: exercising it needs an override with a reason'
          : 'This option is not in the money: only an in-the-money option can be exercised';
      return null;
    case 'EXPIRE':
      if (!f.pastCut) return `This option cannot expire before its expiry cut (${f.cutLabel})`;
      return null;
  }
}

const DESK = 'the house’s dealing staff';

/**
 * Why a client (not staff) may not make this move, or null. A client only exercises its own
 * bought option, without an override: barrier events happen when the market touches the
 * barrier (the end of day, or staff with evidence), and expiring, overriding or moving
 * another entity's option is the desk's.
 */
export function clientRefusalOf(action: OptionAction, f: ClientFacts): string | null {
  if (!f.own) return `Only ${DESK} move an option of another entity`;
  switch (action) {
    case 'KNOCK_IN':
    case 'KNOCK_OUT':
      return `An option is knocked in or out when the market touches its barrier: the end of day applies it, or ${DESK} with evidence`;
    case 'EXPIRE':
      return `Only ${DESK} expire an option`;
    case 'EXERCISE':
      if (f.side !== 'BUY') return 'This option was sold: only its holder, the house, can exercise it';
      if (f.override) return `Only ${DESK} may override an exercise (an option out of the money)`;
      return null;
  }
}
