import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { entityTypeFlags } from '@clearway/contracts/entity-flags';

/**
 * How the booking form treats the user for one booked entity: `staff` type a price (within
 * the instrument's tolerance, or off-market under four eyes) and may back-date; a `client`
 * books at the house's quote, today.
 */
export type DeskRole = 'staff' | 'client';

type Node = Pick<TEntityNode, 'entityId' | 'parentId' | 'childPermissions' | 'tradingEnabled' | 'attributes'>;

/**
 * The server's rule (apps/server/src/modules/trading/desk.ts), read from the visible forest:
 * staff for entity E hold `manual_trade_booking` for the descendants of E's parent, and their
 * own home entity is the house's: the platform root or a broker (never a client). The web
 * does not know the home entity itself; it takes the top of the visible tree E sits in, which
 * is where a user's grants and home are. A client's users see no parent of their own entity,
 * so they are never staff here. The server stays the judge: a wrong guess is refused there.
 */
export function deskRoleFor(entityId: number, forest: readonly Node[]): DeskRole {
  const booked = forest.find((e) => e.entityId === entityId);
  if (!booked || booked.parentId === booked.entityId) return 'client';
  return deskRoleBelow(booked.parentId, forest);
}

/**
 * The role for a booking on an entity directly below `parentId` — the form's mode before an
 * account is chosen (the selected entity's children): staff when the key is held for the
 * descendants of `parentId` and the visible tree's top is the root or a broker.
 */
export function deskRoleBelow(parentId: number, forest: readonly Node[]): DeskRole {
  const byId = new Map(forest.map((e) => [e.entityId, e]));
  const parent = byId.get(parentId);
  if (!parent?.childPermissions.includes('manual_trade_booking')) return 'client';
  let top = parent;
  for (let up = byId.get(top.parentId); up && up.entityId !== top.entityId; up = byId.get(top.parentId))
    top = up;
  // The root comes with no parent (-1 on the wire).
  const isRoot = top.parentId <= 0 || top.parentId === top.entityId;
  return isRoot || entityTypeFlags(top.attributes).broker ? 'staff' : 'client';
}

/** The FX trading day rolls at 17:00 in New York (the market's convention, as the server reads it). */
const newYorkClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

const nextDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const weekend = (iso: string) => [0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

/** Today's FX trade date: the New York date, the next from 17:00 there; a weekend's is Monday's. */
export function fxTradeDate(now: Date = new Date()): string {
  const parts = Object.fromEntries(newYorkClock.formatToParts(now).map((p) => [p.type, p.value]));
  let d = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number(parts.hour) >= 17) d = nextDay(d);
  while (weekend(d)) d = nextDay(d);
  return d;
}

/**
 * Whole seconds a quote has left at `now` (ms), never below zero. `expiresAt` is the local
 * time it expires: the moment it was asked for plus its time to live, so a browser clock
 * that differs from the server's cannot stretch it.
 */
export const secondsLeft = (expiresAt: number, now: number) =>
  Math.max(0, Math.ceil((expiresAt - now) / 1000));
