import {
  BARRIER_DIRECTIONS,
  BARRIER_KINDS,
  BARRIER_LABELS,
  OPTION_CUT_TIMES,
  OPTION_CUTS,
  OPTION_TYPE_LABELS,
  OPTION_TYPES,
} from '@clearway/contracts/enums';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { toGatewayError } from '../../../lib/gateway';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useForm } from '../../../lib/use-form';
import { useBookOption } from '../api/trades.mutations';
import { bookingAccountsQuery, tradableQuery } from '../api/trades.queries';
import { checkOption, emptyOption, OPTION_FIELD_OF, type OptionDraft } from '../option-draft';
import { PayoffSketch } from './payoff-sketch';

/**
 * Staff with manual_trade_booking book a deliverable FX option (European) on an account of
 * the entity or below: long or short, call or put, notional, strike, expiry date and cut, a
 * barrier (up or down, knock-in or knock-out, level, rebate) when wanted, and the premium;
 * a payoff sketch shows how the terms read. One Idempotency-Key per opened form.
 */
export function BookOption({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const book = useBookOption();
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: opened });
  const labels = {
    accountId: t('trades.account'),
    instrumentId: t('options.pair'),
    notional: t('options.notional'),
    strike: t('options.strike'),
    expiryDate: t('options.expiryDate'),
    cut: t('options.cut'),
    premium: t('options.premium'),
    premiumCurrency: t('options.premiumCurrency'),
    premiumDate: t('options.premiumDate'),
    tradeDate: t('trades.tradeDate'),
    barrierLevel: t('options.barrierLevel'),
    rebate: t('options.rebate'),
    rebateCurrency: t('options.rebateCurrency'),
    reference: t('trades.reference'),
  };
  const form = useForm({
    initial: emptyOption,
    labels,
    required: ['accountId', 'instrumentId', 'notional', 'strike', 'expiryDate', 'premium', 'premiumCurrency'],
    fieldOf: OPTION_FIELD_OF,
    check: (d: OptionDraft) => checkOption(d, entityId, labels),
  });
  const d = form.values;
  const account = accounts.data?.find((a) => String(a.id) === d.accountId);
  const tradable = useQuery({
    ...tradableQuery(account?.entityId ?? -1),
    enabled: opened && Boolean(account),
  });
  const pairs = (tradable.data?.items ?? []).filter((i) => i.kind === 'FX');
  const pair = pairs.find((i) => String(i.id) === d.instrumentId);
  const currencies = pair && pair.kind === 'FX' ? [pair.base, pair.quote] : [];

  const start = () => {
    setKey(crypto.randomUUID());
    form.reset();
    open();
  };
  async function send(body: Parameters<typeof book.mutateAsync>[0]['body']) {
    try {
      await book.mutateAsync({ idempotencyKey: key, body });
    } catch (err) {
      if (toGatewayError(err).status < 500) setKey(crypto.randomUUID());
      form.refuse(err);
      return;
    }
    close();
    confirmSaved(t, 'trade', 'created');
  }

  return (
    <>
      <Button variant="light" onClick={start}>
        {t('options.book')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('options.bookTitle')} centered size="lg">
        <form onSubmit={form.onSubmit(send)} noValidate>
          <Stack>
            <Select
              {...form.choice('accountId')}
              searchable
              data={(accounts.data ?? []).map((a) => ({
                value: String(a.id),
                label: `${a.name} · ${a.entityName}`,
              }))}
              onChange={(v) => form.set({ accountId: v ?? '', instrumentId: '' })}
            />
            <Select
              {...form.choice('instrumentId')}
              searchable
              data={pairs.map((i) => ({ value: String(i.id), label: i.symbol }))}
              onChange={(v) => {
                const next = pairs.find((i) => String(i.id) === v);
                form.set({ instrumentId: v ?? '', premiumCurrency: next?.kind === 'FX' ? next.quote : '' });
              }}
              disabled={!account}
              placeholder={account ? undefined : t('trades.pickAccountFirst')}
              nothingFoundMessage={t('trades.nothingTradable')}
            />
            <Group grow>
              <SegmentedControl
                aria-label={t('options.direction')}
                data={[
                  { value: 'BUY', label: t('options.long') },
                  { value: 'SELL', label: t('options.short') },
                ]}
                value={d.side}
                onChange={(v) => form.set({ side: v as OptionDraft['side'] })}
              />
              <SegmentedControl
                aria-label={t('options.type')}
                data={OPTION_TYPES.map((o) => ({ value: o, label: OPTION_TYPE_LABELS[o] }))}
                value={d.optionType}
                onChange={(v) => form.set({ optionType: v as OptionDraft['optionType'] })}
              />
            </Group>
            <SimpleGrid cols={2}>
              <TextInput
                {...form.text('notional')}
                label={
                  pair?.kind === 'FX' ? t('options.notionalIn', { currency: pair.base }) : labels.notional
                }
                inputMode="decimal"
              />
              <TextInput {...form.text('strike')} inputMode="decimal" />
              <TextInput
                {...form.text('expiryDate')}
                type="date"
                min={runtimeConfig.dateWindow.from}
                max={runtimeConfig.dateWindow.to}
              />
              <Select
                {...form.choice('cut')}
                data={OPTION_CUTS.map((c) => ({ value: c, label: OPTION_CUT_TIMES[c].label }))}
                onChange={(v) => form.set({ cut: (v as OptionDraft['cut']) ?? 'NY' })}
                allowDeselect={false}
              />
              <TextInput {...form.text('premium')} inputMode="decimal" />
              <Select
                {...form.choice('premiumCurrency')}
                data={currencies}
                onChange={(v) => form.set({ premiumCurrency: v ?? '' })}
              />
              <TextInput
                {...form.text('premiumDate')}
                type="date"
                description={t('options.premiumDateHint')}
              />
              <TextInput
                {...form.text('tradeDate')}
                type="date"
                max={runtimeConfig.dateWindow.to}
                description={t('options.tradeDateHint')}
              />
              <TextInput {...form.text('reference')} />
            </SimpleGrid>
            <Switch
              label={t('options.withBarrier')}
              checked={d.barrier}
              onChange={(e) => form.set({ barrier: e.currentTarget.checked })}
            />
            {d.barrier && (
              <SimpleGrid cols={2}>
                <SegmentedControl
                  aria-label={t('options.barrierDirection')}
                  data={BARRIER_DIRECTIONS.flatMap((dir) =>
                    BARRIER_KINDS.map((k) => ({
                      value: `${dir}_${k}`,
                      label: BARRIER_LABELS[`${dir}_${k}`],
                    })),
                  )}
                  value={`${d.barrierDirection}_${d.barrierKind}`}
                  onChange={(v) => {
                    const [dir, ...kind] = v.split('_');
                    form.set({
                      barrierDirection: dir as OptionDraft['barrierDirection'],
                      barrierKind: kind.join('_') as OptionDraft['barrierKind'],
                    });
                  }}
                  style={{ gridColumn: 'span 2' }}
                />
                <TextInput {...form.text('barrierLevel')} inputMode="decimal" />
                {d.barrierKind === 'KNOCK_OUT' && (
                  <>
                    <TextInput {...form.text('rebate')} inputMode="decimal" />
                    <Select
                      {...form.choice('rebateCurrency')}
                      data={currencies}
                      onChange={(v) => form.set({ rebateCurrency: v ?? '' })}
                    />
                  </>
                )}
              </SimpleGrid>
            )}
            <PayoffSketch draft={d} />
            {form.failure && (
              <Alert color="red" role="alert" title={t('trades.refused')}>
                {form.failure}
              </Alert>
            )}
            <Button type="submit" loading={form.busy}>
              {t('options.bookSubmit')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
