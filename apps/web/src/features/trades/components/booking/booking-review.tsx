import { labelOf, TRADE_SIDE_LABELS, TRADE_TYPE_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../../components/date-time-text';
import type { BookingBody } from '../../booking-draft';
import { QuoteCountdown } from './quote-countdown';

/** The terms as they will be booked, each figure already written the way the blotter writes it. */
export type ReviewTerms = {
  account: string;
  symbol?: string;
  amount?: string;
  rate?: string;
  /** A swap's far rate (near rate + swap points), when the house quoted it. */
  farRate?: string;
  counter?: string | null;
  valueDate?: string;
  /** A near value date at spot, or later (a forward). */
  settlement?: 'SPOT' | 'FORWARD';
  farValueDate?: string;
  reference?: string;
  /** Staff's: a back-dated trade date, the off-market flag and why. */
  tradeDate?: string;
  offMarket?: boolean;
  reason?: string;
};

/** The live quote the terms are priced at: its seconds left, and how to ask again. */
export type ReviewQuote = {
  seconds: number;
  ttlSeconds: number;
  /** Refused or expired: Accept is off and Refresh quote is offered. */
  usable: boolean;
  refreshing: boolean;
  onRefresh: () => void;
};

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The review step: the trade exactly as it will be booked — what, which way, how much, at
 * what rate, against what counter amount, for which value date, on whose account — with
 * Back (to change it) and Create Trade (to book it). At a quote, the rate is the house's
 * and the step counts its seconds down: Accept books it, and once it has expired (or was
 * refused) Accept is off and Refresh quote asks for a new price for the same terms.
 */
export function BookingReview({
  booking,
  terms,
  busy,
  onBack,
  onBook,
  quote,
  failure,
}: {
  booking: BookingBody;
  terms: ReviewTerms;
  busy: boolean;
  onBack: () => void;
  onBook: () => void;
  quote?: ReviewQuote;
  failure?: string | null;
}) {
  const { t } = useTranslation();
  const sweep = booking.kind === 'CONVERSION_SWEEP';
  const cfd = booking.kind === 'CFD';
  const acceptable = quote ? quote.usable && quote.seconds > 0 : true;
  // Accept turning off under the keyboard would drop the focus on the page: it moves to Refresh quote.
  const refresh = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!acceptable) refresh.current?.focus();
  }, [acceptable]);
  return (
    <Stack>
      <Text fw={600}>{quote ? t('trades.reviewQuote') : t('trades.review')}</Text>
      {sweep ? (
        <Text size="sm">{t('trades.reviewSweep', { account: terms.account })}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label={t('trades.review')}>
          <Term label={t('trades.kind')}>{labelOf(TRADE_TYPE_LABELS, booking.kind)}</Term>
          <Term label={t('trades.account')}>{terms.account}</Term>
          <Term label={t('trades.instrument')}>{terms.symbol}</Term>
          <Term label={t('trades.side')}>
            {'side' in booking.body && labelOf(TRADE_SIDE_LABELS, booking.body.side)}
          </Term>
          <Term label={cfd ? t('trades.quantity') : t('trades.amount')}>{terms.amount}</Term>
          <Term
            label={
              quote
                ? t(cfd ? 'trades.quotedPrice' : 'trades.quotedRate')
                : t(cfd ? 'trades.price' : 'trades.rate')
            }
          >
            <span data-testid="review-rate">{terms.rate}</span>
          </Term>
          {terms.farRate && <Term label={t('trades.farRate')}>{terms.farRate}</Term>}
          <Term label={t('trades.counterAmount')}>
            <span data-testid="review-counter">{terms.counter ?? '—'}</span>
          </Term>
          <Term label={booking.kind === 'FX_SWAP' ? t('trades.nearValueDate') : t('trades.valueDate')}>
            <DateText value={terms.valueDate} />
            {terms.settlement && ` (${t(`trades.settlements.${terms.settlement}`)})`}
          </Term>
          {booking.kind === 'FX_SWAP' && (
            <Term label={t('trades.farValueDate')}>
              <DateText value={terms.farValueDate} />
            </Term>
          )}
          {terms.tradeDate && (
            <Term label={t('trades.tradeDate')}>
              <DateText value={terms.tradeDate} />
            </Term>
          )}
          {terms.reference && <Term label={t('trades.reference')}>{terms.reference}</Term>}
          {terms.offMarket && <Term label={t('trades.offMarketTerm')}>{t('trades.offMarketYes')}</Term>}
          {terms.reason && <Term label={t('trades.reason')}>{terms.reason}</Term>}
        </SimpleGrid>
      )}
      {quote && <QuoteCountdown seconds={quote.usable ? quote.seconds : 0} ttlSeconds={quote.ttlSeconds} />}
      {failure ? (
        <Alert color="red" role="alert" title={t('trades.refused')}>
          {failure}
        </Alert>
      ) : (
        <Alert color={terms.offMarket || (quote && !acceptable) ? 'orange' : 'blue'} variant="light">
          {quote
            ? t(acceptable ? 'trades.quoteReviewHint' : 'trades.quoteExpiredHint')
            : terms.offMarket
              ? t('trades.offMarketReviewHint')
              : t('trades.reviewHint')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('trades.back')}
        </Button>
        {quote && !acceptable && (
          <Button ref={refresh} variant="light" onClick={quote.onRefresh} loading={quote.refreshing}>
            {t('trades.refreshQuote')}
          </Button>
        )}
        {quote ? (
          <Button
            onClick={onBook}
            loading={busy}
            disabled={!acceptable}
            data-autofocus={acceptable || undefined}
          >
            {t('trades.accept')}
          </Button>
        ) : (
          <Button onClick={onBook} loading={busy} data-autofocus>
            {terms.offMarket ? t('trades.sendForApproval') : t('trades.createTrade')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
