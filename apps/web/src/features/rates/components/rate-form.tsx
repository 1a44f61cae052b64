import { ZRateSet } from '@clearway/contracts/endpoints/instruments.schemas';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useSetRate } from '../api/rates.mutations';

const EMPTY = { base: '', quote: 'USD', rate: '' };

/** Sets a pair's mid rate on the sheet (audited by the server), checked with the row's schema. */
export function RateForm({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const setRate = useSetRate(entityId);
  const currencies = useQuery(currenciesQuery);
  const codes = (currencies.data ?? []).map((c) => c.code);
  const labels = { base: t('rates.base'), quote: t('rates.quote'), rate: t('rates.rate') };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['base', 'quote', 'rate'],
    check: (v: typeof EMPTY) =>
      checkForm(
        ZRateSet,
        { entityId, base: v.base || undefined, quote: v.quote || undefined, rate: v.rate },
        labels,
      ),
  });

  const send = async (body: Parameters<typeof setRate.mutateAsync>[0]) => {
    const saved = await setRate.mutateAsync(body);
    showSuccessToast(t('rates.saved'), `${saved.base}/${saved.quote} ${saved.rate}`);
    form.set({ rate: '' });
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack gap="xs">
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <Group align="flex-start" grow>
          <Select {...form.choice('base')} searchable data={codes} />
          <Select {...form.choice('quote')} searchable data={codes} />
          <TextInput
            {...form.text('rate')}
            onChange={(e) => form.set({ rate: e.currentTarget.value.trim() })}
            inputMode="decimal"
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('rates.set')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
