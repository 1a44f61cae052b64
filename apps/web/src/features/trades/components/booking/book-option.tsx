import type { TFxOptionTrade } from '@clearway/contracts/endpoints/trades.schemas';
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
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { useForm } from '../../../../lib/use-form';
import { entityForestQuery, flattenForest } from '../../../entities/api/entity-forest.query';
import { useBookOption } from '../../api/trades.mutations';
import { bookingAccountsQuery, tradableQuery } from '../../api/trades.queries';
import { deskRoleBelow, deskRoleFor, fxTradeDate } from '../../desk-rules';
import {
  checkOption,
  emptyOption,
  OPTION_FIELD_OF,
  type OptionDraft,
  optionQuoteOf,
} from '../../option-draft';
import { PayoffSketch } from '../payoff-sketch';
import { useTradeFigures } from '../trade-figures';
import { confirmBooking } from './booking-outcome';
import { OptionQuoteReview } from './option-quote-review';
import { StaffTerms } from './staff-terms';
import { useQuotedBooking } from './use-quoted-booking';

/**
 * Book a deliverable FX option (European) on an account of the entity or below
 * (manual_trade_booking): long or short, call or put, notional, strike, expiry date and cut,
 * a barrier (up or down, knock-in or knock-out, level, rebate) when wanted; a payoff sketch
 * shows how the terms read. A client asks for the house's premium and accepts it while the
 * quote lives; the house's staff type the premium (back-dated or off-market with a reason —
 * an off-market one goes to another staff member for approval). One Idempotency-Key per
 * opened form.
 */
export function BookOption({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const book = useBookOption();
  const figures = useTradeFigures(entityId);
  const accounts = useQuery({ ...bookingAccountsQuery(entityId), enabled: opened });
  const forest = useQuery(entityForestQuery);
  const entities = useMemo(() => flattenForest(forest.data ?? []), [forest.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed on opening, on purpose
  const today = useMemo(() => fxTradeDate(), [opened]);
  // Who books for the account's owner; before an account is chosen, for those below the entity.
  const staffFor = (accountId: string) => {
    const owner = accounts.data?.find((a) => String(a.id) === accountId)?.entityId;
    return (
      (owner === undefined ? deskRoleBelow(entityId, entities) : deskRoleFor(owner, entities)) === 'staff'
    );
  };
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
    offMarket: t('trades.offMarket'),
    reason: t('trades.reason'),
    quoteId: t('trades.quote'),
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
    check: (d: OptionDraft) =>
      checkOption(d, entityId, labels, staffFor(d.accountId) ? 'typed' : 'quote', today),
  });
  const d = form.values;
  const account = accounts.data?.find((a) => String(a.id) === d.accountId);
  const staff = staffFor(d.accountId);
  const tradable = useQuery({
    ...tradableQuery(account?.entityId ?? -1),
    enabled: opened && Boolean(account),
  });
  const pairs = (tradable.data?.items ?? []).filter((i) => i.kind === 'FX');
  const pair = pairs.find((i) => String(i.id) === d.instrumentId);
  const currencies = pair && pair.kind === 'FX' ? [pair.base, pair.quote] : [];

  const flow = useQuotedBooking<TFxOptionTrade>({
    quoteOf: optionQuoteOf,
    book: (body, key, quoteId) =>
      book.mutateAsync({ idempotencyKey: key, body: quoteId ? { ...body, quoteId } : body }),
    labels,
    fieldOf: OPTION_FIELD_OF,
    onRefused: form.refuse,
    onBooked: (outcome) => {
      close();
      confirmBooking(t, outcome, figures);
    },
  });
  const quoted = flow.review?.live && { ...flow.review, live: flow.review.live };

  const start = () => {
    flow.start();
    form.reset();
    open();
  };

  return (
    <>
      <Button variant="light" onClick={start}>
        {t('options.book')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('options.bookTitle')} centered size="lg">
        {quoted ? (
          <OptionQuoteReview
            body={quoted.booking}
            symbol={pair?.symbol ?? ''}
            live={quoted.live}
            seconds={flow.seconds}
            usable={!quoted.spent}
            failure={quoted.failure}
            busy={book.isPending}
            refreshing={flow.refreshing}
            money={figures.money}
            onBack={flow.back}
            onRefresh={flow.refresh}
            onAccept={flow.submit}
          />
        ) : (
          <form
            onSubmit={form.onSubmit((body) => (staff ? flow.bookTyped(body) : flow.askQuote(body)))}
            noValidate
          >
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
                {staff && <TextInput {...form.text('premium')} inputMode="decimal" />}
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
                {staff && (
                  <TextInput
                    {...form.text('tradeDate')}
                    type="date"
                    max={today}
                    description={t('options.tradeDateHint')}
                  />
                )}
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
              {staff ? (
                <StaffTerms form={form} today={today} withTradeDate={false} />
              ) : (
                account && (
                  <Alert variant="light" color="blue" data-testid="quote-hint">
                    {t('options.quoteHint')}
                  </Alert>
                )
              )}
              {form.failure && (
                <Alert color="red" role="alert" title={t('trades.refused')}>
                  {form.failure}
                </Alert>
              )}
              <Button type="submit" loading={form.busy}>
                {staff ? t('options.bookSubmit') : t('trades.getQuote')}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
