import { type TEntity, ZCreateEntity, ZUpdateEntity } from '@clearway/contracts/endpoints/entity.schemas';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, useForm } from '../../../lib/use-form';
import { entityReference, parentEntitiesQuery } from '../api/entities.queries';
import { codeOptions } from './code-options';

type Address = {
  addressType: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  countryCode: string;
};
type Mapping = { source: string; name: string };
type Values = {
  entityName: string;
  parentId: string;
  attributes: string[];
  currencyCode: string;
  conversionProfileId: string;
  rollProfileId: string;
  tradingEnabled: boolean;
  addresses: Address[];
  nameMappings: Mapping[];
};

const blank = (v: string) => (v === '' ? undefined : v);
const idOrNull = (v: string) => (v === '' ? null : Number(v));

const valuesOf = (e: TEntity | null, parentId: number | null): Values => ({
  entityName: e?.entityName ?? '',
  parentId: e ? String(e.parentId) : parentId ? String(parentId) : '',
  attributes: e?.attributes ?? [],
  currencyCode: e?.currencyCode ?? '',
  conversionProfileId: e?.conversionProfileId ? String(e.conversionProfileId) : '',
  rollProfileId: e?.rollProfileId ? String(e.rollProfileId) : '',
  tradingEnabled: e?.tradingEnabled ?? false,
  addresses: (e?.addresses ?? []).map((a) => ({
    ...a,
    line2: a.line2 ?? '',
    postalCode: a.postalCode ?? '',
  })),
  nameMappings: e?.nameMappings ?? [],
});

/** The form's values as the create or update body (its contract row's shape). */
function bodyOf(v: Values, entity: TEntity | null) {
  return {
    entityId: entity ? entity.entityId : undefined,
    ...(entity ? {} : { parentId: v.parentId === '' ? undefined : Number(v.parentId) }),
    entityName: v.entityName,
    attributes: v.attributes,
    currencyCode: v.currencyCode === '' ? null : v.currencyCode,
    conversionProfileId: idOrNull(v.conversionProfileId),
    rollProfileId: idOrNull(v.rollProfileId),
    tradingEnabled: v.tradingEnabled,
    active: entity?.active ?? true,
    agentId: entity?.agentId ?? null,
    addresses: v.addresses.map((a) => ({
      addressType: a.addressType,
      line1: a.line1,
      line2: blank(a.line2),
      city: a.city,
      postalCode: blank(a.postalCode),
      countryCode: a.countryCode,
    })),
    nameMappings: v.nameMappings,
  };
}

/**
 * Creates an entity below a parent the user manages, or edits one: every section 3 field,
 * with addresses (each with a type) and name mappings (each with a source). The spec's
 * texts: 'Create Entity' / 'Save Changes'; the caller shows the confirmation.
 */
