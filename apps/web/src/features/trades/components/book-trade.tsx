import { labelOf, TRADE_SIDE_LABELS, TRADE_TYPE_LABELS } from '@clearway/contracts/enums';
import {
  Alert,
  Button,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { EMPTY_CELL } from '../../../lib/format';
import { formatDate } from '../../../lib/format/dates';
import { toGatewayError } from '../../../lib/gateway';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useForm } from '../../../lib/use-form';
import { useScaleOf } from '../../reference-data/api/reference-data.queries';
import { useBookTrade } from '../api/trades.mutations';
import {
  bookingAccountsQuery,
  cfdValueDateQuery,
  pricesQuery,
  spotQuery,
  tradableQuery,
} from '../api/trades.queries';
import {
  BOOKING_FIELD_OF,
  BOOKING_KINDS,
  type BookingBody,
  type BookingDraft,
  type BookingKind,
  checkBooking,
  counterAmountOf,
  emptyBooking,
  sheetPrice,
} from '../booking-draft';
import { BookingReview } from './booking-review';
import { useTradeFigures } from './trade-figures';

/**
 * Staff with manual_trade_booking book a trade of any kind on an account of the entity or
 * below: the instrument from what the account's owner may trade, the side, the amount, the
 * rate prefilled from the sheet (the ask for a buy, the bid for a sell; editable), the value
 * date as the server computes it, and the counter amount computed as they type; a review
 * step before it is booked, then the spec's create confirmation. One Idempotency-Key per
 * opened form: a double submit books once; a refusal (nothing booked) draws a new one.
 */
