import {
  CEILING_KIND_LABELS,
  CEILING_KINDS,
  type TCeiling,
  ZLimitUpdate,
} from '@clearway/contracts/endpoints/limits.schemas';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { checkForm } from '../../../lib/form-errors';
import { formatAmount } from '../../../lib/format';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';
import { type LimitChange, useRequestLimit } from '../api/limits.mutations';
import { limitsQuery } from '../api/limits.queries';

/** Where a ceiling comes from: the platform's default, this entity, or an entity above it. */
const originOf = (c: TCeiling, entityId: number, t: TFunction) =>
  c.setAt === null
    ? t('limits.platformDefault')
    : c.setAt === entityId
      ? t('limits.setHere')
      : t('limits.inherited', { name: c.setAtName });

/**
 * An entity's ceilings (the most one back-office cash entry or one money request may move),
 * with where each comes from; staff with system_management ask for a change, which applies
 * once another person approves the LIMIT request it becomes.
 */
export function EntityLimits({ entityId, canRequest }: { entityId: number; canRequest: boolean }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const ceilings = useQuery({ ...limitsQuery(entityId), enabled: opened });
  const assetOf = useAssetOf();
  const columns: Column<TCeiling>[] = [
    {
      id: 'kind',
      header: t('limits.kind'),
      value: (c) => CEILING_KIND_LABELS[c.kind],
      cell: (c) => CEILING_KIND_LABELS[c.kind],
      fixed: true,
    },
    {
      id: 'asset',
      header: t('limits.asset'),
      value: (c) => c.asset ?? t('limits.everyAsset'),
      cell: (c) => c.asset ?? t('limits.everyAsset'),
    },
    {
      id: 'maximum',
      header: t('limits.maximum'),
      value: (c) => c.maximum,
      cell: (c) => `${formatAmount(c.maximum, assetOf(c.currency))} ${c.currency}`,
      align: 'right',
      mono: true,
    },
    {
      id: 'origin',
      header: t('limits.origin'),
      value: (c) => originOf(c, entityId, t),
      cell: (c) => originOf(c, entityId, t),
    },
  ];
  return (
    <>
      <Button variant="default" onClick={open}>
        {t('limits.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('limits.title')} size="xl" centered>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('limits.hint')}
          </Text>
          <DataTable
            id="entity-limits"
            label={t('limits.title')}
            columns={columns}
            rows={ceilings.data}
            rowKey={(c) => `${c.kind}:${c.asset ?? '*'}`}
            query={ceilings}
            empty={{ title: t('limits.none'), hint: t('shell.emptyModuleHint') }}
          />
          {canRequest && <RequestLimit entityId={entityId} />}
        </Stack>
      </Modal>
    </>
  );
}

const blank = () => ({ kind: 'CASH_ENTRY', asset: '', maximum: '' });
type Values = ReturnType<typeof blank>;

/** The change asked for, checked with the row's schema: an empty asset is the value ceiling, an empty maximum removes this entity's own. */
const bodyOf = (v: Values) => ({
  kind: v.kind,
  asset: v.asset.trim() ? v.asset.trim().toUpperCase() : null,
  maximum: v.maximum.trim() ? v.maximum.trim() : null,
});

/** Ask for a change, confirmed before it is sent (it waits for another person's approval). */
function RequestLimit({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const request = useRequestLimit(entityId);
  const [confirming, setConfirming] = useState<LimitChange | null>(null);
  const labels = { kind: t('limits.kind'), asset: t('limits.asset'), maximum: t('limits.newMaximum') };
  const form = useForm({
    initial: blank,
    labels,
    required: ['kind'],
    check: (v: Values) => checkForm(ZLimitUpdate, bodyOf(v), labels),
  });
  const send = async () => {
    if (!confirming) return;
    try {
      const answer = await request.mutateAsync(confirming);
      showSuccessToast(t('limits.sentForApproval'), answer.pendingRequest.message);
      form.reset();
    } catch (err) {
      form.refuse(err);
    } finally {
      setConfirming(null);
    }
  };
  const what = (c: LimitChange) =>
    t(c.maximum === null ? 'limits.confirmRemove' : 'limits.confirmSet', {
      kind: CEILING_KIND_LABELS[c.kind],
      asset: c.asset ?? t('limits.everyAsset'),
      maximum: c.maximum,
    });
  return (
    <Stack gap="xs">
      <Title order={5}>{t('limits.request')}</Title>
      {confirming ? (
        <Alert color="blue" title={t('limits.confirmTitle')} role="alertdialog">
          <Stack gap="xs">
            <Text size="sm">{what(confirming)}</Text>
            <Group gap="xs">
              <Button onClick={send} loading={request.isPending} data-autofocus>
                {t('limits.confirm')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('limits.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit(async (body) => setConfirming(body))} noValidate>
          <Stack gap="xs">
            <Select
              {...form.choice('kind')}
              allowDeselect={false}
              data={CEILING_KINDS.map((k) => ({ value: k, label: CEILING_KIND_LABELS[k] }))}
            />
            <TextInput {...form.text('asset')} description={t('limits.assetHint')} />
            <TextInput {...form.text('maximum')} inputMode="decimal" description={t('limits.maximumHint')} />
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <Group>
              <Button type="submit">{t('limits.review')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
