import { amountProblem, exceeds } from '@clearway/contracts/amounts';
import { type TCashEntry, ZCashMovement, ZCashTransfer } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm, type FieldLabels } from '../../../lib/form-errors';
import { formatDecimal } from '../../../lib/format';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { showSuccessToast } from '../../../lib/toasts';
import { type Checked, useForm } from '../../../lib/use-form';
import { balancesQuery, openAccountsQuery } from '../../accounts/api/accounts.queries';
import { assetOptions, heldAssets, incomingAssets } from '../../accounts/api/asset-choices';
import { entityForestQuery, flattenForest } from '../../entities/api/entity-forest.query';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { type BookedEntry, useBookCashEntry } from '../api/cash-entries.mutations';

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
type Values = ReturnType<typeof blank>;

const id = (v: string) => (v ? Number(v) : undefined);
const optional = (v: string) => (v.trim() ? v : undefined);

/** What the form knows besides its values: the asset's scale, what the account has available. */
type Context = { scale?: number; available?: string; labels: FieldLabels; t: TFunction };

/**
 * The values checked with the row's schema (a deposit's or withdrawal's, or a transfer's),
 * then what the schema cannot know: the asset's decimal places, the two accounts differing,
 * and an outflow within what the account has available.
 */
function checkEntry(entityId: number, v: Values, c: Context): Checked<BookedEntry> {
  const common = {
    entityId,
    asset: v.asset || undefined,
    amount: v.amount.trim(),
    valueDate: v.valueDate,
    reference: optional(v.reference),
  };
  let errors: Record<string, string>;
  let entry: BookedEntry | undefined;
  if (v.type === 'INTERNAL_TRANSFER') {
    const input = { ...common, fromAccountId: id(v.accountId), toAccountId: id(v.toAccountId) };
    const { errors: found, body } = checkForm(ZCashTransfer, input, {
      ...c.labels,
      fromAccountId: c.labels.accountId!,
    });
    const { fromAccountId, ...rest } = found;
    errors = fromAccountId ? { ...rest, accountId: fromAccountId } : rest;
    if (v.toAccountId && v.toAccountId === v.accountId) errors.toAccountId = c.t('overview.sameAccount');
    entry = body && { type: v.type, body };
  } else {
    const { errors: found, body } = checkForm(
      ZCashMovement,
      { ...common, accountId: id(v.accountId) },
      c.labels,
    );
    errors = { ...found };
    entry = body && { type: v.type, body };
  }
  if (!errors.amount && c.scale !== undefined) {
    const problem = amountProblem(common.amount, c.scale);
    if (problem) errors.amount = problem;
    else if (v.type !== 'DEPOSIT' && c.available !== undefined && exceeds(common.amount, c.available))
      errors.amount = c.t('moneyRequest.exceedsAvailable', {
        available: formatDecimal(c.available, c.scale),
      });
  }
  return Object.keys(errors).length ? { errors } : { errors, body: entry };
}

/**
 * Staff book a historic cash entry — a deposit, a withdrawal or an internal transfer
 * between the entity's accounts — of the types they hold the keys for. One Idempotency-Key
 * per opened form, so a double submit books once. The asset list is what the account holds
 * (outflows) or the configured transfer currencies (deposits), never every ISO currency.
 */
