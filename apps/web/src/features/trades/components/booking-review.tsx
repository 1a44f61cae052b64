import { labelOf, TRADE_SIDE_LABELS, TRADE_TYPE_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/date-time-text';
import type { BookingBody } from '../booking-draft';

/** The terms as they will be booked, each figure already written the way the blotter writes it. */
export type ReviewTerms = {
  account: string;
  symbol?: string;
  amount?: string;
  rate?: string;
  counter?: string | null;
  valueDate?: string;
  /** A near value date at spot, or later (a forward). */
  settlement?: 'SPOT' | 'FORWARD';
  farValueDate?: string;
  reference?: string;
};

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The review step: the trade exactly as it will be booked — what, which way, how much, at
 * what rate, against what counter amount, for which value date, on whose account — with
 * Back (to change it) and Create Trade (to book it).
 */
export function BookingReview({
  booking,
  terms,
  busy,
  onBack,
  onBook,
}: {
  booking: BookingBody;
  terms: ReviewTerms;
  busy: boolean;
  onBack: () => void;
  onBook: () => void;
}) {
  const { t } = useTranslation();
  const sweep = booking.kind === 'CONVERSION_SWEEP';
  return (
    <Stack>
      <Text fw={600}>{t('trades.review')}</Text>
      {sweep ? (
        <Text size="sm">{t('trades.reviewSweep', { account: terms.account })}</Text>
      ) : (
        <SimpleGrid cols={2} spacing="xs" aria-label={t('trades.review')}>
          <Term label={t('trades.kind')}>{labelOf(TRADE_TYPE_LABELS, booking.kind)}</Term>
          <Term label={t('trades.account')}>{terms.account}</Term>
          <Term label={t('trades.instrument')}>{terms.symbol}</Term>
          <Term label={t('trades.side')}>
            {'side' in booking.body && labelOf(TRADE_SIDE_LABELS, booking.body.side)}
          </Term>
          <Term label={booking.kind === 'CFD' ? t('trades.quantity') : t('trades.amount')}>
            {terms.amount}
          </Term>
          <Term label={booking.kind === 'CFD' ? t('trades.price') : t('trades.rate')}>{terms.rate}</Term>
          <Term label={t('trades.counterAmount')}>{terms.counter ?? '—'}</Term>
          <Term label={booking.kind === 'FX_SWAP' ? t('trades.nearValueDate') : t('trades.valueDate')}>
            <DateText value={terms.valueDate} />
            {terms.settlement && ` (${t(`trades.settlements.${terms.settlement}`)})`}
          </Term>
          {booking.kind === 'FX_SWAP' && (
            <Term label={t('trades.farValueDate')}>
              <DateText value={terms.farValueDate} />
            </Term>
          )}
          {terms.reference && <Term label={t('trades.reference')}>{terms.reference}</Term>}
        </SimpleGrid>
      )}
      <Alert color="blue" variant="light">
        {t('trades.reviewHint')}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('trades.back')}
        </Button>
        <Button onClick={onBook} loading={busy} data-autofocus>
          {t('trades.createTrade')}
        </Button>
      </Group>
    </Stack>
  );
}
