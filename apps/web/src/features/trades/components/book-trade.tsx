import { valueAt } from '@clearway/contracts/amounts';
import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import {
  ZCfdTrade,
  ZConversionSweep,
  ZDeliverableFxTrade,
  ZFxSwap,
  ZMarginFxTrade,
} from '@clearway/contracts/endpoints/trades.schemas';
import type { TradeType } from '@clearway/contracts/enums';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useDialogForm } from '../../../lib/use-form-submit';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';
import { type Booking, useBookTrade } from '../api/trades.mutations';
import {
  bookingAccountsQuery,
  cfdValueDateQuery,
  pricesQuery,
  spotQuery,
  tradableQuery,
} from '../api/trades.queries';
import { figure } from './trade-figures';

const KINDS = [
  'DELIVERABLE_FX',
  'MARGIN_FX',
  'FX_SWAP',
  'CFD',
  'CONVERSION_SWEEP',
] as const satisfies TradeType[];
type Kind = (typeof KINDS)[number];
const SCHEMA = {
  DELIVERABLE_FX: ZDeliverableFxTrade,
  MARGIN_FX: ZMarginFxTrade,
  FX_SWAP: ZFxSwap,
  CFD: ZCfdTrade,
  CONVERSION_SWEEP: ZConversionSweep,
} as const;

const blank = () => ({
  kind: 'DELIVERABLE_FX' as Kind,
  accountId: '',
  instrumentId: '',
  side: 'BUY' as 'BUY' | 'SELL',
  amount: '',
  rate: '',
  forward: false,
  valueDate: '',
  swapPoints: '',
  farValueDate: '',
  reference: '',
});
type Form = ReturnType<typeof blank>;

/** The request body the kind's contract row takes, from what the form holds. */
function bodyOf(f: Form, entityId: number): Record<string, unknown> {
  const common = {
    entityId,
    accountId: Number(f.accountId) || undefined,
    reference: f.reference || undefined,
  };
  const trade = { ...common, instrumentId: Number(f.instrumentId) || undefined, side: f.side };
  switch (f.kind) {
    case 'DELIVERABLE_FX':
      return {
        ...trade,
        amount: f.amount,
        rate: f.rate,
        valueDate: f.forward ? f.valueDate || undefined : undefined,
      };
    case 'MARGIN_FX':
      return { ...trade, amount: f.amount, rate: f.rate };
    case 'FX_SWAP':
      return {
        ...trade,
        amount: f.amount,
        rate: f.rate,
        swapPoints: f.swapPoints,
        farValueDate: f.farValueDate,
      };
    case 'CFD':
      return { ...trade, quantity: f.amount, price: f.rate };
    case 'CONVERSION_SWEEP':
      return common;
  }
}

/** The mid a new trade's rate starts from: the sheet's for a pair, the price for a CFD. */
function midOf(
  i: TInstrument,
  prices: {
    rates: { base: string; quote: string; rate: string }[];
    cfds: { instrumentId: number; mid: string }[];
  },
) {
  if (i.kind === 'CFD') return prices.cfds.find((c) => c.instrumentId === i.id)?.mid ?? '';
  if (i.kind !== 'FX') return '';
  return prices.rates.find((r) => r.base === i.base && r.quote === i.quote)?.rate ?? '';
}

/**
 * Staff with manual_trade_booking book a trade of any kind on an account of the entity or
 * below: the instrument from what the account's owner may trade, the side, the amount, the
 * rate prefilled from the sheet (editable), the value date as the server computes it, and the
 * counter amount computed as they type; a review step before it is booked, then the spec's
 * create confirmation. One Idempotency-Key per opened form: a double submit books once.
 */