export function BookCashEntry({ entityId, types }: { entityId: number; types: readonly EntryType[] }) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const book = useBookCashEntry(entityId);
  const accounts = useQuery({ ...openAccountsQuery(entityId), enabled: opened });
  const balances = useQuery({ ...balancesQuery(entityId), enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });
  const [type, setType] = useState<EntryType>(types[0]!);
  const transfer = type === 'INTERNAL_TRANSFER';
  const labels = {
    accountId: t(transfer ? 'overview.fromAccount' : 'overview.account'),
    toAccountId: t('overview.toAccount'),
    asset: t('overview.asset'),
    amount: t('overview.amount'),
    valueDate: t('overview.valueDate'),
    reference: t('overview.reference'),
  };
  const rows = balances.data ?? [];
  const scaleOf = (asset: string) => currencies.data?.find((c) => c.code === asset)?.scale;
  // Unknown until the balances have come: never checked against (or shown as) zero meanwhile.
  const availableIn = (accountId: number | undefined, asset: string) =>
    balances.data && accountId
      ? (rows.find((b) => b.accountId === accountId && b.asset === asset)?.available ?? '0')
      : undefined;
  const form = useForm({
    initial: () => blank(types[0]!),
    labels,
    required: ['accountId', 'toAccountId', 'asset', 'amount', 'valueDate'],
    fieldOf: { fromAccountId: 'accountId' },
    check: (v: Values) =>
      checkEntry(entityId, v, {
        scale: scaleOf(v.asset),
        available: availableIn(id(v.accountId), v.asset),
        labels,
        t,
      }),
  });
  const v = form.values;
  const accountId = id(v.accountId);
  const codes = v.type === 'DEPOSIT' ? incomingAssets(rows, accountId) : heldAssets(rows, accountId);
  const assets = assetOptions(codes, currencies.data ?? []);
  const scale = scaleOf(v.asset);
  const available = availableIn(accountId, v.asset);
  const options = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const noAccounts = accounts.isSuccess && options.length === 0;
  // Staff at a broker (or above) book on their clients' accounts, which lie below.
  const forest = useQuery({ ...entityForestQuery, enabled: noAccounts });
  const clientsBelow = Boolean(
    flattenForest(forest.data ?? []).find((e) => e.entityId === entityId)?.children.length,
  );

  const start = () => {
    setKey(crypto.randomUUID());
    setType(types[0]!);
    form.reset();
    open();
  };
  // An outflow's asset is one the account holds: picking another account drops an asset it lacks.
  const pickAccount = (value: string | null) => {
    const next = value ?? '';
    const keeps = v.type === 'DEPOSIT' || heldAssets(rows, id(next)).includes(v.asset);
    form.set({ accountId: next, ...(keeps ? {} : { asset: '' }) });
  };
  const send = async (entry: BookedEntry) => {
    const answer = await book.mutateAsync({ entry, idempotencyKey: key });
    // Above its limit the entry waits for a second person: say so, nothing was booked yet.
    if ('pendingRequest' in answer) showSuccessToast(t('limits.pendingEntry'), answer.pendingRequest.message);
    close();
  };

  return (
    <>
      <Button onClick={start}>{t('overview.bookEntry')}</Button>
      <Modal opened={opened} onClose={close} title={t('overview.bookEntry')} centered>
        {noAccounts ? (
          <NoAccountsHint entityName={entity?.entityName ?? ''} clientsBelow={clientsBelow} />
        ) : (
          <form onSubmit={form.onSubmit(send)} noValidate>
            <Stack>
              {types.length > 1 && (
                <SegmentedControl
                  aria-label={t('overview.type')}
                  data={types.map((x) => ({ value: x, label: t(`overview.types.${x}`) }))}
                  value={v.type}
                  onChange={(x) => {
                    setType(x as EntryType);
                    form.set({ type: x as EntryType });
                  }}
                />
              )}
              <Select {...form.choice('accountId')} onChange={pickAccount} searchable data={options} />
              {transfer && (
                <Select
                  {...form.choice('toAccountId')}
                  searchable
                  data={options.filter((o) => o.value !== v.accountId)}
                />
              )}
              <Select
                {...form.choice('asset')}
                searchable
                data={assets}
                nothingFoundMessage={t('forms.noAssetHeld')}
                description={
                  v.type !== 'DEPOSIT' && available !== undefined && scale !== undefined && v.asset
                    ? t('moneyRequest.available', { amount: formatDecimal(available, scale), asset: v.asset })
                    : undefined
                }
              />
              <TextInput {...form.text('amount')} inputMode="decimal" />
              <TextInput
                {...form.text('valueDate')}
                type="date"
                min={runtimeConfig.dateWindow.from}
                max={runtimeConfig.dateWindow.to}
              />
              <TextInput {...form.text('reference')} />
              {form.failure && (
                <Alert color="red" role="alert">
                  {form.failure}
                </Alert>
              )}
              <Button type="submit" loading={form.busy}>
                {t(`overview.bookAs.${v.type}`)}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}

/** No open account here to book on: where the accounts are (a client's), or how to get one. */
function NoAccountsHint({ entityName, clientsBelow }: { entityName: string; clientsBelow: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" title={t('overview.noAccountsTitle', { name: entityName })}>
      <Text size="sm">{t(clientsBelow ? 'overview.noAccountsBroker' : 'overview.noAccountsHint')}</Text>
    </Alert>
  );
}
