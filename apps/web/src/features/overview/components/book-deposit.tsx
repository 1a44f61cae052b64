import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookCashDeposit, currenciesQuery, openAccountsQuery } from '../../../lib/money-queries';
import { useFormSubmit } from '../../../lib/use-form-submit';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Staff book a historic deposit. One Idempotency-Key per opened form, so a double submit
 * books once.
 */
export function BookDeposit({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const [form, setForm] = useState({
    accountId: '',
    asset: 'USD',
    amount: '',
    valueDate: today(),
    reference: '',
  });
  const { errors, failure, busy, run, reset } = useFormSubmit();
  const accounts = useQuery({ ...openAccountsQuery(entityId), enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });

  const start = () => {
    setKey(crypto.randomUUID());
    reset();
    open();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await run(form.accountId ? {} : { accountId: t('overview.pickAccount') }, async () => {
      await bookCashDeposit(entityId, key, {
        ...form,
        accountId: Number(form.accountId),
        reference: form.reference || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: ['balances', entityId] });
      await queryClient.invalidateQueries({ queryKey: ['cash-entries', entityId] });
      close();
      setForm({ ...form, amount: '', reference: '' });
    });
  }

  return (
    <>
      <Button onClick={start}>{t('overview.bookDeposit')}</Button>
      <Modal opened={opened} onClose={close} title={t('overview.bookDeposit')} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label={t('overview.account')}
              searchable
              data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={form.accountId || null}
              onChange={(v) => setForm({ ...form, accountId: v ?? '' })}
              error={errors.accountId}
              required
            />
            <Select
              label={t('overview.asset')}
              searchable
              data={(currencies.data ?? []).map((c) => c.code)}
              value={form.asset}
              onChange={(v) => setForm({ ...form, asset: v ?? '' })}
              error={errors.asset}
              required
              allowDeselect={false}
            />
            <TextInput
              label={t('overview.amount')}
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => setForm({ ...form, amount: e.currentTarget.value })}
              error={errors.amount ?? (failure && !Object.keys(errors).length ? failure : undefined)}
              required
            />
            <TextInput
              label={t('overview.valueDate')}
              type="date"
              value={form.valueDate}
              onChange={(e) => setForm({ ...form, valueDate: e.currentTarget.value })}
              error={errors.valueDate}
              required
            />
            <TextInput
              label={t('overview.reference')}
              value={form.reference}
              onChange={(e) => setForm({ ...form, reference: e.currentTarget.value })}
            />
            <Button type="submit" loading={busy}>
              {t('overview.book')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
