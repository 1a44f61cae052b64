import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../lib/runtime-config';

export type DateRange = { from: string; to: string };

/** From and to dates (ISO yyyy-mm-dd, empty when open) for a list filter. */
export function DateRangeFilter({
  value,
  onChange,
  labelled = true,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
  /** Show labels above the inputs; otherwise they carry aria-labels and placeholders. */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  return (['from', 'to'] as const).map((edge) => (
    <TextInput
      key={edge}
      type="date"
      min={runtimeConfig.dateWindow.from}
      max={runtimeConfig.dateWindow.to}
      {...(labelled ? { label: t(`overview.${edge}`) } : { 'aria-label': t(`overview.${edge}`) })}
      value={value[edge]}
      onChange={(e) => onChange({ ...value, [edge]: e.currentTarget.value })}
      w={160}
    />
  ));
}
