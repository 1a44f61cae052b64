import { dateRangeProblem } from '@clearway/contracts/primitives';
import { TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../lib/runtime-config';

export type DateRange = { from: string; to: string };

/**
 * What a list says instead of its rows when its date range runs backwards (the contract's
 * rule, which the server holds too), or null when the range holds: nothing is asked for.
 */
export function rangeRefusal(range: DateRange, t: TFunction): string | null {
  return dateRangeProblem(range) ? t('table.rangeInverted') : null;
}

/** From and to dates (ISO yyyy-mm-dd, empty when open) for a list filter; a To before the From is marked. */
export function DateRangeFilter({
  value,
  onChange,
  labelled = true,
  labels,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
  /** Show labels above the inputs; otherwise they carry aria-labels and placeholders. */
  labelled?: boolean;
  /** The edges' labels when "From" and "To" would not say which date (a list with two). */
  labels?: DateRange;
}) {
  const { t } = useTranslation();
  const inverted = dateRangeProblem(value) !== null;
  return (['from', 'to'] as const).map((edge) => (
    <TextInput
      key={edge}
      type="date"
      min={runtimeConfig.dateWindow.from}
      max={runtimeConfig.dateWindow.to}
      {...(labelled
        ? { label: labels?.[edge] ?? t(`overview.${edge}`) }
        : { 'aria-label': labels?.[edge] ?? t(`overview.${edge}`) })}
      value={value[edge]}
      onChange={(e) => onChange({ ...value, [edge]: e.currentTarget.value })}
      error={inverted && edge === 'to' ? t('table.toBeforeFrom') : undefined}
      w={160}
    />
  ));
}