export function EntityForm({
  opened,
  onClose,
  entity,
  actingId,
  defaultParentId,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  /** The entity edited; null creates one. */
  entity: TEntity | null;
  actingId: number;
  defaultParentId: number | null;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const labels = {
    entityName: t('entitiesPage.name'),
    parentId: t('entitiesPage.parent'),
    attributes: t('entitiesPage.attributes'),
    currencyCode: t('entitiesPage.currency'),
    conversionProfileId: t('entitiesPage.conversionProfile'),
    rollProfileId: t('entitiesPage.rollProfile'),
    tradingEnabled: t('entitiesPage.tradingEnabled'),
    addressType: t('entitiesPage.addressType'),
    line1: t('entitiesPage.line1'),
    line2: t('entitiesPage.line2'),
    city: t('entitiesPage.city'),
    postalCode: t('entitiesPage.postalCode'),
    countryCode: t('entitiesPage.country'),
    source: t('entitiesPage.source'),
    name: t('entitiesPage.mappedName'),
  };
  const form = useForm({
    initial: () => valuesOf(entity, defaultParentId),
    labels,
    required: entity ? ['entityName'] : ['entityName', 'parentId'],
    check: (v: Values): Checked<Record<string, unknown>> => {
      const body = { ...bodyOf(v, entity), ...(entity ? {} : { entityId: actingId }) };
      return entity ? checkForm(ZUpdateEntity, body, labels) : checkForm(ZCreateEntity, body, labels);
    },
  });
  const attributes = useQuery({ ...entityReference.attributes, enabled: opened });
  const addressTypes = useQuery({ ...entityReference.addressTypes, enabled: opened });
  const nameSources = useQuery({ ...entityReference.nameSources, enabled: opened });
  const currencies = useQuery({ ...entityReference.baseCurrencies, enabled: opened });
  const conversion = useQuery({ ...entityReference.conversionProfiles, enabled: opened });
  const roll = useQuery({ ...entityReference.rollProfiles, enabled: opened });
  const countries = useQuery({ ...entityReference.countries, enabled: opened });
  const parents = useQuery({ ...parentEntitiesQuery, enabled: opened && !entity });
  const v = form.values;
  const fieldError = (key: string) => form.error(key as keyof Values & string);
  const setAddress = (i: number, patch: Partial<Address>) =>
    form.set({ addresses: v.addresses.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const setMapping = (i: number, patch: Partial<Mapping>) =>
    form.set({ nameMappings: v.nameMappings.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const title = entity ? t('entitiesPage.edit', { name: entity.entityName }) : t('entitiesPage.create');

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <form
        onSubmit={form.onSubmit(async (body) => {
          await onSave(body);
          onClose();
        })}
        noValidate
      >
        <Stack>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.text('entityName')} />
            {!entity && (
              <Select
                {...form.choice('parentId')}
                searchable
                data={(parents.data ?? []).map((p) => ({ value: String(p.entityId), label: p.entityName }))}
              />
            )}
            <MultiSelect
              {...form.choices('attributes')}
              searchable
              data={codeOptions(attributes.data, entity?.attributes ?? [])}
            />
            <Select
              {...form.choice('currencyCode')}
              searchable
              clearable
              data={(currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
            />
            <Select
              {...form.choice('conversionProfileId')}
              clearable
              data={(conversion.data ?? [])
                .filter((p) => p.active || String(p.id) === v.conversionProfileId)
                .map((p) => ({ value: String(p.id), label: p.name }))}
            />
            <Select
              {...form.choice('rollProfileId')}
              clearable
              data={(roll.data ?? [])
                .filter((p) => p.active || String(p.id) === v.rollProfileId)
                .map((p) => ({ value: String(p.id), label: p.name }))}
            />
            <Switch
              label={labels.tradingEnabled}
              checked={v.tradingEnabled}
              onChange={(e) => form.set({ tradingEnabled: e.currentTarget.checked })}
            />
          </SimpleGrid>
          <Fieldset legend={t('entitiesPage.addresses')}>
            <Stack gap="xs">
              {v.addresses.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-start" gap="xs" wrap="wrap">
                  <Select
                    label={labels.addressType}
                    data={codeOptions(
                      addressTypes.data,
                      (entity?.addresses ?? []).map((x) => x.addressType),
                    )}
                    value={a.addressType || null}
                    onChange={(x) => setAddress(i, { addressType: x ?? '' })}
                    error={fieldError(`addresses.${i}.addressType`)}
                    w={130}
                  />
                  <TextInput
                    label={labels.line1}
                    value={a.line1}
                    onChange={(e) => setAddress(i, { line1: e.currentTarget.value })}
                    error={fieldError(`addresses.${i}.line1`)}
                  />
                  <TextInput
                    label={labels.line2}
                    value={a.line2}
                    onChange={(e) => setAddress(i, { line2: e.currentTarget.value })}
                  />
                  <TextInput
                    label={labels.city}
                    value={a.city}
                    onChange={(e) => setAddress(i, { city: e.currentTarget.value })}
                    error={fieldError(`addresses.${i}.city`)}
                    w={130}
                  />
                  <TextInput
                    label={labels.postalCode}
                    value={a.postalCode}
                    onChange={(e) => setAddress(i, { postalCode: e.currentTarget.value })}
                    w={100}
                  />
                  <Select
                    label={labels.countryCode}
                    searchable
                    data={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
                    value={a.countryCode || null}
                    onChange={(x) => setAddress(i, { countryCode: x ?? '' })}
                    error={fieldError(`addresses.${i}.countryCode`)}
                    w={170}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('entitiesPage.removeAddress', { n: i + 1 })}
                    onClick={() => form.set({ addresses: v.addresses.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    form.set({
                      addresses: [
                        ...v.addresses,
                        {
                          addressType: 'Registered',
                          line1: '',
                          line2: '',
                          city: '',
                          postalCode: '',
                          countryCode: '',
                        },
                      ],
                    })
                  }
                >
                  {t('entitiesPage.addAddress')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('entitiesPage.nameMappings')}>
            <Stack gap="xs">
              {v.nameMappings.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-start" gap="xs">
                  <Select
                    label={labels.source}
                    data={codeOptions(
                      nameSources.data,
                      (entity?.nameMappings ?? []).map((x) => x.source),
                    )}
                    value={m.source || null}
                    onChange={(x) => setMapping(i, { source: x ?? '' })}
                    error={fieldError(`nameMappings.${i}.source`)}
                    w={160}
                  />
                  <TextInput
                    label={labels.name}
                    value={m.name}
                    onChange={(e) => setMapping(i, { name: e.currentTarget.value })}
                    error={fieldError(`nameMappings.${i}.name`)}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('entitiesPage.removeMapping', { n: i + 1 })}
                    onClick={() => form.set({ nameMappings: v.nameMappings.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    form.set({ nameMappings: [...v.nameMappings, { source: 'Internal', name: '' }] })
                  }
                >
                  {t('entitiesPage.addMapping')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {entity ? t('entitiesPage.saveChanges') : t('entitiesPage.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
