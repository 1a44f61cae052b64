import type { BodyOf } from '@clearway/contracts/endpoint';
import type { API } from '@clearway/contracts/endpoint-table';
import { type TFeeSchedule, ZFeeScheduleCreate } from '@clearway/contracts/endpoints/transfers.schemas';
import type { NetworkCode } from '@clearway/contracts/networks';
import type { FeeTierMode } from '@clearway/contracts/transfer-fees';
import { checkForm, type FieldLabels } from '../../lib/form-errors';
import type { Checked } from '../../lib/use-form';

export type TierDraft = { upTo: string; fixed: string; bps: string };
/** What the schedule form holds (figures as typed). */
export type FeeScheduleDraft = {
  asset: string;
  network: NetworkCode | '';
  fixed: string;
  bps: string;
  minimum: string;
  maximum: string;
  tierMode: FeeTierMode;
  tiers: TierDraft[];
  /** A date (yyyy-mm-dd, from 00:00 UTC); empty or today: now. */
  effectiveFrom: string;
};
export type FeeScheduleBody = BodyOf<typeof API.transfer.feesCreate>;

export const emptySchedule = (): FeeScheduleDraft => ({
  asset: '',
  network: '',
  fixed: '0',
  bps: '0',
  minimum: '0',
  maximum: '',
  tierMode: 'NONE',
  tiers: [],
  effectiveFrom: '',
});

/** A schedule's terms as the form's starting point for a change. */
export const draftOf = (s: TFeeSchedule): FeeScheduleDraft => ({
  asset: s.asset,
  network: (s.network ?? '') as NetworkCode | '',
  fixed: s.fixed,
  bps: s.bps,
  minimum: s.minimum,
  maximum: s.maximum ?? '',
  tierMode: s.tierMode,
  tiers: s.tiers.map((t) => ({ upTo: t.upTo ?? '', fixed: t.fixed, bps: t.bps })),
  effectiveFrom: '',
});

/** The draft checked with the contract's schema; a tier's problem shows on the tiers. */
export function checkSchedule(
  d: FeeScheduleDraft,
  entityId: number,
  labels: FieldLabels,
): Checked<FeeScheduleBody> {
  const input = {
    entityId,
    asset: d.asset || undefined,
    network: d.network || null,
    fixed: d.fixed.trim(),
    bps: d.bps.trim(),
    minimum: d.minimum.trim(),
    maximum: d.maximum.trim() || null,
    tierMode: d.tierMode,
    tiers:
      d.tierMode === 'NONE'
        ? []
        : d.tiers.map((t, i) => ({
            // The last tier is open: no upper bound.
            upTo: i === d.tiers.length - 1 ? null : t.upTo.trim(),
            fixed: t.fixed.trim() || '0',
            bps: t.bps.trim() || '0',
          })),
    ...(d.effectiveFrom ? { effectiveFrom: d.effectiveFrom } : {}),
  };
  const { errors, body } = checkForm(ZFeeScheduleCreate, input, labels);
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    byField[key.startsWith('tiers') ? 'tiers' : key] ??= message;
  return Object.keys(byField).length ? { errors: byField } : { errors: {}, body };
}
