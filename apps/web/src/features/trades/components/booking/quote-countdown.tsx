import { Group, Progress, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../../desk-rules';

/**
 * The whole seconds a quote has left, ticking as they pass (`expiresAt`: local ms; null: no
 * quote). Ticks four times a second so the figure turns on the second, not up to one late.
 */
export function useSecondsLeft(expiresAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= expiresAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? 0 : secondsLeft(expiresAt, now);
}

/**
 * "Expires in 7 s" beside a bar running down, then "Expired". A timer is not read out every
 * second (role timer is polite-off); its expiry is, once.
 */
export function QuoteCountdown({ seconds, ttlSeconds }: { seconds: number; ttlSeconds: number }) {
  const { t } = useTranslation();
  const expired = seconds === 0;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="quote-countdown">
      <Text
        role="timer"
        size="sm"
        fw={600}
        c={expired ? 'red.8' : seconds <= 3 ? 'orange.9' : 'teal.9'}
        miw={120}
      >
        {expired ? t('trades.quoteExpired') : t('trades.expiresIn', { seconds })}
      </Text>
      <Progress
        aria-hidden
        flex={1}
        size="sm"
        value={ttlSeconds > 0 ? (100 * seconds) / ttlSeconds : 0}
        color={expired ? 'red' : seconds <= 3 ? 'orange' : 'teal'}
        transitionDuration={200}
      />
      <VisuallyHidden aria-live="polite">{expired ? t('trades.quoteExpiredSay') : ''}</VisuallyHidden>
    </Group>
  );
}
