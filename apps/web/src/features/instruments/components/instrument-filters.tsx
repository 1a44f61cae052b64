import { INSTRUMENT_KINDS } from '@clearway/contracts/enums';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InstrumentFilter } from '../api/instrument-keys';

type Props = {
  filter: InstrumentFilter;
  currencies: string[];
  onChange: (patch: Partial<InstrumentFilter>) => void;
};

const STATUS = { all: undefined, enabled: true, disabled: false } as const;
const statusOf = (enabled: boolean | undefined) =>
  enabled === undefined ? 'all' : enabled ? 'enabled' : 'disabled';

/** The list's filters: kind, a currency on either side, status, and a search of symbol, name and underlying. */
export function InstrumentFilters({ filter, currencies, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('instruments.kind')}
        w={170}
        clearable
        placeholder={t('instruments.allKinds')}
        data={INSTRUMENT_KINDS.map((k) => ({ value: k, label: t(`instruments.kinds.${k}`) }))}
        value={filter.kind ?? null}
        onChange={(v) => onChange({ kind: (v as InstrumentFilter['kind']) ?? undefined })}
      />
      <Select
        label={t('instruments.currency')}
        w={130}
        clearable
        searchable
        placeholder={t('instruments.anyCurrency')}
        data={currencies}
        value={filter.currency ?? null}
        onChange={(v) => onChange({ currency: v ?? undefined })}
      />
      <Select
        label={t('instruments.status')}
        w={140}
        allowDeselect={false}
        data={(['all', 'enabled', 'disabled'] as const).map((s) => ({
          value: s,
          label: t(`instruments.statuses.${s}`),
        }))}
        value={statusOf(filter.enabled)}
        onChange={(v) => onChange({ enabled: STATUS[(v ?? 'all') as keyof typeof STATUS] })}
      />
      <TextInput
        label={t('instruments.search')}
        placeholder={t('instruments.searchHint')}
        w={240}
        value={filter.search ?? ''}
        onChange={(e) => onChange({ search: e.currentTarget.value || undefined })}
      />
    </Group>
  );
}
