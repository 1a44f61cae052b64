import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import { useFxSwapReport } from '../features/instruments/api/fx-swap-report.store';
import { swapRatesQuery } from '../features/instruments/api/instruments.queries';
import { SwapCurveChart } from '../features/instruments/components/swap-curve-chart';
import { SwapPointsTable } from '../features/instruments/components/swap-points-table';
import { useSelectedEntity } from '../lib/selected-entity';

/** `/fx-swaps`: the swap points of each pair (table per pair) and its curve, held in the report slice. */
export function FxSwapsPage() {
  const { t } = useTranslation();
  const entityId = useSelectedEntity()?.entityId ?? 0;
  const rates = useQuery({ ...swapRatesQuery(entityId), enabled: entityId > 0 });
  const { fxSwapRates, selectedPair, setFxSwapRates, selectPair } = useFxSwapReport();
  useEffect(() => {
    if (rates.data) setFxSwapRates(rates.data);
  }, [rates.data, setFxSwapRates]);
  const curve = fxSwapRates.find((c) => c.symbol === selectedPair);

  return (
    <PageFrame title={t('pages.fxSwaps')}>
      <ListState
        query={rates}
        count={fxSwapRates.length}
        label={t('pages.fxSwaps')}
        empty={{ title: t('fxSwaps.none'), hint: t('fxSwaps.noneHint') }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('fxSwaps.hint')}
          </Text>
          <SegmentedControl
            aria-label={t('fxSwaps.pair')}
            data={fxSwapRates.map((c) => c.symbol)}
            value={selectedPair ?? ''}
            onChange={selectPair}
          />
          {curve && (
            <>
              <SwapPointsTable curve={curve} />
              <SwapCurveChart curve={curve} />
            </>
          )}
        </Stack>
      </ListState>
    </PageFrame>
  );
}
