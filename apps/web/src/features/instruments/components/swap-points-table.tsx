import type { TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { DateText } from '../../../components/date-time-text';
import { EMPTY_CELL } from '../../../lib/format';
import { formatDate } from '../../../lib/format/dates';
import { columnPrecision, formatRate } from '../../../lib/format/rates';

type Point = TSwapCurve['points'][number];

/**
 * A pair's swap points per tenor: the swap's dates, its points in pips (each column at the
 * most decimals its points were set with) and the outright, at the pair's price precision
 * like the spot above it.
 */
export function SwapPointsTable({ curve }: { curve: TSwapCurve }) {
  const { t } = useTranslation();
  const label = t('fxSwaps.tableOf', { pair: curve.symbol });
  const price = (v: string) => formatRate(v, curve.pricePrecision);
  const points = (id: 'bid' | 'ask' | 'mid', header: string): Column<Point> => {
    const precision = columnPrecision(curve.points.map((p) => p[id]));
    return {
      id,
      header,
      value: (p) => p[id],
      cell: (p) => formatRate(p[id], precision),
      align: 'right',
      mono: true,
    };
  };
  const columns: Column<Point>[] = [
    {
      id: 'tenor',
      header: t('fxSwaps.tenor'),
      value: (p) => p.tenor,
      cell: (p) => <Text fw={600}>{p.tenor}</Text>,
      fixed: true,
    },
    {
      id: 'start',
      header: t('fxSwaps.start'),
      value: (p) => p.startDate,
      cell: (p) => <DateText value={p.startDate} />,
    },
    {
      id: 'valueDate',
      header: t('fxSwaps.valueDate'),
      value: (p) => p.valueDate,
      cell: (p) => <DateText value={p.valueDate} />,
    },
    {
      id: 'days',
      header: t('fxSwaps.days'),
      value: (p) => p.daysFromSpot,
      cell: (p) => p.daysFromSpot,
      align: 'right',
    },
    points('bid', t('fxSwaps.bid')),
    points('ask', t('fxSwaps.ask')),
    points('mid', t('fxSwaps.mid')),
    {
      id: 'outright',
      header: t('fxSwaps.outright'),
      value: (p) => p.outright,
      cell: (p) => (p.outright === null ? EMPTY_CELL : price(p.outright)),
      align: 'right',
      mono: true,
    },
  ];
  return (
    <>
      <Group gap="lg">
        <Text size="sm">
          {t('fxSwaps.spotDate', { date: formatDate(curve.spotDate), trade: formatDate(curve.tradeDate) })}
        </Text>
        <Text size="sm">
          {curve.spot
            ? t('fxSwaps.spot', {
                bid: price(curve.spot.bid),
                ask: price(curve.spot.ask),
                mid: price(curve.spot.mid),
              })
            : t('fxSwaps.noSpot')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fxSwaps.pips', { pip: curve.pipSize })}
        </Text>
      </Group>
      <DataTable
        id="swap-points"
        label={label}
        columns={columns}
        rows={curve.points}
        rowKey={(p) => p.tenor}
        empty={{ title: t('fxSwaps.none'), hint: t('fxSwaps.noneHint') }}
        csv={{ fileName: `swap-points-${curve.symbol.replace('/', '')}.csv` }}
      />
    </>
  );
}