export function BookTrade({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const [review, setReview] = useState<BookingBody | null>(null);
  const book = useBookTrade();
  const scaleOf = useScaleOf();
  const figures = useTradeFigures(entityId);
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: opened });
  const prices = useQuery({ ...pricesQuery(entityId), enabled: opened });

  // The kind picks the amount's and the rate's names (a CFD's quantity and price); the
  // form's labels are read on every render, and the kind only changes through `pickKind`.
  const [kind, setKind] = useState<BookingKind>('DELIVERABLE_FX');
  const labels = {
    kind: t('trades.kind'),
    accountId: t('trades.account'),
    instrumentId: t('trades.instrument'),
    side: t('trades.side'),
    amount: kind === 'CFD' ? t('trades.quantity') : t('trades.amount'),
    rate: kind === 'CFD' ? t('trades.price') : t('trades.rate'),
    valueDate: t('trades.valueDate'),
    swapPoints: t('trades.swapPoints'),
    farValueDate: t('trades.farValueDate'),
    reference: t('trades.reference'),
  };
  const form = useForm({
    initial: emptyBooking,
    labels,
    required: ['accountId', 'instrumentId', 'amount', 'rate', 'valueDate', 'swapPoints', 'farValueDate'],
    fieldOf: BOOKING_FIELD_OF,
    check: (d: BookingDraft) => checkBooking(d, entityId, labels),
  });
  const d = form.values;
  const cfd = d.kind === 'CFD';
  const account = accounts.data?.find((a) => String(a.id) === d.accountId);
  const tradable = useQuery({
    ...tradableQuery(account?.entityId ?? -1),
    enabled: opened && Boolean(account),
  });
  const instruments = (tradable.data?.items ?? []).filter((i) => i.kind === (cfd ? 'CFD' : 'FX'));
  const instrument = instruments.find((i) => String(i.id) === d.instrumentId);
  const pair = instrument?.kind === 'FX' ? { base: instrument.base, quote: instrument.quote } : null;

  const spot = useQuery({ ...spotQuery(entityId, pair), enabled: opened && pair !== null });
  const cfdDate = useQuery({
    ...cfdValueDateQuery(entityId, instrument?.kind === 'CFD' ? instrument.id : null),
    enabled: opened && instrument?.kind === 'CFD',
  });
  const spotDate = spot.data?.valueDate;
  const valueDate = cfd
    ? cfdDate.data?.valueDate
    : d.kind === 'DELIVERABLE_FX' && d.forward
      ? d.valueDate
      : spotDate;
  const counter = counterAmountOf(d, instrument, instrument && scaleOf(instrument.quote));
  const counterText = counter && instrument ? figures.money(counter, instrument.quote) : null;

  const start = () => {
    setKey(crypto.randomUUID());
    setReview(null);
    setKind('DELIVERABLE_FX');
    form.reset();
    open();
  };
  const priceFor = (id: string, side: BookingDraft['side']) => {
    const i = instruments.find((x) => String(x.id) === id);
    return i && prices.data ? sheetPrice(i, side, prices.data) : '';
  };
  const pickKind = (v: string | null) => {
    const next = (v as BookingKind | null) ?? 'DELIVERABLE_FX';
    setKind(next);
    form.set({ kind: next, instrumentId: '', rate: '', forward: false });
  };
  // Turning the side re-quotes a rate still as the sheet gave it; a dealt rate typed in stays.
  const pickSide = (side: BookingDraft['side']) =>
    form.set({
      side,
      ...(d.rate === priceFor(d.instrumentId, d.side) ? { rate: priceFor(d.instrumentId, side) } : {}),
    });

  async function submit() {
    if (!review) return;
    try {
      await book.mutateAsync({ idempotencyKey: key, ...review } as Parameters<typeof book.mutateAsync>[0]);
    } catch (err) {
      // Refused: nothing was booked, so the corrected trade goes with a new key. Unknown
      // (the network): the same key, so sending again cannot book twice.
      if (toGatewayError(err).status < 500) setKey(crypto.randomUUID());
      setReview(null);
      form.refuse(err);
      return;
    }
    setReview(null);
    close();
    confirmSaved(t, 'trade', 'created');
  }

  return (
    <>
      <Button onClick={start}>{t('trades.book')}</Button>
      <Modal opened={opened} onClose={close} title={t('trades.createTrade')} centered size="lg">
        {review ? (
          <BookingReview
            booking={review}
            busy={book.isPending}
            onBack={() => setReview(null)}
            onBook={submit}
            terms={{
              account: account ? `${account.name} · ${account.entityName}` : EMPTY_CELL,
              symbol: instrument?.symbol,
              amount: figures.money(d.amount, cfd ? null : (pair?.base ?? null)),
              rate: figures.rate(d.rate, instrument?.id ?? null),
              counter: counterText,
              valueDate,
              settlement: cfd ? undefined : d.kind === 'DELIVERABLE_FX' && d.forward ? 'FORWARD' : 'SPOT',
              farValueDate: d.farValueDate,
              reference: d.reference.trim(),
            }}
          />
        ) : (
          <form onSubmit={form.onSubmit(async (body) => setReview(body))} noValidate>
            <Stack>
              <Select
                {...form.choice('kind')}
                data={BOOKING_KINDS.map((k) => ({ value: k, label: labelOf(TRADE_TYPE_LABELS, k) }))}
                onChange={pickKind}
                allowDeselect={false}
              />
              <Select
                {...form.choice('accountId')}
                searchable
                data={(accounts.data ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.name} · ${a.entityName}`,
                }))}
                onChange={(v) => form.set({ accountId: v ?? '', instrumentId: '', rate: '' })}
              />
              {d.kind !== 'CONVERSION_SWEEP' && (
                <>
                  <Select
                    {...form.choice('instrumentId')}
                    searchable
                    data={instruments.map((i) => ({ value: String(i.id), label: i.symbol }))}
                    onChange={(v) => form.set({ instrumentId: v ?? '', rate: priceFor(v ?? '', d.side) })}
                    disabled={!account}
                    placeholder={account ? undefined : t('trades.pickAccountFirst')}
                    nothingFoundMessage={t('trades.nothingTradable')}
                  />
                  <SegmentedControl
                    aria-label={t('trades.side')}
                    data={(['BUY', 'SELL'] as const).map((s) => ({
                      value: s,
                      label: labelOf(TRADE_SIDE_LABELS, s),
                    }))}
                    value={d.side}
                    onChange={(v) => pickSide(v as BookingDraft['side'])}
                    color={d.side === 'BUY' ? 'teal' : 'red'}
                  />
                  <TextInput
                    {...form.text('amount')}
                    label={pair ? t('trades.amountIn', { currency: pair.base }) : labels.amount}
                    inputMode="decimal"
                  />
                  <TextInput
                    {...form.text('rate')}
                    inputMode="decimal"
                    description={t(d.side === 'BUY' ? 'trades.rateHintAsk' : 'trades.rateHintBid')}
                  />
                  <Text size="sm" data-testid="counter-amount">
                    {t('trades.counterIs', { counter: counterText ?? EMPTY_CELL })}
                    {counterText && ` ${t(d.side === 'BUY' ? 'trades.clientPays' : 'trades.clientReceives')}`}
                  </Text>
                  {d.kind === 'DELIVERABLE_FX' && (
                    <Switch
                      label={t('trades.forward')}
                      checked={d.forward}
                      onChange={(e) =>
                        form.set({ forward: e.currentTarget.checked, valueDate: spotDate ?? '' })
                      }
                    />
                  )}
                  {d.kind === 'DELIVERABLE_FX' && d.forward ? (
                    <TextInput
                      {...form.text('valueDate')}
                      type="date"
                      min={spotDate ?? runtimeConfig.dateWindow.from}
                      max={runtimeConfig.dateWindow.to}
                      description={spotDate && t('trades.spotIs', { date: formatDate(spotDate) })}
                    />
                  ) : (
                    <Text size="sm" data-testid="value-date">
                      {t(d.kind === 'FX_SWAP' ? 'trades.nearValueDateIs' : 'trades.valueDateIs', {
                        date: valueDate ? formatDate(valueDate) : '…',
                      })}
                      {valueDate && !cfd && ` ${t('trades.atSpot')}`}
                    </Text>
                  )}
                  {d.kind === 'FX_SWAP' && (
                    <>
                      <TextInput {...form.text('swapPoints')} inputMode="decimal" />
                      <TextInput {...form.text('farValueDate')} type="date" min={spotDate} />
                    </>
                  )}
                </>
              )}
              <TextInput {...form.text('reference')} />
              {form.failure && (
                <Alert color="red" role="alert" title={t('trades.refused')}>
                  {form.failure}
                </Alert>
              )}
              <Button type="submit">{t('trades.toReview')}</Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
