import { ZAddHoliday } from '@clearway/contracts/endpoints/instruments.schemas';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useAddHoliday } from '../api/instruments.mutations';

/** Adds a day to the calendar shown (a removed one comes back). */
export function AddHoliday({ entityId, calendar }: { entityId: number; calendar: string }) {
  const { t } = useTranslation();
  const add = useAddHoliday(entityId);
  const labels = { date: t('calendars.date'), name: t('calendars.name') };
  const form = useForm({
    initial: () => ({ date: '', name: '' }),
    labels,
    required: ['date', 'name'],
    check: (v) => checkForm(ZAddHoliday, { entityId, calendar, ...v }, labels),
  });

  const send = async ({
    entityId: _,
    ...body
  }: Parameters<typeof add.mutateAsync>[0] & { entityId?: number }) => {
    await add.mutateAsync(body);
    showSuccessToast(t('calendars.added'), `${calendar} ${body.date}`);
    form.reset();
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('calendars.addTo', { calendar })}
          </Text>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <Group align="flex-start" gap="sm">
            <TextInput {...form.text('date')} type="date" />
            <TextInput {...form.text('name')} />
            <Button type="submit" mt={24} loading={form.busy}>
              {t('calendars.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
