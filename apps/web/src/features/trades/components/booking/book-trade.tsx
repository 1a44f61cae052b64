import { labelOf, TRADE_SIDE_LABELS, TRADE_TYPE_LABELS } from '@clearway/contracts/enums';
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
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../lib/format';
import { formatDate } from '../../../../lib/format/dates';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { useForm } from '../../../../lib/use-form';
import { entityForestQuery, flattenForest } from '../../../entities/api/entity-forest.query';
import { useScaleOf } from '../../../reference-data/api/reference-data.queries';
import { type Booking, useBookTrade } from '../../api/trades.mutations';
import {
  bookingAccountsQuery,
  cfdValueDateQuery,
  pricesQuery,
  spotQuery,
  tradableQuery,
} from '../../api/trades.queries';
import {
  atQuote,
  BOOKING_FIELD_OF,
  BOOKING_KINDS,
  type BookingBody,
  type BookingDraft,
  type BookingKind,
  checkBooking,
  counterAmountOf,
  emptyBooking,
  offTheMarket,
  type Pricing,
  quoteRequestOf,
  sheetPrice,
} from '../../booking-draft';
import { deskRoleBelow, deskRoleFor, fxTradeDate } from '../../desk-rules';
import { useTradeFigures } from '../trade-figures';
import { confirmBooking } from './booking-outcome';
import { BookingReview, type ReviewTerms } from './booking-review';
import { DeviationHint, StaffTerms } from './staff-terms';
import { useQuotedBooking } from './use-quoted-booking';

/**
 * Book a trade of any kind on an account of the entity or below (manual_trade_booking): the
 * instrument from what the account's owner may trade, the side, the amount, the value date
 * as the server computes it. How it is priced depends on who books for whom (`deskRoleFor`):
 * a client asks for the house's quote and accepts it while it lives, its seconds counted
 * down; the house's staff type the dealt rate (prefilled from the sheet, its distance from
 * the mid told against the instrument's tolerance) — or take a quote too — and may back-date
 * it or book it off-market, with a reason: an off-market booking goes to another staff
 * member for approval. Either way a review step comes before anything is booked. One
 * Idempotency-Key per opened form: a double submit books once; a refusal draws a new one.
 */