export function BookTrade({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [review, setReview] = useState<Booking | null>(null);
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    blank,
    useBookTrade(),
  );
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: opened });
  const account = accounts.data?.find((a) => String(a.id) === form.accountId);
  const tradable = useQuery({
    ...tradableQuery(account?.entityId ?? -1),
    enabled: opened && Boolean(account),
  });
  const prices = useQuery({ ...pricesQuery(entityId), enabled: opened });
  const wanted = form.kind === 'CFD' ? 'CFD' : 'FX';
  const instruments = (tradable.data?.items ?? []).filter((i) => i.kind === wanted);
  const instrument = instruments.find((i) => String(i.id) === form.instrumentId);
  const pair = instrument?.kind === 'FX' ? { base: instrument.base, quote: instrument.quote } : null;
  const spot = useQuery({
    ...spotQuery(entityId, pair),
    enabled: opened && pair !== null && form.kind !== 'CFD',
  });
  const cfdDate = useQuery({
    ...cfdValueDateQuery(entityId, instrument?.kind === 'CFD' ? instrument.id : null),
    enabled: opened && instrument?.kind === 'CFD',
  });
  const scaleOf = useScaleOf();
  const labels = {
    accountId: t('trades.account'),
    instrumentId: t('trades.instrument'),
    side: t('trades.side'),
    amount: t('trades.amount'),
    quantity: t('trades.quantity'),
    rate: t('trades.rate'),
    price: t('trades.price'),
    valueDate: t('trades.valueDate'),
    swapPoints: t('trades.swapPoints'),
    farValueDate: t('trades.farValueDate'),
  };

  const counter = (() => {
    if (!instrument || !/^\d+(\.\d+)?$/.test(form.amount) || !/^\d+(\.\d+)?$/.test(form.rate)) return null;
    const scale = scaleOf(instrument.quote) ?? 2;
    const size = instrument.kind === 'CFD' ? instrument.contractSize : '1';
    return `${figure(valueAt(valueAt(form.amount, size, 18), form.rate, scale))} ${instrument.quote}`;
  })();
  const valueDate =
    form.kind === 'CFD' ? cfdDate.data?.valueDate : form.forward ? form.valueDate : spot.data?.valueDate;

  function toReview(e: React.FormEvent) {
    e.preventDefault();
    const body = bodyOf(form, entityId);
    const { errors: problems, body: checked } = checkForm(SCHEMA[form.kind], body, labels);
    if (Object.keys(problems).length || !checked) {
      void run(problems, undefined);
      return;
    }
    setReview({ idempotencyKey: key, kind: form.kind, body: checked } as Booking);
  }

  async function submit() {
    if (!review) return;
    await run({}, review, () => {
      setReview(null);
      close();
      confirmSaved(t, 'trade', 'created');
    });
  }

  const pick = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  return (
    <>
      <Button
        onClick={() => {
          setKey(crypto.randomUUID());
          setReview(null);
          start();
        }}
      >
        {t('trades.book')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('trades.createTrade')} centered size="lg">
        {review ? (
          <Stack>
            <Text fw={600}>{t('trades.review')}</Text>
            <Text size="sm">
              {form.kind === 'CONVERSION_SWEEP'
                ? t('trades.reviewSweep', { account: account?.name })
                : t('trades.reviewTrade', {
                    kind: t(`trades.types.${form.kind}`),
                    side: t(`trades.sides.${form.side}`),
                    amount: form.amount,
                    symbol: instrument?.symbol,
                    rate: form.rate,
                    account: account?.name,
                  })}
            </Text>
            {counter && <Text size="sm">{t('trades.reviewCounter', { counter })}</Text>}
            {valueDate && <Text size="sm">{t('trades.reviewValueDate', { date: valueDate })}</Text>}
            {failure && (
              <Alert color="red" title={t('trades.refused')}>
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)}>
                {t('trades.back')}
              </Button>
              <Button onClick={submit} loading={busy}>
                {t('trades.createTrade')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={toReview} noValidate>
            <Stack>
              <Select
                label={t('trades.kind')}
                data={KINDS.map((k) => ({ value: k, label: t(`trades.types.${k}`) }))}
                value={form.kind}
                onChange={(v) => pick({ kind: (v as Kind) ?? 'DELIVERABLE_FX', instrumentId: '', rate: '' })}
                allowDeselect={false}
              />
              <Select
                label={t('trades.account')}
                searchable
                data={(accounts.data ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.name} · ${a.entityName}`,
                }))}
                value={form.accountId || null}
                onChange={(v) => pick({ accountId: v ?? '', instrumentId: '', rate: '' })}
                error={errors.accountId}
                required
              />
              {form.kind !== 'CONVERSION_SWEEP' && (
                <>
                  <Select
                    label={t('trades.instrument')}
                    searchable
                    data={instruments.map((i) => ({ value: String(i.id), label: i.symbol }))}
                    value={form.instrumentId || null}
                    onChange={(v) => {
                      const chosen = instruments.find((i) => String(i.id) === v);
                      pick({
                        instrumentId: v ?? '',
                        rate: chosen && prices.data ? midOf(chosen, prices.data) : '',
                      });
                    }}
                    error={errors.instrumentId}
                    disabled={!account}
                    required
                  />
                  <SegmentedControl
                    aria-label={t('trades.side')}
                    data={[
                      { value: 'BUY', label: t('trades.sides.BUY') },
                      { value: 'SELL', label: t('trades.sides.SELL') },
                    ]}
                    value={form.side}
                    onChange={(v) => pick({ side: v as Form['side'] })}
                  />
                  <TextInput
                    label={
                      form.kind === 'CFD'
                        ? t('trades.quantity')
                        : t('trades.amountIn', { currency: pair?.base ?? '' })
                    }
                    inputMode="decimal"
                    value={form.amount}
                    onChange={(e) => pick({ amount: e.currentTarget.value })}
                    error={errors.amount ?? errors.quantity}
                    required
                  />
                  <TextInput
                    label={form.kind === 'CFD' ? t('trades.price') : t('trades.rate')}
                    description={t('trades.rateHint')}
                    inputMode="decimal"
                    value={form.rate}
                    onChange={(e) => pick({ rate: e.currentTarget.value })}
                    error={errors.rate ?? errors.price}
                    required
                  />
                  <Text size="sm" data-testid="counter-amount">
                    {t('trades.counterIs', { counter: counter ?? '—' })}
                  </Text>
                  {form.kind === 'DELIVERABLE_FX' && (
                    <Switch
                      label={t('trades.forward')}
                      checked={form.forward}
                      onChange={(e) =>
                        pick({ forward: e.currentTarget.checked, valueDate: spot.data?.valueDate ?? '' })
                      }
                    />
                  )}
                  {form.kind === 'DELIVERABLE_FX' && form.forward ? (
                    <TextInput
                      label={t('trades.valueDate')}
                      type="date"
                      min={runtimeConfig.dateWindow.from}
                      max={runtimeConfig.dateWindow.to}
                      value={form.valueDate}
                      onChange={(e) => pick({ valueDate: e.currentTarget.value })}
                      error={errors.valueDate}
                      required
                    />
                  ) : (
                    <Text size="sm" data-testid="value-date">
                      {t('trades.valueDateIs', { date: valueDate ?? '…' })}
                    </Text>
                  )}
                  {form.kind === 'FX_SWAP' && (
                    <>
                      <TextInput
                        label={t('trades.swapPoints')}
                        inputMode="decimal"
                        value={form.swapPoints}
                        onChange={(e) => pick({ swapPoints: e.currentTarget.value })}
                        error={errors.swapPoints}
                        required
                      />
                      <TextInput
                        label={t('trades.farValueDate')}
                        type="date"
                        value={form.farValueDate}
                        onChange={(e) => pick({ farValueDate: e.currentTarget.value })}
                        error={errors.farValueDate}
                        required
                      />
                    </>
                  )}
                </>
              )}
              <TextInput
                label={t('trades.reference')}
                value={form.reference}
                onChange={(e) => pick({ reference: e.currentTarget.value })}
              />
              {failure && !Object.keys(errors).length && <Alert color="red">{failure}</Alert>}
              <Button type="submit">{t('trades.toReview')}</Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
