import type { BarrierKind, TradeStatus } from '@clearway/contracts/enums';

// An FX option's lifecycle as a state machine (pure): which action each state allows, what it
// leads to, and — for every move it does not allow — the sentence that says why.

export const OPTION_ACTIONS = ['KNOCK_IN', 'KNOCK_OUT', 'EXERCISE', 'EXPIRE'] as const;
export type OptionAction = (typeof OPTION_ACTIONS)[number];

/**
 * The client's exercise window: a client may exercise its own bought, in-the-money option from
 * its expiry cut until one hour after it, and no later. Whether it is in the money is judged
 * against the sheet's rate AT the cut (the last rate recorded at or before it), never the
 * market when the client asks — so waiting for the market to move after the cut buys nothing,
 * and the hour only leaves time to instruct. After the window the end of day settles the
 * option itself (exercised as the system when it was in the money at its cut, expired when
 * not: `settleExpiriesDue`); staff may still exercise it later, only with an override and a
 * reason (audited). One hour, rather than until the expiry date's end of day, because the end
 * of day's cut-off can be many hours after an early cut (Tokyo 15:00 against an end of day in
 * New York), which would give a client most of a day of hindsight on the underlying delivery.
 */
export const CLIENT_EXERCISE_WINDOW_MINUTES = 60;

/** When the client's exercise window of an option whose expiry cut is `expiresAt` closes. */
export const exerciseWindowEnd = (expiresAt: Date) =>
  new Date(expiresAt.getTime() + CLIENT_EXERCISE_WINDOW_MINUTES * 60_000);

/** What a move is judged on: where the option stands, its barrier, the clock and the market. */
export type OptionFacts = {
  status: TradeStatus;
  barrierKind: BarrierKind | null;
  /** The expiry cut has come. */
  pastCut: boolean;
  /** Where the expiry cut is, as the refusals name it. */
  cutLabel: string;
  /** Against the sheet's rate at the expiry cut (false when the sheet had none then). */
  inTheMoney: boolean;
  /**
   * The client's exercise window has closed (`CLIENT_EXERCISE_WINDOW_MINUTES` after the cut);
   * never for the end of day, which settles what the window left.
   */
  windowClosed: boolean;
  /** When the window closes, as the refusals name it. */
  windowLabel: string;
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

const DESK = 'the house’s dealing staff';

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
      if (f.windowClosed && !f.staff)
        return `The exercise window of this option closed at ${f.windowLabel}, ${CLIENT_EXERCISE_WINDOW_MINUTES} minutes after its expiry cut (${f.cutLabel}): the end of day exercises it if it was in the money at the cut and expires it if not, or ${DESK} exercise it with an override`;
      if (!f.inTheMoney && !f.override)
        return f.staff
          ? 'This option is not in the money: exercising it needs an override with a reason'
          : 'This option is not in the money: only an in-the-money option can be exercised';
      if (f.windowClosed && !f.override)
        return `The client’s exercise window of this option closed at ${f.windowLabel}, ${CLIENT_EXERCISE_WINDOW_MINUTES} minutes after its expiry cut (${f.cutLabel}): exercising it now needs an override with a reason`;
      return null;
    case 'EXPIRE':
      if (!f.pastCut) return `This option cannot expire before its expiry cut (${f.cutLabel})`;
      return null;
  }
}

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
