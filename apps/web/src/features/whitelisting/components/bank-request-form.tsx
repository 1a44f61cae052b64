import { API } from '@clearway/contracts/endpoint-table';
import { ZBankInfoRequest } from '@clearway/contracts/endpoints/bank-info.schemas';
import { Alert, Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { fieldErrors } from '../../../lib/form-errors';
import { currenciesQuery } from '../../../lib/money-queries';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';

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
  const queryClient = useQueryClient();
  const currencies = useQuery(currenciesQuery);
  const [form, setForm] = useState(EMPTY);
  const { errors, failure, busy, run } = useFormSubmit();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')) as typeof form;
    const invalid = fieldErrors(ZBankInfoRequest, { entityId, ...input });
    await run(invalid, async () => {
      await api(API.bankInfo.whitelistCreate, { payload: { entityId, ...input } });
      await queryClient.invalidateQueries({ queryKey: ['whitelist-requests'] });
      showSuccessToast(t('whitelist.requested'), t('whitelist.requestedText'));
      setForm(EMPTY);
      onDone();
    });
  }

  const field = (key: keyof typeof EMPTY, label: string, required = false) => (
    <TextInput
      label={label}
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
        {field('beneficiaryName', t('bank.beneficiary'), true)}
        {field('beneficiaryAddress', t('bank.beneficiaryAddress'), true)}
        {field('bankName', t('bank.bankName'), true)}
        <SimpleGrid cols={2}>
          {field('iban', 'IBAN')}
          {field('accountNumber', t('bank.accountNumber'))}
        </SimpleGrid>
        <SimpleGrid cols={2}>
          {field('bic', 'BIC / SWIFT', true)}
          <Select
            label={t('bank.currency')}
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
