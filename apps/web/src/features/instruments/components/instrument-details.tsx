import type { TInstrument } from '@clearway/contracts/endpoints/instruments.schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What distinguishes an instrument of its kind, in one line. */
export function InstrumentDetails({ instrument: i }: { instrument: TInstrument }) {
  const { t } = useTranslation();
  switch (i.kind) {
    case 'FX':
      return (
        <Text size="sm">
          {t('instruments.fxDetails', { pip: i.pipSize, lag: i.spotLag, precision: i.pricePrecision })}
        </Text>
      );
    case 'CFD':
      return (
        <Text size="sm">
          {t('instruments.cfdDetails', {
            underlying: i.underlying,
            size: i.contractSize,
            quote: i.quote,
            long: i.financingRateLong,
            short: i.financingRateShort,
            lag: i.settlementLag,
          })}
        </Text>
      );
    case 'FX_OPTION':
      return (
        <Text size="sm">
          {t('instruments.optionDetails', {
            styles: i.styles.map((s) => t(`instruments.styles.${s}`)).join(', '),
          })}
        </Text>
      );
  }
}