export function BookTrade({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const book = useBookTrade();
  const scaleOf = useScaleOf();
  const figures = useTradeFigures(entityId);
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: opened });
  const prices = useQuery({ ...pricesQuery(entityId), enabled: opened });
  const forest = useQuery(entityForestQuery);
  const entities = useMemo(() => flattenForest(forest.data ?? []), [forest.data]);
  // Read again each time the form opens: a desk open past 17:00 New York is on the next day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed on opening, on purpose
  const today = useMemo(() => fxTradeDate(), [opened]);
  // Staff choose how a submit prices the trade: Review (their rate) or Get quote (the house's).
  const staffPricing = useRef<Pricing>('typed');

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
    tradeDate: t('trades.tradeDate'),
    offMarket: t('trades.offMarket'),
    reason: t('trades.reason'),
    quoteId: t('trades.quote'),
  };
  // Who books for the account's owner; before an account is chosen, for those below the entity.
  const roleFor = (accountId: string) => {
    const owner = accounts.data?.find((a) => String(a.id) === accountId)?.entityId;
    return owner === undefined ? deskRoleBelow(entityId, entities) : deskRoleFor(owner, entities);
  };
  const pricingOf = (d: BookingDraft): Pricing =>
    roleFor(d.accountId) === 'staff' ? staffPricing.current : 'quote';
  const form = useForm({
    initial: emptyBooking,
    labels,
    required: ['accountId', 'instrumentId', 'amount', 'rate', 'valueDate', 'swapPoints', 'farValueDate'],
    fieldOf: BOOKING_FIELD_OF,
    check: (d: BookingDraft) => checkBooking(d, entityId, labels, pricingOf(d), today),
  });
  const d = form.values;
  const cfd = d.kind === 'CFD';
  const sweep = d.kind === 'CONVERSION_SWEEP';
  const account = accounts.data?.find((a) => String(a.id) === d.accountId);
  const staff = roleFor(d.accountId) === 'staff';
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
  const flow = useQuotedBooking<BookingBody>({
    quoteOf: quoteRequestOf,
    book: (b, key, quoteId) =>
      book.mutateAsync({ idempotencyKey: key, ...(quoteId ? atQuote(b, quoteId) : b) } as Booking),
    labels,
    fieldOf: BOOKING_FIELD_OF,
    onRefused: form.refuse,
    onBooked: (outcome) => {
      close();
      confirmBooking(t, outcome, figures);
    },
  });
  const review = flow.review;

  const start = () => {
    flow.start();
    setKind('DELIVERABLE_FX');
    staffPricing.current = 'typed';
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

  const live = review?.live?.quote;
  const terms = (): ReviewTerms => ({
    account: account ? `${account.name} · ${account.entityName}` : EMPTY_CELL,
    symbol: instrument?.symbol,
    amount: figures.money(d.amount, cfd ? null : (pair?.base ?? null)),
    rate: figures.rate(live ? live.price : d.rate, instrument?.id ?? null),
    farRate: live?.farPrice ? figures.rate(live.farPrice, instrument?.id ?? null) : undefined,
    counter: live
      ? live.counterAmount && instrument
        ? figures.money(live.counterAmount, instrument.quote)
        : null
      : counterText,
    valueDate: live?.valueDate ?? valueDate,
    settlement: cfd ? undefined : d.kind === 'DELIVERABLE_FX' && d.forward ? 'FORWARD' : 'SPOT',
    farValueDate: live?.farValueDate ?? d.farValueDate,
    reference: d.reference.trim(),
    ...(live ? {} : { tradeDate: d.tradeDate || undefined, offMarket: d.offMarket, reason: d.reason.trim() }),
  });

  return (
    <>
      <Button onClick={start}>{t('trades.book')}</Button>
      <Modal opened={opened} onClose={close} title={t('trades.createTrade')} centered size="lg">
        {review ? (
          <BookingReview
            booking={review.booking}
            busy={book.isPending}
            onBack={flow.back}
            onBook={flow.submit}
            terms={terms()}
            failure={review.failure}
            quote={
              review.live && {
                seconds: flow.seconds,
                ttlSeconds: review.live.quote.ttlSeconds,
                usable: !review.spent,
                refreshing: flow.refreshing,
                onRefresh: flow.refresh,
              }
            }
          />
        ) : (
          <form
            onSubmit={form.onSubmit(async (body, values) => {
              const pricing = pricingOf(values);
              staffPricing.current = 'typed';
              if (pricing === 'quote') await flow.askQuote(body);
              else flow.reviewTyped(body);
            })}
            noValidate
          >
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
              {!sweep && (
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
                  {staff ? (
                    <>
                      <TextInput
                        {...form.text('rate')}
                        inputMode="decimal"
                        description={t(d.side === 'BUY' ? 'trades.rateHintAsk' : 'trades.rateHintBid')}
                      />
                      <Text size="sm" data-testid="counter-amount">
                        {t('trades.counterIs', { counter: counterText ?? EMPTY_CELL })}
                        {counterText &&
                          ` ${t(d.side === 'BUY' ? 'trades.clientPays' : 'trades.clientReceives')}`}
                      </Text>
                      <DeviationHint
                        deviation={offTheMarket(instrument, d.rate, prices.data)}
                        price={d.rate}
                        offMarket={d.offMarket}
                      />
                    </>
                  ) : (
                    <Alert variant="light" color="blue" data-testid="quote-hint">
                      {t('trades.quoteHint')}
                    </Alert>
                  )}
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
                      {staff && <TextInput {...form.text('swapPoints')} inputMode="decimal" />}
                      <TextInput {...form.text('farValueDate')} type="date" min={spotDate} />
                    </>
                  )}
                </>
              )}
              <TextInput {...form.text('reference')} />
              {staff && !sweep && <StaffTerms form={form} today={today} />}
              {form.failure && (
                <Alert color="red" role="alert" title={t('trades.refused')}>
                  {form.failure}
                </Alert>
              )}
              {sweep ? (
                <Button type="submit">{t('trades.toReview')}</Button>
              ) : staff ? (
                <Group grow>
                  {/* Review first: Enter in a field submits with the first button, the dealer's own rate. */}
                  <Button
                    type="submit"
                    onClick={() => {
                      staffPricing.current = 'typed';
                    }}
                  >
                    {t('trades.toReview')}
                  </Button>
                  <Button
                    type="submit"
                    variant="default"
                    loading={flow.refreshing}
                    onClick={() => {
                      staffPricing.current = 'quote';
                    }}
                  >
                    {t('trades.getQuote')}
                  </Button>
                </Group>
              ) : (
                <Button type="submit" loading={flow.refreshing}>
                  {t('trades.getQuote')}
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
