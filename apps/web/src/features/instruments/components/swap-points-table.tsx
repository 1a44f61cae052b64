import type { TSwapCurve } from '@clearway/contracts/endpoints/instruments.schemas';
import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';

/** A pair's swap points per tenor: the swap's dates, its points in pips and the outright. */
export function SwapPointsTable({ curve }: { curve: TSwapCurve }) {
  const { t } = useTranslation();
  const label = t('fxSwaps.tableOf', { pair: curve.symbol });
  return (
    <>
      <Group gap="lg">
        <Text size="sm">{t('fxSwaps.spotDate', { date: curve.spotDate, trade: curve.tradeDate })}</Text>
        <Text size="sm">
          {curve.spot
            ? t('fxSwaps.spot', { bid: curve.spot.bid, ask: curve.spot.ask, mid: curve.spot.mid })
            : t('fxSwaps.noSpot')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fxSwaps.pips', { pip: curve.pipSize })}
        </Text>
      </Group>
      <DataTable striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fxSwaps.tenor')}</Table.Th>
            <Table.Th>{t('fxSwaps.start')}</Table.Th>
            <Table.Th>{t('fxSwaps.valueDate')}</Table.Th>
            <Table.Th ta="right">{t('fxSwaps.days')}</Table.Th>
            <Table.Th ta="right">{t('fxSwaps.bid')}</Table.Th>
            <Table.Th ta="right">{t('fxSwaps.ask')}</Table.Th>
            <Table.Th ta="right">{t('fxSwaps.mid')}</Table.Th>
            <Table.Th ta="right">{t('fxSwaps.outright')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {curve.points.map((p) => (
            <Table.Tr key={p.tenor}>
              <Table.Td fw={600}>{p.tenor}</Table.Td>
              <Table.Td ff="monospace">{p.startDate}</Table.Td>
              <Table.Td ff="monospace">{p.valueDate}</Table.Td>
              <Table.Td ta="right">{p.daysFromSpot}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {p.bid}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {p.ask}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {p.mid}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {p.outright ?? '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
    </>
  );
}
