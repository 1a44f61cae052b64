import {
  CEILING_KIND_LABELS,
  CEILING_KINDS,
  type CeilingKind,
  PLATFORM_DEFAULT_CEILING,
  type TCeiling,
} from '@clearway/contracts/endpoints/limits.schemas';
import { Money } from '../../platform/money';
import type { CeilingRow } from './limits.repo';
import { EVERY_ASSET } from './limits.tables';

/** An entity's line, root first, the entity itself last (the entities module's `ancestry`). */
export type Line = { id: number; name: string; currencyCode: string | null }[];
export type Sheet = { rates: SheetRate[]; quoteFrom: RateSheet['quoteFrom'] };
type SheetRate = { base: string; quote: string; rate: string; bid: string; ask: string; asOf: Date };
/** The rate sheet as the instruments module reads it. */
export type RateSheet = {
  sheet(): Promise<SheetRate[]>;
  quoteFrom(rates: SheetRate[], from: string, to: string): { mid: string } | null;
};

/**
 * The ceilings in force at the last entity of `line`: for each kind, the nearest ceiling set
 * up the line for each asset, and the nearest value ceiling — or the platform's default.
 */
export function inForce(line: number[], rows: CeilingRow[]): TCeiling[] {
  const depth = new Map(line.map((id, i) => [id, i]));
  const nearest = new Map<string, CeilingRow>();
  for (const r of rows) {
    const k = `${r.kind}|${r.asset}`;
    const held = nearest.get(k);
    if (!held || depth.get(r.entityId)! > depth.get(held.entityId)!) nearest.set(k, r);
  }
  const set = [...nearest.values()].map(
    (r): TCeiling => ({
      kind: r.kind,
      asset: r.asset === EVERY_ASSET ? null : r.asset,
      maximum: new Money(r.maximum).toFixed(),
      currency: r.currency,
      setAt: r.entityId,
      setAtName: r.entityName,
    }),
  );
  const defaults = CEILING_KINDS.filter((k) => !nearest.has(`${k}|${EVERY_ASSET}`)).map(
    (kind): TCeiling => ({ kind, asset: null, ...PLATFORM_DEFAULT_CEILING, setAt: null, setAtName: null }),
  );
  const order = (c: TCeiling) => `${CEILING_KINDS.indexOf(c.kind)}|${c.asset ?? ''}`;
  return [...set, ...defaults].sort((a, b) => order(a).localeCompare(order(b)));
}

/** How a ceiling reads in a refusal or to an approver: "10000000 USD (platform default)". */
export function ceilingText(c: TCeiling): string {
  const what = c.asset === null ? ' by value' : '';
  return `${c.maximum} ${c.currency}${what} (${c.setAtName ? `set at ${c.setAtName}` : 'platform default'})`;
}

/** "Above the limit for a single money request: at most 10000000 USD by value (platform default)". */
export const breachMessage = (kind: CeilingKind, c: TCeiling) =>
  `Above the limit for a ${CEILING_KIND_LABELS[kind].toLowerCase()}: at most ${ceilingText(c)}`;

/**
 * The ceiling of `kind` that `amount` of `asset` is above, or null. Both apply, the stricter
 * binding: the asset's own ceiling in its units, and the value ceiling on the amount valued at
 * the sheet's mid. An asset the sheet cannot value is held to the value ceiling at par — so
 * no amount escapes every ceiling for want of a rate.
 */
export async function breachOf(
  ceilings: TCeiling[],
  kind: CeilingKind,
  asset: string,
  amount: string,
  sheet: () => Promise<Sheet>,
): Promise<TCeiling | null> {
  const own = ceilings.filter((c) => c.kind === kind);
  const inAsset = own.find((c) => c.asset === asset);
  if (inAsset && new Money(amount).gt(inAsset.maximum)) return inAsset;
  const byValue = own.find((c) => c.asset === null)!;
  const s = asset === byValue.currency ? null : await sheet();
  const rate = s ? (s.quoteFrom(s.rates, asset, byValue.currency)?.mid ?? '1') : '1';
  return new Money(amount).times(rate).gt(byValue.maximum) ? byValue : null;
}
