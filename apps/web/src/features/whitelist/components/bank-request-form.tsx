import { ZBankInfoRequest } from '@clearway/contracts/endpoints/bank-info.schemas';
import { Alert, Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withBankCodes } from '../../../lib/bank-code-check';
import { checkForm } from '../../../lib/form-errors';
import { runtimeConfig } from '../../../lib/runtime-config';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useRequestBankAccount } from '../api/whitelist.mutations';

const EMPTY = {
  beneficiaryName: '',
  beneficiaryAddress: '',
  bankName: '',
  iban: '',
  accountNumber: '',
  bic: '',
  currency: '',
};

/**
 * Asks for a bank account to be whitelisted: a BANK ACCOUNT request for an approver. The
 * currency is one money is sent in (TRANSFER_FIAT_CURRENCIES); the IBAN's checksum and the
 * BIC are checked here as the server checks them (contracts' bank-codes), with the rest.
 */
export function BankRequestForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const currencies = useQuery(currenciesQuery);
  const request = useRequestBankAccount();
  const labels = {
    beneficiaryName: t('bank.beneficiary'),
    beneficiaryAddress: t('bank.beneficiaryAddress'),
    bankName: t('bank.bankName'),
    iban: 'IBAN',
    accountNumber: t('bank.accountNumber'),
    bic: 'BIC / SWIFT',
    currency: t('bank.currency'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['beneficiaryName', 'beneficiaryAddress', 'bankName', 'bic', 'currency'],
    check: (v: typeof EMPTY) =>
      withBankCodes(
        checkForm(
          ZBankInfoRequest,
          { entityId, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')) },
          labels,
        ),
        { iban: ['iban', v.iban], bic: ['bic', v.bic] },
      ),
  });
  const fiat = runtimeConfig.transferFiatCurrencies.map((code) => {
    const name = currencies.data?.find((c) => c.code === code)?.name;
    return { value: code, label: name ? `${code} — ${name}` : code };
  });

  const send = async (body: Parameters<typeof request.mutateAsync>[0]) => {
    await request.mutateAsync(body);
    showSuccessToast(t('whitelist.requested'), t('whitelist.requestedText'));
    form.reset();
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
        <TextInput {...form.text('beneficiaryName')} />
        <TextInput {...form.text('beneficiaryAddress')} />
        <TextInput {...form.text('bankName')} />
        <SimpleGrid cols={2}>
          <TextInput {...form.text('iban')} description={t('bank.ibanOrNumber')} />
          <TextInput {...form.text('accountNumber')} />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          <TextInput {...form.text('bic')} />
          <Select {...form.choice('currency')} data={fiat} />
        </SimpleGrid>
        <Button type="submit" loading={form.busy}>
          {t('whitelist.submitRequest')}
        </Button>
      </Stack>
    </form>
  );
}
