import { SCOPE_TYPE_LABELS, SCOPE_TYPES } from '@clearway/contracts/authorization';
import { MAX_APPROVERS } from '@clearway/contracts/endpoints/requests.schemas';
import {
  type TTemplate,
  ZTemplateCreate,
  ZTemplateUpdate,
} from '@clearway/contracts/endpoints/template.schemas';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, REQUEST_TYPES } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, useForm } from '../../../lib/use-form';
import { entityReference, parentEntitiesQuery } from '../../entities/api/entities.queries';
import { grantableGroupsQuery } from '../api/templates.queries';

type Account = { accountType: string; accountName: string; currencyId: string };
type Grant = { groupId: string; scopeType: string };
type Policy = { requestType: string; requiredApprovals: number | string };
type Values = {
  name: string;
  description: string;
  parentId: string;
  attributes: string[];
  currencyCode: string;
  conversionProfileId: string;
  rollProfileId: string;
  tradingEnabled: boolean;
  accounts: Account[];
  grants: Grant[];
  approvalPolicies: Policy[];
};

const idOrNull = (v: string) => (v === '' ? null : Number(v));
const str = (v: number | null) => (v === null ? '' : String(v));

const valuesOf = (x: TTemplate | null): Values => ({
  name: x?.name ?? '',
  description: x?.description ?? '',
  parentId: str(x?.parentId ?? null),
  attributes: x?.attributes ?? [],
  currencyCode: x?.currencyCode ?? '',
  conversionProfileId: str(x?.conversionProfileId ?? null),
  rollProfileId: str(x?.rollProfileId ?? null),
  tradingEnabled: x?.tradingEnabled ?? false,
  accounts: (x?.accounts ?? []).map((a) => ({ ...a, currencyId: a.currencyId ?? '' })),
  grants: (x?.grants ?? []).map((g) => ({ groupId: String(g.groupId), scopeType: g.scopeType })),
  approvalPolicies: x?.approvalPolicies ?? [],
});

function bodyOf(v: Values, entityId: number, template: TTemplate | null) {
  return {
    entityId,
    ...(template ? { templateId: template.id } : {}),
    name: v.name,
    description: v.description,
    parentId: idOrNull(v.parentId),
    attributes: v.attributes,
    currencyCode: v.currencyCode === '' ? null : v.currencyCode,
    conversionProfileId: idOrNull(v.conversionProfileId),
    rollProfileId: idOrNull(v.rollProfileId),
    tradingEnabled: v.tradingEnabled,
    accounts: v.accounts.map((a) => ({ ...a, currencyId: a.currencyId === '' ? null : a.currencyId })),
    grants: v.grants.map((g) => ({
      groupId: g.groupId === '' ? undefined : Number(g.groupId),
      scopeType: g.scopeType,
    })),
    approvalPolicies: v.approvalPolicies.map((p) => ({
      requestType: p.requestType,
      requiredApprovals: p.requiredApprovals === '' ? undefined : Number(p.requiredApprovals),
    })),
  };
}

/**
 * A template's defaults (spec section 1): parent, attributes, base currency, profiles, the
 * trading flag, the accounts each new entity opens, the groups bound to it and its approval
 * policies. 'Create Template' / 'Save Changes'; the caller shows the confirmation.
 */
