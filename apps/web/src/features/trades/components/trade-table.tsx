import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import {
  labelOf,
  TRADE_SIDE_LABELS,
  TRADE_STATUS_LABELS,
  TRADE_TYPE_LABELS,
} from '@clearway/contracts/enums';
import { Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/data-table';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { NO_WRAP, STATUS_COLOR, useTradeFigures } from './trade-figures';

/**
 * Trades as blotter columns: when (the trade date and its id), what (instrument, kind,
 * side), how much at what rate against what counter amount, for which value date, on whose
 * account, where it stands, and who booked it when; each opens its detail. The trade and
 * value dates, the instrument, the amount and the booking time sort on the server.
 */
export function useTradeColumns({
  entityId,
  onOpen,
}: {
  entityId: number;
  onOpen: (t: TTrade) => void;
}): Column<TTrade>[] {
  const { t } = useTranslation();
  const figures = useTradeFigures(entityId);
  return [
    {
      id: 'tradeDate',
      header: t('trades.tradeDate'),
      value: (tr) => tr.tradeDate,
      cell: (tr) => (
        <>
          <Text size="sm">
            <DateText value={tr.tradeDate} />
          </Text>
          <Text size="xs" c="dimmed">
            {t('trades.tradeId', { id: tr.id })}
          </Text>
        </>
      ),
      sort: 'server',
      descFirst: true,
      fixed: true,
    },
    {
      id: 'symbol',
      header: t('trades.instrument'),
      value: (tr) => tr.symbol,
      cell: (tr) => (
        <>
          <Text size="sm">{tr.symbol}</Text>
          <Text size="xs" c="dimmed">
            {labelOf(TRADE_TYPE_LABELS, tr.type)}
          </Text>
        </>
      ),
      sort: 'server',
      fixed: true,
    },
    {
      id: 'side',
      header: t('trades.side'),
      value: (tr) => labelOf(TRADE_SIDE_LABELS, tr.side),
      cell: (tr) => (
        <Text size="sm" fw={600} c={tr.side === 'BUY' ? 'teal.9' : 'red.9'}>
          {labelOf(TRADE_SIDE_LABELS, tr.side)}
        </Text>
      ),
    },
    {
      id: 'amount',
      header: t('trades.amount'),
      value: (tr) => tr.amount,
      cell: (tr) => <span style={NO_WRAP}>{figures.money(tr.amount, tr.base)}</span>,
      sort: 'server',
      descFirst: true,
      align: 'right',
      mono: true,
    },
    {
      id: 'rate',
      header: t('trades.rate'),
      value: (tr) => tr.rate,
      cell: (tr) => figures.rate(tr.rate, tr.instrumentId),
      align: 'right',
      mono: true,
    },
    {
      id: 'counterAmount',
      header: t('trades.counterAmount'),
      value: (tr) => tr.counterAmount,
      cell: (tr) => <span style={NO_WRAP}>{figures.money(tr.counterAmount, tr.quote)}</span>,
      align: 'right',
      mono: true,
    },
    {
      id: 'valueDate',
      header: t('trades.valueDate'),
      value: (tr) => tr.valueDate,
      cell: (tr) => (
        <>
          <Text size="sm">
            <DateText value={tr.valueDate} />
          </Text>
          {tr.settlement && (
            <Text size="xs" c="dimmed">
              {t(`trades.settlements.${tr.settlement}`)}
            </Text>
          )}
        </>
      ),
      sort: 'server',
      descFirst: true,
    },
    {
      id: 'account',
      header: t('trades.account'),
      value: (tr) => tr.accountName,
      cell: (tr) => (
        <>
          <Text size="sm">{tr.accountName}</Text>
          {tr.entityId !== entityId && (
            <Text size="xs" c="dimmed">
              {tr.entityName}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: t('trades.status'),
      value: (tr) => labelOf(TRADE_STATUS_LABELS, tr.status),
      cell: (tr) => (
        <Badge color={STATUS_COLOR[tr.status]} size="sm">
          {labelOf(TRADE_STATUS_LABELS, tr.status)}
        </Badge>
      ),
      width: 110,
    },
    {
      id: 'bookedAt',
      header: t('trades.booked'),
      value: (tr) => tr.bookedAt,
      cell: (tr) => (
        <>
          <Text size="sm">{tr.bookedBy}</Text>
          <Text size="xs" c="dimmed">
            <DateTimeText value={tr.bookedAt} />
          </Text>
        </>
      ),
      sort: 'server',
      descFirst: true,
    },
    {
      id: 'actions',
      header: t('trades.actions'),
      fixed: true,
      csv: false,
      cell: (tr) => (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={t('trades.open', { id: tr.id })}
          onClick={() => onOpen(tr)}
        >
          {t('trades.details')}
        </Button>
      ),
    },
  ];
}
