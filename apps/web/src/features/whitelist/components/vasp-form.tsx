import { ZCreateVasp } from '@clearway/contracts/endpoints/wallet.schemas';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useCreateVasp } from '../api/whitelist.mutations';

const EMPTY = { name: '', lei: '', travelRuleId: '', jurisdiction: '', website: '' };

/** Adds a VASP (a travel-rule counterparty a custodial wallet may name). */
export function VaspForm({ entityId, onDone }: { entityId: number | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const createVasp = useCreateVasp();
  const labels = {
    name: t('vasp.name'),
    lei: 'LEI',
    travelRuleId: t('vasp.travelRuleId'),
    jurisdiction: t('vasp.jurisdictionHint'),
    website: t('vasp.website'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['name', 'jurisdiction'],
    check: (v: typeof EMPTY) =>
      checkForm(
        ZCreateVasp,
        { entityId, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')) },
        labels,
      ),
  });

  const send = async (body: Parameters<typeof createVasp.mutateAsync>[0]) => {
    await createVasp.mutateAsync(body);
    showSuccessToast(t('vasp.created'), body.name);
    onDone();
  };

  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextInput {...form.text('name')} />
        <TextInput {...form.text('lei')} ff="monospace" />
        <TextInput {...form.text('travelRuleId')} />
        <TextInput
          {...form.text('jurisdiction')}
          onChange={(e) => form.set({ jurisdiction: e.currentTarget.value.toUpperCase() })}
          maxLength={2}
        />
        <TextInput {...form.text('website')} type="url" placeholder="https://" />
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('vasp.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
