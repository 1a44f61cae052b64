import { Checkbox, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { type Form, requiredMark } from '../../../../lib/use-form';

/** The fields staff add to a booking form. */
export type StaffValues = { tradeDate: string; offMarket: boolean; reason: string };

/** How far the typed price stands from the market, as `offTheMarket` works it out. */
export type Deviation = { pct: string; mid: string; tolerancePct: string; beyond: boolean } | null;

/**
 * How far staff's typed price stands from the sheet against the instrument's tolerance: told
 * as they type, beside the price (the server judges). Beyond it, what to do: Off-market with a
 * reason, or the booking is refused.
 */
export function DeviationHint({
  deviation,
  price,
  offMarket,
}: {
  deviation: Deviation;
  price: string;
  offMarket: boolean;
}) {
  const { t } = useTranslation();
  if (!deviation) return null;
  return (
    <Text
      size="sm"
      c={deviation.beyond ? (offMarket ? 'orange.9' : 'red.8') : 'dimmed'}
      data-testid="off-market-hint"
      aria-live="polite"
    >
      {t('trades.deviation', {
        price: price.trim(),
        pct: deviation.pct,
        mid: deviation.mid,
        tolerance: deviation.tolerancePct,
      })}{' '}
      {deviation.beyond && t(offMarket ? 'trades.deviationOffMarket' : 'trades.deviationBeyond')}
    </Text>
  );
}

/**
 * The house's staff book by hand: the trade date (back-dated within the desk's window),
 * Off-market (beyond the tolerance: booked only when another staff member approves), and the
 * reason either needs.
 */
export function StaffTerms<V extends StaffValues & Record<string, unknown>, B>({
  form,
  today,
  withTradeDate = true,
}: {
  form: Form<V, B>;
  /** Today's FX trade date: the latest a trade date may be. */
  today: string;
  /** The option form has its own trade date field. */
  withTradeDate?: boolean;
}) {
  const { t } = useTranslation();
  const v = form.values;
  const backDated = Boolean(v.tradeDate) && v.tradeDate < today;
  const reasonDue = v.offMarket || backDated;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: withTradeDate ? 2 : 1 }} spacing="sm">
        {withTradeDate && (
          <TextInput
            {...form.text('tradeDate')}
            type="date"
            min={runtimeConfig.dateWindow.from}
            max={today}
            description={t('trades.tradeDateHint')}
          />
        )}
        <Checkbox
          mt={withTradeDate ? { base: 0, xs: 'xl' } : 0}
          label={t('trades.offMarket')}
          description={t('trades.offMarketHint')}
          checked={v.offMarket}
          error={form.error('offMarket')}
          onChange={(e) => form.set({ offMarket: e.currentTarget.checked } as Partial<V>)}
        />
      </SimpleGrid>
      <Textarea
        {...form.text('reason')}
        {...requiredMark(reasonDue)}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={500}
        description={t('trades.reasonHint')}
      />
    </Stack>
  );
}
