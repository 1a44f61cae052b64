import { API } from '@clearway/contracts/endpoint-table';
import { ZCreateAccount } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { api } from '../../../lib/api';
import { fieldErrors } from '../../../lib/form-errors';
import { currenciesQuery } from '../../../lib/money-queries';
import { useDialogForm } from '../../../lib/use-form-submit';
import { accountTypesQuery } from '../api/accounts.queries';

const EMPTY = {
  accountType: '',
  accountName: '',
  currencyId: '',
  ibanCode: '',
  swiftCode: '',
  accountCode: '',
};

/** Opens an account for the selected entity; IBAN and BIC are checked by the server (ibantools). */
export function OpenAccount({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(() => EMPTY);
  const types = useQuery({ ...accountTypesQuery, enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = { entityId, ...Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')) };
    const done = await run(fieldErrors(ZCreateAccount, input), async () => {
      await api(API.account.create, { payload: input });
      await queryClient.invalidateQueries({ queryKey: ['accounts', entityId] });
    });
    if (done) {
      close();
      confirmSaved(t, 'account', 'created');
    }
  }

  const text = (key: keyof typeof EMPTY, label: string, optional = true) => (
    <TextInput
      label={label}
      description={optional ? t('accountsPage.optional') : undefined}
      withAsterisk={!optional}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
      error={errors[key]}
    />
  );

  return (
    <>
      <Button onClick={start}>{t('accountsPage.new')}</Button>
      <Modal opened={opened} onClose={close} title={t('accountsPage.new')} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            {failure && <Alert color="red">{failure}</Alert>}
            <Select
              label={t('accountsPage.type')}
              withAsterisk
              data={(types.data ?? []).map((x) => ({ value: x.code, label: x.name }))}
              value={form.accountType || null}
              onChange={(v) => setForm({ ...form, accountType: v ?? '' })}
              error={errors.accountType}
            />
            {text('accountName', t('accountsPage.name'), false)}
            <Select
              label={t('accountsPage.currency')}
              description={t('accountsPage.optional')}
              searchable
              clearable
              data={(currencies.data ?? []).map((c) => c.code)}
              value={form.currencyId || null}
              onChange={(v) => setForm({ ...form, currencyId: v ?? '' })}
              error={errors.currencyId}
            />
            {text('ibanCode', t('accountsPage.iban'))}
            {text('swiftCode', t('accountsPage.bic'))}
            {text('accountCode', t('accountsPage.code'))}
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('accountsPage.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
