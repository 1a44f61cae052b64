import type { TRequestItem } from '@clearway/contracts/endpoints/requests.schemas';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { EMPTY_CELL } from '../../../lib/format';
import { formatSetRate } from '../../../lib/format/rates';
import { instrumentsByIdQuery } from '../../trades/api/trades.queries';
import { barrierEventOf, offMarketOf } from './request-summary';

type Row = [string, ReactNode];

/**
 * How an off-market request's prices read: at its instrument's price precision, never with
 * fewer decimals than booked (`1.50000` beside a market of `1.08420`); as sent for an option's
 * premium, or until the catalogue has loaded.
 */
export function useRateOf(r: TRequestItem | undefined): (value: string) => string {
  const instrumentId = r ? (offMarketOf(r)?.instrumentId ?? null) : null;
  const instruments = useQuery({ ...instrumentsByIdQuery(r?.entityId ?? 0), enabled: instrumentId !== null });
  const precision = instrumentId === null ? null : instruments.data?.get(instrumentId)?.pricePrecision;
  return (value) => (instrumentId === null ? value : formatSetRate(value, precision));
}

/**
 * What an approver of a trading request weighs, one fact a row: an off-market booking's
 * instrument, side and amount, the price booked against the market's (each at the
 * instrument's price precision, as the blotter writes rates), how far off against the
 * tolerance, its dates and why; or the barrier touch the desk observed. None for other requests.
 */
export function useTradingRows(r: TRequestItem, amount: string | null): Row[] {
  const { t } = useTranslation();
  const trade = offMarketOf(r);
  const instruments = useQuery({ ...instrumentsByIdQuery(r.entityId), enabled: trade?.instrumentId != null });
  if (trade) {
    const precision =
      trade.instrumentId === null ? null : instruments.data?.get(trade.instrumentId)?.pricePrecision;
    const rate = (value: string) => (trade.instrumentId === null ? value : formatSetRate(value, precision));
    const rows: Row[] = [
      [t('approvals.booking'), trade.booking],
      [t('approvals.instrument'), trade.symbol],
      [t('approvals.side'), trade.side],
      [t('approvals.amount'), amount ?? EMPTY_CELL],
      [t('approvals.priceBooked'), <strong key="p">{rate(trade.price)}</strong>],
      [t('approvals.marketPrice'), rate(trade.market)],
      [
        t('approvals.deviation'),
        <Text key="d" span size="sm" fw={600} c="orange.9">
          {t('approvals.deviationOf', { pct: trade.deviationPct, tolerance: trade.tolerancePct })}
        </Text>,
      ],
    ];
    if (trade.tradeDate) rows.push([t('approvals.tradeDate'), <DateText key="td" value={trade.tradeDate} />]);
    if (trade.valueDate) rows.push([t('approvals.valueDate'), <DateText key="vd" value={trade.valueDate} />]);
    rows.push([t('approvals.reason'), trade.reason]);
    return rows;
  }
  const event = barrierEventOf(r);
  if (event)
    return [
      [t('approvals.trade'), `#${event.tradeId} · ${event.ticket}`],
      [t('approvals.barrierEvent'), event.event],
      [t('approvals.observedRate'), <strong key="o">{event.observedRate}</strong>],
      [t('approvals.observedAt'), <DateTimeText key="at" value={event.observedAt} />],
      [t('approvals.source'), event.source],
      [t('approvals.reason'), event.reason],
    ];
  return [];
}
