import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { labelOf, OPTION_TYPE_LABELS, TRADE_SIDE_LABELS } from '@clearway/contracts/enums';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { BookingOutcome } from '../../api/trades.mutations';
import type { useTradeFigures } from '../trade-figures';

type Figures = ReturnType<typeof useTradeFigures>;

function open(title: string, children: ReactNode, t: TFunction) {
  const id = modals.open({
    title,
    centered: true,
    children: (
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {t('confirmations.ok')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** "Trade #41 (ticket T-2f7c): Buy 1,000.00 EUR of EUR/USD at 1.08435 — 1,084.35 USD". */
export function bookedLine(t: TFunction, trade: TTrade, figures: Figures) {
  const o = trade.option;
  if (o)
    return t('trades.bookedOptionLine', {
      id: trade.id,
      ticket: trade.ticket,
      side: labelOf(TRADE_SIDE_LABELS, trade.side),
      amount: figures.money(o.notional, trade.base),
      symbol: trade.symbol,
      optionType: OPTION_TYPE_LABELS[o.optionType],
      strike: figures.rate(o.strike, trade.instrumentId),
      premium: figures.money(o.premium, o.premiumCurrency),
    });
  return t('trades.bookedLine', {
    id: trade.id,
    ticket: trade.ticket,
    side: labelOf(TRADE_SIDE_LABELS, trade.side),
    amount: figures.money(trade.amount, trade.type === 'CFD' ? null : trade.base),
    symbol: trade.symbol,
    rate: figures.rate(trade.rate, trade.instrumentId),
    counter: figures.money(trade.counterAmount, trade.quote),
  });
}

/**
 * How a booking ends: the spec's "Trade Created", naming the trade, its ticket and the price
 * it was booked at; or, for an off-market price, that it went for approval — not booked yet.
 */
export function confirmBooking(t: TFunction, outcome: BookingOutcome, figures: Figures) {
  if ('pendingRequest' in outcome) {
    const p = outcome.pendingRequest;
    // The server's message says the same in its words: the one sentence is ours, translated.
    open(t('trades.pendingTitle'), <Text>{t('trades.pendingText', { id: p.id })}</Text>, t);
    return;
  }
  open(
    t('confirmations.trade.created'),
    <>
      <Text>{t('confirmations.trade.createdText')}</Text>
      <Text size="sm" fw={500} data-testid="booked-trade">
        {bookedLine(t, outcome.trade, figures)}
      </Text>
    </>,
    t,
  );
}
