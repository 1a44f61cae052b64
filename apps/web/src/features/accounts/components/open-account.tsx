import { ZCreateAccount } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { withBankCodes } from '../../../lib/bank-code-check';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
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

/** Opens an account for the selected entity; IBAN and BIC checked as the server checks them. */
export function OpenAccount({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const create = useOpenAccount(entityId);
  const labels = {
    accountType: t('accountsPage.type'),
    accountName: t('accountsPage.name'),
    currencyId: t('accountsPage.currency'),
    ibanCode: t('accountsPage.iban'),
    swiftCode: t('accountsPage.bic'),
    accountCode: t('accountsPage.code'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['accountType', 'accountName'],
    check: (v: typeof EMPTY) =>
      withBankCodes(
        checkForm(
          ZCreateAccount,
          { entityId, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')) },
          labels,
        ),
        { iban: ['ibanCode', v.ibanCode], bic: ['swiftCode', v.swiftCode] },
      ),
  });
  const types = useQuery({ ...accountTypesQuery, enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });

  const start = () => {
    form.reset();
    open();
  };
  const send = async (body: Parameters<typeof create.mutateAsync>[0]) => {
    await create.mutateAsync(body);
    close();
    confirmSaved(t, 'account', 'created');
  };

  return (
    <>
      <Button onClick={start}>{t('accountsPage.new')}</Button>
      <Modal opened={opened} onClose={close} title={t('accountsPage.new')} centered>
        <form onSubmit={form.onSubmit(send)} noValidate>
          <Stack>
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <Select
              {...form.choice('accountType')}
              data={(types.data ?? []).map((x) => ({ value: x.code, label: x.name }))}
            />
            <TextInput {...form.text('accountName')} />
            <Select
              {...form.choice('currencyId')}
              searchable
              clearable
              data={(currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
            />
            <TextInput {...form.text('ibanCode')} />
            <TextInput {...form.text('swiftCode')} />
            <TextInput {...form.text('accountCode')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.busy}>
                {t('accountsPage.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
