import type { TCashEntry } from '@clearway/contracts/endpoints/money.schemas';
import { Button, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useDialogForm } from '../../../lib/use-form-submit';
import { openAccountsQuery } from '../../accounts/api/accounts.queries';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { useBookCashEntry } from '../api/cash-entries.mutations';

type EntryType = TCashEntry['type'];

const today = () => new Date().toISOString().slice(0, 10);
const blank = (type: EntryType) => ({
  type,
  accountId: '',
  toAccountId: '',
  asset: 'USD',
  amount: '',
  valueDate: today(),
  reference: '',
});
type Form = ReturnType<typeof blank>;

/** What the browser can tell before asking the server: the accounts are picked, and differ. */
function missing(f: Form, t: (k: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!f.accountId) errors.accountId = t('overview.pickAccount');
  if (f.type === 'INTERNAL_TRANSFER') {
    if (!f.toAccountId) errors.toAccountId = t('overview.pickAccount');
    else if (f.toAccountId === f.accountId) errors.toAccountId = t('overview.sameAccount');
  }
  return errors;
}

/**
 * The account a deposit goes to or a withdrawal comes from; for an internal transfer, the
 * account it comes from and the one it goes to (never the same).
 */
function AccountFields({
  entityId,
  form,
  setForm,
  errors,
}: {
  entityId: number;
  form: Form;
  setForm: (f: Form) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const accounts = useQuery(openAccountsQuery(entityId));
  const options = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const transfer = form.type === 'INTERNAL_TRANSFER';
  return (
    <>
      <Select
        label={t(transfer ? 'overview.fromAccount' : 'overview.account')}
        searchable
        data={options}
        value={form.accountId || null}
        onChange={(v) => setForm({ ...form, accountId: v ?? '' })}
        error={errors.accountId ?? errors.fromAccountId}
        required
      />
      {transfer && (
        <Select
          label={t('overview.toAccount')}
          searchable
          data={options.filter((o) => o.value !== form.accountId)}
          value={form.toAccountId || null}
          onChange={(v) => setForm({ ...form, toAccountId: v ?? '' })}
          error={errors.toAccountId}
          required
        />
      )}
    </>
  );
}

/**
 * Staff book a historic cash entry — a deposit, a withdrawal or an internal transfer
 * between the entity's accounts — of the types they hold the keys for. One Idempotency-Key
 * per opened form, so a double submit books once.
 */
export function BookCashEntry({ entityId, types }: { entityId: number; types: readonly EntryType[] }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    () => blank(types[0]!),
    useBookCashEntry(entityId),
  );
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    await run(
      missing(form, t),
      {
        idempotencyKey: key,
        type: form.type,
        accountId: Number(form.accountId),
        toAccountId: Number(form.toAccountId),
        asset: form.asset,
        amount: form.amount,
        valueDate: form.valueDate,
        reference: form.reference || undefined,
      },
      close,
    );
  }

  return (
    <>
      <Button
        onClick={() => {
          setKey(crypto.randomUUID());
          start();
        }}
      >
        {t('overview.bookEntry')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('overview.bookEntry')} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            {types.length > 1 && (
              <SegmentedControl
                aria-label={t('overview.type')}
                data={types.map((v) => ({ value: v, label: t(`overview.types.${v}`) }))}
                value={form.type}
                onChange={(v) => setForm({ ...form, type: v as EntryType })}
              />
            )}
            <AccountFields entityId={entityId} form={form} setForm={setForm} errors={errors} />
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
              min={runtimeConfig.dateWindow.from}
              max={runtimeConfig.dateWindow.to}
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
              {t(`overview.bookAs.${form.type}`)}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
