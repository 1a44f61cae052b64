import type { TEntityFilters } from '@clearway/contracts/endpoints/entity.schemas';
import { Group, Input, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityReference } from '../api/entities.queries';

/** The section 3 entity filters as the persisted state keeps them (status Active by default). */
export type EntityFilterValue = {
  status: 'Active' | 'Inactive';
  tradingEnabled: 'Enabled' | 'Disabled' | null;
  attributes: string[];
  addressTypes: string[];
  nameSources: string[];
  conversionProfiles: string[];
  rollProfiles: string[];
  baseCurrencies: string[];
};

/** What the /entities page keeps between visits: its filters, search and expand-list flag. */
export type EntityBrowseProps = {
  filters: EntityFilterValue;
  onFilters: (next: EntityFilterValue) => void;
  search: string;
  onSearch: (next: string) => void;
  expandList: boolean;
  onExpandList: (next: boolean) => void;
  pageSize: number;
  onPageSize: (n: number) => void;
  /** Makes an entity the selected one (the shell's selection), e.g. before opening its users. */
  onSelectEntity: (e: {
    entityId: number;
    entityName: string;
    parentId: number;
    attributes: string[];
  }) => void;
};

const some = <T,>(xs: T[]) => (xs.length ? xs : undefined);

/** The filters as the list call takes them (an empty choice filters nothing). */
export function filterBody(f: EntityFilterValue, search: string): TEntityFilters {
  return {
    status: f.status,
    tradingEnabled: f.tradingEnabled ?? undefined,
    attributes: some(f.attributes) as TEntityFilters['attributes'],
    addressTypes: some(f.addressTypes) as TEntityFilters['addressTypes'],
    nameSources: some(f.nameSources) as TEntityFilters['nameSources'],
    conversionProfiles: some(f.conversionProfiles.map(Number)),
    rollProfiles: some(f.rollProfiles.map(Number)),
    baseCurrencies: some(f.baseCurrencies),
    search: search.trim() || undefined,
  };
}

/**
 * Every section 3 filter and a text search. The tree applies those its nodes carry
 * (status, trading, attributes, search); `full` adds the ones only the list applies.
 */
export function EntityFilters({
  value,
  onChange,
  search,
  onSearch,
  full,
}: {
  value: EntityFilterValue;
  onChange: (next: EntityFilterValue) => void;
  search: string;
  onSearch: (next: string) => void;
  full: boolean;
}) {
  const { t } = useTranslation();
  const attributes = useQuery(entityReference.attributes);
  const addressTypes = useQuery({ ...entityReference.addressTypes, enabled: full });
  const nameSources = useQuery({ ...entityReference.nameSources, enabled: full });
  const conversion = useQuery({ ...entityReference.conversionProfiles, enabled: full });
  const roll = useQuery({ ...entityReference.rollProfiles, enabled: full });
  const currencies = useQuery({ ...entityReference.baseCurrencies, enabled: full });
  const set = (patch: Partial<EntityFilterValue>) => onChange({ ...value, ...patch });
  const codes = (rows?: { code: string; name: string }[]) =>
    (rows ?? []).map((r) => ({ value: r.code, label: r.name }));
  const profiles = (rows?: { id: number; name: string }[]) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const multi = (key: keyof EntityFilterValue, label: string, data: { value: string; label: string }[]) => (
    <MultiSelect
      key={key}
      label={label}
      data={data}
      value={value[key] as string[]}
      onChange={(v) => set({ [key]: v })}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      w={200}
    />
  );

  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('entitiesPage.search')}
        placeholder={t('entitiesPage.searchHint')}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={220}
      />
      <Input.Wrapper label={t('entitiesPage.status')} labelElement="div" id="entity-status-filter">
        <SegmentedControl
          data={[
            { value: 'Active', label: t('entitiesPage.active') },
            { value: 'Inactive', label: t('entitiesPage.inactive') },
          ]}
          value={value.status}
          onChange={(v) => set({ status: v as EntityFilterValue['status'] })}
        />
      </Input.Wrapper>
      <Select
        label={t('entitiesPage.trading')}
        data={[
          { value: 'Enabled', label: t('entitiesPage.enabled') },
          { value: 'Disabled', label: t('entitiesPage.disabled') },
        ]}
        value={value.tradingEnabled}
        onChange={(v) => set({ tradingEnabled: (v as EntityFilterValue['tradingEnabled']) ?? null })}
        clearable
        placeholder={t('entitiesPage.any')}
        w={140}
      />
      {multi('attributes', t('entitiesPage.attributes'), codes(attributes.data))}
      {full && (
        <>
          {multi('addressTypes', t('entitiesPage.addressTypes'), codes(addressTypes.data))}
          {multi('nameSources', t('entitiesPage.nameSources'), codes(nameSources.data))}
          {multi('conversionProfiles', t('entitiesPage.conversionProfiles'), profiles(conversion.data))}
          {multi('rollProfiles', t('entitiesPage.rollProfiles'), profiles(roll.data))}
          {multi('baseCurrencies', t('entitiesPage.baseCurrencies'), codes(currencies.data))}
        </>
      )}
    </Group>
  );
}
