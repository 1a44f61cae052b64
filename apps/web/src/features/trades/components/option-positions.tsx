import type { TOptionValuation } from '@clearway/contracts/endpoints/options.schemas';
import { labelOf, OPTION_TYPE_LABELS, TRADE_STATUS_LABELS } from '@clearway/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateText } from '../../../components/date-time-text';
import { EMPTY_CELL } from '../../../lib/format';
import { optionPnlQuery } from '../api/trades.queries';
import { useTradeFigures } from './trade-figures';

/**
 * The entity's FX options valued now (account/fx-option/profitLoss): terms, state, the mark
 * and delta, the premium as it moved the account, and the P&L — unrealised while alive,
 * realised once ended. A barrier option valued as its vanilla says so.
 */
export function OptionPositions({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const f = useTradeFigures(entityId);
  const pnl = useQuery(optionPnlQuery(entityId));
  const columns: Column<TOptionValuation>[] = [
    {
      id: 'symbol',
      header: t('trades.instrument'),
      value: (o) => o.symbol,
      cell: (o) => `${o.symbol} ${labelOf(OPTION_TYPE_LABELS, o.optionType)}`,
      sort: 'text',
    },
    {
      id: 'side',
      header: t('options.direction'),
      value: (o) => o.side,
      cell: (o) => t(o.side === 'BUY' ? 'options.long' : 'options.short'),
    },
    {
      id: 'status',
      header: t('trades.status'),
      value: (o) => o.status,
      cell: (o) => labelOf(TRADE_STATUS_LABELS, o.status),
    },
    {
      id: 'notional',
      header: t('options.notional'),
      value: (o) => o.notional,
      cell: (o) => f.money(o.notional, o.base),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'strike',
      header: t('options.strike'),
      value: (o) => o.strike,
      cell: (o) => o.strike,
      align: 'right',
      mono: true,
    },
    {
      id: 'expiry',
      header: t('options.expiryDate'),
      value: (o) => o.expiryDate,
      cell: (o) => <DateText value={o.expiryDate} />,
      sort: 'text',
    },
    {
      id: 'delta',
      header: t('options.delta'),
      value: (o) => o.delta ?? '',
      cell: (o) => (o.delta === null ? EMPTY_CELL : Number(o.delta).toFixed(4)),
      align: 'right',
      mono: true,
    },
    {
      id: 'premium',
      header: t('options.premium'),
      value: (o) => o.premium,
      cell: (o) => f.money(o.premium, o.premiumCurrency),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'marketValue',
      header: t('options.marketValue'),
      value: (o) => o.marketValue ?? '',
      cell: (o) => f.money(o.marketValue, o.quote),
      sort: 'decimal',
      align: 'right',
      mono: true,
    },
    {
      id: 'pnl',
      header: t('options.pnl'),
      value: (o) => o.unrealisedPnl ?? o.realisedPnl ?? '',
      cell: (o) =>
        o.unrealisedPnl !== null
          ? `${f.money(o.unrealisedPnl, o.quote)} ${t('options.unrealised')}`
          : o.realisedPnl !== null
            ? `${f.money(o.realisedPnl, o.quote)} ${t('options.realised')}`
            : EMPTY_CELL,
      align: 'right',
      mono: true,
    },
    {
      id: 'note',
      header: t('options.note'),
      value: (o) => (o.valuedAsVanilla ? 'vanilla' : ''),
      cell: (o) =>
        [o.valuedAsVanilla ? t('options.valuedAsVanilla') : '', ...o.missing].filter(Boolean).join('; ') ||
        EMPTY_CELL,
      csv: false,
    },
  ];
  return (
    <DataTable
      id="option-positions"
      label={t('options.positions')}
      columns={columns}
      rows={pnl.data?.options}
      rowKey={(o) => o.tradeId}
      query={pnl}
      empty={{ title: t('options.none'), hint: t('options.noneHint') }}
    />
  );
}
