import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Line = { asset: string; value: string };

/**
 * Balances by asset, valued in the base currency. Chart bars are a picture, so here (and
 * only here) the exact decimal becomes a number.
 */
export function AssetChart({ lines, baseCurrency }: { lines: Line[]; baseCurrency: string }) {
  const { t, i18n } = useTranslation();
  if (lines.length === 0) return null;
  const data = lines.map((l) => ({ asset: l.asset, value: Number(l.value) }));
  // The axis reads at a glance (2.8M); the tooltip names the amount to the cent.
  const axis = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const tooltip = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="sm">
        {t('overview.byAsset', { currency: baseCurrency })}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="asset"
        series={[{ name: 'value', label: baseCurrency, color: 'indigo.6' }]}
        tickLine="y"
        valueFormatter={(v) => tooltip.format(v)}
        yAxisProps={{ tickFormatter: (v: number) => axis.format(v) }}
      />
    </Paper>
  );
}
