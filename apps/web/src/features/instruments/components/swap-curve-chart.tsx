import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The swap-points curve of a pair: bid, mid and ask per tenor. A chart is a picture, so here
 * (and only here) the exact points become numbers.
 */
export function SwapCurveChart({ curve }: { curve: TSwapCurve }) {
  const { t } = useTranslation();
  const data = curve.points.map((p) => ({
    tenor: p.tenor,
    bid: Number(p.bid),
    mid: Number(p.mid),
    ask: Number(p.ask),
  }));
  return (
    <Paper withBorder p="md" role="figure" aria-label={t('fxSwaps.curveOf', { pair: curve.symbol })}>
      <Text fw={600} mb="sm">
        {t('fxSwaps.curveOf', { pair: curve.symbol })}
      </Text>
      <LineChart
        h={260}
        data={data}
        dataKey="tenor"
        series={[
          { name: 'bid', label: t('fxSwaps.bid'), color: 'blue.4' },
          { name: 'mid', label: t('fxSwaps.mid'), color: 'indigo.7' },
          { name: 'ask', label: t('fxSwaps.ask'), color: 'teal.5' },
        ]}
        withLegend
        curveType="linear"
        yAxisLabel={t('fxSwaps.pointsAxis')}
      />
    </Paper>
  );
}
