import { BlockList, isIP } from 'node:net';
import { badRequest, forbidden } from '../../platform/errors';

/** The end of the given day (UTC): a key "valid until 2027-01-31" works through that day. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Range = { family: 4 | 6; address: string; bits: number };

/** `203.0.113.0/24` or a single address (the contract validated the shape). */
function rangeOf(cidr: string): Range | null {
  const [address = '', bits] = cidr.trim().split('/');
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  return { family, address, bits: bits === undefined ? (family === 4 ? 32 : 128) : Number(bits) };
}

/**
 * Whether every address of `inner` lies in `outer`: the same family, a prefix at least as
 * long, and one of its addresses inside `outer` (an aligned block then lies wholly inside).
 */
export function cidrWithin(inner: string, outer: string): boolean {
  const a = rangeOf(inner);
  const b = rangeOf(outer);
  if (!a || !b || a.family !== b.family || a.bits < b.bits) return false;
  const list = new BlockList();
  const type = b.family === 4 ? 'ipv4' : 'ipv6';
  list.addSubnet(b.address, b.bits, type);
  return list.check(a.address, type);
}

/** An empty allow-list admits every address, so it lies within an empty list only. */
export function allowListWithin(inner: readonly string[], outer: readonly string[]): boolean {
  if (!outer.length) return true;
  return inner.length > 0 && inner.every((c) => outer.some((o) => cidrWithin(c, o)));
}

export type KeyMaker = { expiresAt: Date | null; allowedCidrs: string[] } | null;

/**
 * A key's bounds (issue 38 item 4), at creation and at every change: it expires, on a day
 * from today to `maxDays` ahead; a key made or changed by a key expires no later than that
 * key and is used from no address that key could not be used from.
 * @throws BadRequest (no expiry, in the past, beyond the maximum), Forbidden (beyond the maker)
 */
export function assertKeyBounds(
  key: { expiresOn: string | undefined; allowedCidrs: readonly string[] },
  maker: KeyMaker,
  maxDays: number,
  now = new Date(),
) {
  const field = (m: string) => badRequest(m, { expiresOn: m });
  if (!key.expiresOn) throw field('Pick the last day the key works');
  const latest = isoDay(new Date(now.getTime() + maxDays * 86_400_000));
  if (key.expiresOn < isoDay(now)) throw field('The last day cannot be in the past');
  if (key.expiresOn > latest)
    throw field(`An API key works at most ${maxDays} days: pick a day until ${latest}`);
  if (!maker) return;
  if (maker.expiresAt && endOfDay(key.expiresOn) > maker.expiresAt)
    throw forbidden(`A key cannot make a key that outlives it: pick a day until ${isoDay(maker.expiresAt)}`);
  if (!allowListWithin(key.allowedCidrs, maker.allowedCidrs))
    throw forbidden('A key cannot make a key usable from addresses outside its own IP allow-list');
}
