import type { TFxOptionTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { OPTION_CUT_TIMES, OPTION_TYPE_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../../components/date-time-text';
import type { LiveQuote } from '../../api/trades.mutations';
import { QuoteCountdown } from './quote-countdown';

/**
 * An option at the house's premium: its terms, the quoted premium and the seconds it lives;
 * Accept books it, and once it has expired (or was refused) Refresh quote asks again.
 */
export function OptionQuoteReview({
  body,
  symbol,
  live,
  seconds,
  usable,
  failure,
  busy,
  refreshing,
  money,
  onBack,
  onRefresh,
  onAccept,
}: {
  body: TFxOptionTrade;
  symbol: string;
  live: LiveQuote;
  seconds: number;
  usable: boolean;
  failure?: string | null;
  busy: boolean;
  refreshing: boolean;
  money: (value: string, asset: string | null) => string;
  onBack: () => void;
  onRefresh: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const acceptable = usable && seconds > 0;
  const refresh = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!acceptable) refresh.current?.focus();
  }, [acceptable]);
  const q = live.quote;
  const terms: [string, ReactNode][] = [
    [t('options.pair'), symbol],
    [
      t('options.terms'),
      `${t(body.side === 'BUY' ? 'options.long' : 'options.short')} ${OPTION_TYPE_LABELS[body.optionType]}`,
    ],
    [t('options.notional'), money(body.notional, symbol.split('/')[0] ?? null)],
    [t('options.strike'), body.strike],
    [
      t('options.expiry'),
      <>
        <DateText value={body.expiryDate} /> · {OPTION_CUT_TIMES[body.cut].label}
      </>,
    ],
    [
      t('options.quotedPremium'),
      <span key="p" data-testid="review-rate">
        {money(q.price, q.premiumCurrency ?? body.premiumCurrency)}
      </span>,
    ],
  ];
  return (
    <Stack>
      <Text fw={600}>{t('trades.reviewQuote')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {terms.map(([label, value]) => (
          <div key={label} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <QuoteCountdown seconds={usable ? seconds : 0} ttlSeconds={q.ttlSeconds} />
      {failure ? (
        <Alert color="red" role="alert" title={t('trades.refused')}>
          {failure}
        </Alert>
      ) : (
        <Alert color={acceptable ? 'blue' : 'orange'} variant="light">
          {t(acceptable ? 'trades.quoteReviewHint' : 'trades.quoteExpiredHint')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('trades.back')}
        </Button>
        {!acceptable && (
          <Button ref={refresh} variant="light" onClick={onRefresh} loading={refreshing}>
            {t('trades.refreshQuote')}
          </Button>
        )}
        <Button
          onClick={onAccept}
          loading={busy}
          disabled={!acceptable}
          data-autofocus={acceptable || undefined}
        >
          {t('trades.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
