import type { TFeeSchedule } from '@clearway/contracts/endpoints/transfers.schemas';
import { BLOCKCHAIN_NETWORKS, NETWORK_CODES, networkCarries } from '@clearway/contracts/networks';
import type { FeeTierMode } from '@clearway/contracts/transfer-fees';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useChangeFeeSchedule } from '../api/transfers.mutations';
import {
  checkSchedule,
  draftOf,
  emptySchedule,
  type FeeScheduleBody,
  type TierDraft,
} from '../fee-schedule-draft';

/**
 * A new fee schedule, or new terms for one (`changing`): per asset and, for crypto, per
 * network; fixed part, basis points, minimum, maximum; optional tiers (graduated or volume);
 * the moment it takes effect (now when empty). A change of a schedule in force starts a new
 * version there — what was charged before never changes.
 */
export function FeeScheduleForm({ entityId, changing }: { entityId: number; changing?: TFeeSchedule }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const change = useChangeFeeSchedule(entityId);
  const crypto = runtimeConfig.transferCryptoCurrencies;
  const assets = [...runtimeConfig.transferFiatCurrencies, ...crypto];
  const labels = {
    asset: t('transferFees.asset'),
    network: t('transferFees.network'),
    fixed: t('transferFees.fixed'),
    bps: t('transferFees.bps'),
    minimum: t('transferFees.minimum'),
    maximum: t('transferFees.maximum'),
    tiers: t('transferFees.tiers'),
    effectiveFrom: t('transferFees.effectiveFrom'),
  };
  const form = useForm({
    initial: () => (changing ? draftOf(changing) : emptySchedule()),
    labels,
    required: changing ? [] : ['asset'],
    check: (d) => checkSchedule(d, entityId, labels),
  });
  const d = form.values;
  const title = changing ? t('transferFees.changeTitle', { id: changing.id }) : t('transferFees.new');
  const setTier = (i: number, patch: Partial<TierDraft>) =>
    form.set({ tiers: d.tiers.map((tier, n) => (n === i ? { ...tier, ...patch } : tier)) });

  async function send(body: FeeScheduleBody) {
    const { asset: _, network: __, ...terms } = body;
    const saved = changing
      ? await change.mutateAsync({ kind: 'update', body: { ...terms, id: changing.id } })
      : await change.mutateAsync({ kind: 'create', body });
    showSuccessToast(t('transferFees.saved'), t('transferFees.savedText', { id: saved.id }));
    close();
  }

  return (
    <>
      <Button
        variant={changing ? 'subtle' : 'filled'}
        size={changing ? 'xs' : 'sm'}
        onClick={() => {
          form.reset();
          open();
        }}
        aria-label={title}
      >
        {changing ? t('transferFees.change') : t('transferFees.new')}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered size="lg">
        <form onSubmit={form.onSubmit(send)} noValidate aria-label={title}>
          <Stack>
            <Group grow>
              <Select
                {...form.choice('asset')}
                disabled={Boolean(changing)}
                data={assets}
                onChange={(v) => form.set({ asset: v ?? '', network: '' })}
              />
              {crypto.includes(d.asset) && (
                <Select
                  {...form.choice('network')}
                  disabled={Boolean(changing)}
                  placeholder={t('transferFees.allNetworks')}
                  clearable
                  onChange={(v) => form.set({ network: NETWORK_CODES.find((c) => c === v) ?? '' })}
                  data={BLOCKCHAIN_NETWORKS.filter((n) => networkCarries(n.code, d.asset)).map((n) => ({
                    value: n.code,
                    label: n.name,
                  }))}
                />
              )}
            </Group>
            <Group grow>
              <TextInput {...form.text('fixed')} inputMode="decimal" />
              <TextInput {...form.text('bps')} inputMode="decimal" description={t('transferFees.bpsHint')} />
            </Group>
            <Group grow>
              <TextInput {...form.text('minimum')} inputMode="decimal" />
              <TextInput
                {...form.text('maximum')}
                inputMode="decimal"
                placeholder={t('transferFees.noMaximum')}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {labels.tiers}
              </Text>
              <SegmentedControl
                aria-label={t('transferFees.tierMode')}
                value={d.tierMode}
                onChange={(v) =>
                  form.set({
                    tierMode: v as FeeTierMode,
                    tiers:
                      v === 'NONE' ? [] : d.tiers.length ? d.tiers : [{ upTo: '', fixed: '0', bps: '0' }],
                  })
                }
                data={(['NONE', 'GRADUATED', 'VOLUME'] as const).map((m) => ({
                  value: m,
                  label: t(`transferFees.mode.${m}`),
                }))}
              />
              {d.tiers.map((tier, i) => (
                // Tiers have no identity beyond their place in the list.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={i} grow align="flex-end">
                  <TextInput
                    label={t('transferFees.upTo')}
                    value={i === d.tiers.length - 1 ? '' : tier.upTo}
                    placeholder={i === d.tiers.length - 1 ? t('transferFees.andAbove') : undefined}
                    disabled={i === d.tiers.length - 1}
                    onChange={(e) => setTier(i, { upTo: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('transferFees.tierFixed')}
                    value={tier.fixed}
                    onChange={(e) => setTier(i, { fixed: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('transferFees.tierBps')}
                    value={tier.bps}
                    onChange={(e) => setTier(i, { bps: e.currentTarget.value })}
                  />
                </Group>
              ))}
              {d.tierMode !== 'NONE' && (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => form.set({ tiers: [{ upTo: '', fixed: '0', bps: '0' }, ...d.tiers] })}
                  >
                    {t('transferFees.addTier')}
                  </Button>
                  {d.tiers.length > 1 && (
                    <Button size="xs" variant="subtle" onClick={() => form.set({ tiers: d.tiers.slice(1) })}>
                      {t('transferFees.removeTier')}
                    </Button>
                  )}
                </Group>
              )}
              {form.error('tiers') && (
                <Text size="xs" c="red" role="alert">
                  {form.error('tiers')}
                </Text>
              )}
            </Stack>
            <TextInput
              {...form.text('effectiveFrom')}
              type="date"
              description={t('transferFees.effectiveFromHint')}
            />
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <Button type="submit" loading={form.busy}>
              {t('transferFees.save')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
