import { ZBankInfoRequest } from '@clearway/contracts/endpoints/bank-info.schemas';
import { Alert, Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
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

/** Asks for a bank account to be whitelisted: a BANK ACCOUNT request for an approver. */
export function BankRequestForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const currencies = useQuery(currenciesQuery);
  const [form, setForm] = useState(EMPTY);
  const { errors, failure, busy, run } = useFormSubmit(useRequestBankAccount());
  const labels = {
    beneficiaryName: t('bank.beneficiary'),
    beneficiaryAddress: t('bank.beneficiaryAddress'),
    bankName: t('bank.bankName'),
    iban: 'IBAN',
    accountNumber: t('bank.accountNumber'),
    bic: 'BIC / SWIFT',
    currency: t('bank.currency'),
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== ''));
    const { errors: invalid, body } = checkForm(ZBankInfoRequest, { entityId, ...input }, labels);
    await run(invalid, body, () => {
      showSuccessToast(t('whitelist.requested'), t('whitelist.requestedText'));
      setForm(EMPTY);
      onDone();
    });
  }

  const field = (key: keyof typeof EMPTY, required = false) => (
    <TextInput
      label={labels[key]}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
      error={errors[key]}
      required={required}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Alert color="red">{failure}</Alert>}
        {field('beneficiaryName', true)}
        {field('beneficiaryAddress', true)}
        {field('bankName', true)}
        <SimpleGrid cols={2}>
          {field('iban')}
          {field('accountNumber')}
        </SimpleGrid>
        <SimpleGrid cols={2}>
          {field('bic', true)}
          <Select
            label={labels.currency}
            searchable
            data={(currencies.data ?? []).filter((c) => c.assetClass === 'FIAT').map((c) => c.code)}
            value={form.currency || null}
            onChange={(v) => setForm({ ...form, currency: v ?? '' })}
            error={errors.currency}
            required
          />
        </SimpleGrid>
        <Button type="submit" loading={busy}>
          {t('whitelist.submitRequest')}
        </Button>
      </Stack>
    </form>
  );
}
