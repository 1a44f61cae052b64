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

/** Why `action` is refused in these facts, or null when it is allowed. */
export function refusalOf(action: OptionAction, f: OptionFacts): string | null {
  const ended = ENDED[f.status];
  if (ended) return `This option ${ended}`;
  switch (action) {
    case 'KNOCK_IN':
      if (f.barrierKind !== 'KNOCK_IN') return 'Only a knock-in option can be knocked in';
      if (f.status !== 'INACTIVE') return 'This option has already been knocked in';
      return null;
    case 'KNOCK_OUT':
      if (f.barrierKind !== 'KNOCK_OUT') return 'Only a knock-out option can be knocked out';
      return null;
    case 'EXERCISE':
      if (f.status === 'INACTIVE') return 'This option has not been knocked in, so it cannot be exercised';
      if (!f.pastCut)
        return `A European option can be exercised only at or after its expiry cut (${f.cutLabel})`;
      if (!f.inTheMoney && !f.override)
        return 'This option is not in the money: exercising it needs an override with a reason';
      return null;
    case 'EXPIRE':
      if (!f.pastCut) return `This option cannot expire before its expiry cut (${f.cutLabel})`;
      return null;
  }
}