export function TemplateForm({
  entityId,
  template,
  onClose,
  onSave,
}: {
  entityId: number;
  template: TTemplate | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const labels = {
    name: t('templatesPage.name'),
    description: t('templatesPage.description'),
    parentId: t('templatesPage.parent'),
    attributes: t('templatesPage.attributes'),
    currencyCode: t('templatesPage.currency'),
    conversionProfileId: t('templatesPage.conversionProfile'),
    rollProfileId: t('templatesPage.rollProfile'),
    tradingEnabled: t('templatesPage.tradingEnabled'),
    accountType: t('templatesPage.accountType'),
    accountName: t('templatesPage.accountName'),
    currencyId: t('templatesPage.accountCurrency'),
    groupId: t('templatesPage.group'),
    scopeType: t('templatesPage.scope'),
    requestType: t('templatesPage.requestType'),
    requiredApprovals: t('templatesPage.approvers'),
  };
  const form = useForm({
    initial: () => valuesOf(template),
    labels,
    required: ['name'],
    check: (v: Values): Checked<Record<string, unknown>> =>
      template
        ? checkForm(ZTemplateUpdate, bodyOf(v, entityId, template), labels)
        : checkForm(ZTemplateCreate, bodyOf(v, entityId, null), labels),
  });
  const parents = useQuery(parentEntitiesQuery);
  const attributes = useQuery(entityReference.attributes);
  const currencies = useQuery(entityReference.baseCurrencies);
  const conversion = useQuery(entityReference.conversionProfiles);
  const roll = useQuery(entityReference.rollProfiles);
  const groups = useQuery(grantableGroupsQuery);
  const v = form.values;
  const err = (key: string) => form.error(key as keyof Values & string);
  const row = <K extends 'accounts' | 'grants' | 'approvalPolicies'>(
    key: K,
    i: number,
    patch: Partial<Values[K][number]>,
  ) =>
    form.set({
      [key]: (v[key] as Values[K][number][]).map((x, j) => (j === i ? { ...x, ...patch } : x)),
    } as Partial<Values>);
  const drop = (key: 'accounts' | 'grants' | 'approvalPolicies', i: number) =>
    form.set({ [key]: (v[key] as unknown[]).filter((_, j) => j !== i) } as Partial<Values>);
  const currencyData = (currencies.data ?? []).map((c) => ({
    value: c.code,
    label: `${c.code} — ${c.name}`,
  }));

  return (
    <Modal
      opened
      onClose={onClose}
      title={template ? t('templatesPage.edit', { name: template.name }) : t('templatesPage.create')}
      size="xl"
      centered
    >
      <form
        noValidate
        onSubmit={form.onSubmit(async (body) => {
          await onSave(body);
          onClose();
        })}
      >
        <Stack>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.text('name')} />
            <Select
              {...form.choice('parentId')}
              searchable
              clearable
              data={(parents.data ?? []).map((p) => ({ value: String(p.entityId), label: p.entityName }))}
            />
            <MultiSelect
              {...form.choices('attributes')}
              searchable
              data={(attributes.data ?? []).map((a) => ({ value: a.code, label: a.name }))}
            />
            <Select {...form.choice('currencyCode')} searchable clearable data={currencyData} />
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
          <Textarea {...form.text('description')} autosize minRows={2} />
          <Fieldset legend={t('templatesPage.accounts')}>
            <Stack gap="xs">
              {v.accounts.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-start" gap="xs">
                  <Select
                    label={labels.accountType}
                    data={ACCOUNT_TYPES.map((x) => ({ value: x, label: ACCOUNT_TYPE_LABELS[x] }))}
                    value={a.accountType || null}
                    onChange={(x) => row('accounts', i, { accountType: x ?? '' })}
                    error={err(`accounts.${i}.accountType`)}
                    w={170}
                  />
                  <TextInput
                    label={labels.accountName}
                    value={a.accountName}
                    onChange={(e) => row('accounts', i, { accountName: e.currentTarget.value })}
                    error={err(`accounts.${i}.accountName`)}
                  />
                  <Select
                    label={labels.currencyId}
                    searchable
                    clearable
                    data={currencyData}
                    value={a.currencyId || null}
                    onChange={(x) => row('accounts', i, { currencyId: x ?? '' })}
                    w={190}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('templatesPage.removeAccount', { n: i + 1 })}
                    onClick={() => drop('accounts', i)}
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
                      accounts: [
                        ...v.accounts,
                        { accountType: 'MarginTrading', accountName: '', currencyId: '' },
                      ],
                    })
                  }
                >
                  {t('templatesPage.addAccount')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('templatesPage.grants')}>
            <Stack gap="xs">
              {v.grants.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-start" gap="xs">
                  <Select
                    label={labels.groupId}
                    searchable
                    data={(groups.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
                    value={g.groupId || null}
                    onChange={(x) => row('grants', i, { groupId: x ?? '' })}
                    error={err(`grants.${i}.groupId`)}
                    w={240}
                  />
                  <Select
                    label={labels.scopeType}
                    data={SCOPE_TYPES.map((x) => ({ value: x, label: SCOPE_TYPE_LABELS[x] }))}
                    value={g.scopeType}
                    onChange={(x) => row('grants', i, { scopeType: x ?? 'SELF_AND_DESCENDANTS' })}
                    w={260}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('templatesPage.removeGrant', { n: i + 1 })}
                    onClick={() => drop('grants', i)}
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
                    form.set({ grants: [...v.grants, { groupId: '', scopeType: 'SELF_AND_DESCENDANTS' }] })
                  }
                >
                  {t('templatesPage.addGrant')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={t('templatesPage.policies')}>
            <Stack gap="xs">
              {v.approvalPolicies.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                <Group key={i} align="flex-start" gap="xs">
                  <Select
                    label={labels.requestType}
                    data={REQUEST_TYPES.map((x) => ({ value: x, label: requestTypeOf(x).label }))}
                    value={p.requestType || null}
                    onChange={(x) => row('approvalPolicies', i, { requestType: x ?? '' })}
                    error={err(`approvalPolicies.${i}.requestType`) ?? err('approvalPolicies')}
                    w={240}
                  />
                  <NumberInput
                    label={labels.requiredApprovals}
                    min={1}
                    max={MAX_APPROVERS}
                    allowDecimal={false}
                    value={p.requiredApprovals}
                    onChange={(x) => row('approvalPolicies', i, { requiredApprovals: x })}
                    error={err(`approvalPolicies.${i}.requiredApprovals`)}
                    w={140}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('templatesPage.removePolicy', { n: i + 1 })}
                    onClick={() => drop('approvalPolicies', i)}
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
                      approvalPolicies: [
                        ...v.approvalPolicies,
                        { requestType: 'WITHDRAWAL', requiredApprovals: 2 },
                      ],
                    })
                  }
                >
                  {t('templatesPage.addPolicy')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={form.busy}>
              {template ? t('templatesPage.saveChanges') : t('templatesPage.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
