import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { BARRIER_LABELS, labelOf, OPTION_CUT_TIMES, OPTION_TYPE_LABELS } from '@clearway/contracts/enums';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateText, DateTimeText } from '../../../components/date-time-text';
import { useTradeFigures } from './trade-figures';

/** An option's own terms in the trade's detail: type, strike, expiry and cut, delivery, barrier, premium. */
export function OptionTerms({ trade, entityId }: { trade: TTrade; entityId: number }) {
  const { t } = useTranslation();
  const f = useTradeFigures(entityId);
  const o = trade.option;
  if (!o) return null;
  const rows: [string, React.ReactNode][] = [
    [
      t('options.type'),
      `${labelOf(OPTION_TYPE_LABELS, o.optionType)} · ${t(trade.side === 'BUY' ? 'options.long' : 'options.short')}`,
    ],
    [t('options.strike'), f.rate(o.strike, trade.instrumentId)],
    [
      t('options.expiry'),
      <>
        <DateText value={o.expiryDate} /> {OPTION_CUT_TIMES[o.cut].label} (
        <DateTimeText value={o.expiresAt} />)
      </>,
    ],
    [t('options.deliveryDate'), <DateText key="d" value={o.deliveryDate} />],
    [
      t('options.premium'),
      <>
        {f.money(o.premium, o.premiumCurrency)} · <DateText value={o.premiumDate} />{' '}
        {t(o.premiumPosted ? 'options.premiumPosted' : 'options.premiumPending')}
      </>,
    ],
  ];
  if (o.barrier)
    rows.push([
      t('options.barrier'),
      `${BARRIER_LABELS[`${o.barrier.direction}_${o.barrier.kind}`]} ${f.rate(o.barrier.level, trade.instrumentId)}${
        o.barrier.rebate
          ? ` · ${t('options.rebate')} ${f.money(o.barrier.rebate, o.barrier.rebateCurrency)}`
          : ''
      }`,
    ]);
  if (o.underlyingTradeId !== null) rows.push([t('options.underlying'), `#${o.underlyingTradeId}`]);
  return (
    <SimpleGrid cols={2} spacing="xs" aria-label={t('options.terms')}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
