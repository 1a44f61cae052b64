import { ZCreateAccount } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { useDialogForm } from '../../../lib/use-form-submit';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useOpenAccount } from '../api/accounts.mutations';
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
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    () => EMPTY,
    useOpenAccount(entityId),
  );
  const labels = {
    accountType: t('accountsPage.type'),
    accountName: t('accountsPage.name'),
    currencyId: t('accountsPage.currency'),
    ibanCode: t('accountsPage.iban'),
    swiftCode: t('accountsPage.bic'),
    accountCode: t('accountsPage.code'),
  };
  const types = useQuery({ ...accountTypesQuery, enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = { entityId, ...Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')) };
    const { errors: invalid, body } = checkForm(ZCreateAccount, input, labels);
    const done = await run(invalid, body);
    if (done) {
      close();
      confirmSaved(t, 'account', 'created');
    }
  }

  const text = (key: keyof typeof EMPTY, optional = true) => (
    <TextInput
      label={labels[key]}
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
              label={labels.accountType}
              withAsterisk
              data={(types.data ?? []).map((x) => ({ value: x.code, label: x.name }))}
              value={form.accountType || null}
              onChange={(v) => setForm({ ...form, accountType: v ?? '' })}
              error={errors.accountType}
            />
            {text('accountName', false)}
            <Select
              label={labels.currencyId}
              description={t('accountsPage.optional')}
              searchable
              clearable
              data={(currencies.data ?? []).map((c) => c.code)}
              value={form.currencyId || null}
              onChange={(v) => setForm({ ...form, currencyId: v ?? '' })}
              error={errors.currencyId}
            />
            {text('ibanCode')}
            {text('swiftCode')}
            {text('accountCode')}
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
