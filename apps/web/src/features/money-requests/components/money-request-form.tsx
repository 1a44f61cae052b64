import { BLOCKCHAIN_NETWORKS, NETWORK_CODES, networkCarries } from '@clearway/contracts/networks';
import { Alert, Button, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { balancesQuery, openAccountsQuery, relatedAccountsQuery } from '../../accounts/api/accounts.queries';
import { assetOptions, heldAssets, incomingAssets } from '../../accounts/api/asset-choices';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { bankInfoQuery, walletsQuery } from '../../whitelist/api/whitelist.queries';
import { useSubmitMoneyRequest, useUploadProof } from '../api/money-requests.mutations';
import { usableBankAccounts, usableWallets } from '../destinations';
import {
  checkDraft,
  DRAFT_FIELD_OF,
  emptyDraft,
  type MoneyRequestCall,
  type MoneyRequestDraft,
  type RequestMode,
} from '../money-request-draft';
import { ProofDropzone } from './proof-dropzone';

/**
 * A deposit, withdrawal or internal-transfer request: checked with the contract's schema of
 * its mode and kind; the assets narrowed to what the account holds (money going out) or the
 * configured transfer currencies (money coming in); the destination picker limited to usable
 * destinations; the amount checked against the asset's scale and (for outflows) the
 * available balance; an optional file proof.
 */
export function MoneyRequestForm({
  entityId,
  mode,
  withRelated = false,
}: {
  entityId: number;
  mode: RequestMode;
  /** Internal transfers may also go to related entities' accounts (staff who can see them). */
  withRelated?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const [proof, setProof] = useState<{ file: File | null; error: string | null }>({
    file: null,
    error: null,
  });
  const submit = useSubmitMoneyRequest(entityId);
  const upload = useUploadProof();
  const withdrawing = mode === 'withdrawal';
  const accounts = useQuery({ ...openAccountsQuery(entityId), enabled: opened });
  const related = useQuery({
    ...relatedAccountsQuery(entityId),
    enabled: opened && withRelated && mode === 'transfer',
  });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });
  const balances = useQuery({ ...balancesQuery(entityId), enabled: opened });
  const rows = balances.data ?? [];
  const scaleOf = (asset: string) => currencies.data?.find((c) => c.code === asset)?.scale;
  // Unknown until the balances have come: never shown (or checked against) as zero meanwhile.
  const availableIn = (accountId: string, asset: string) =>
    balances.data && accountId
      ? (rows.find((b) => String(b.accountId) === accountId && b.asset === asset)?.available ?? '0')
      : undefined;
  const labels = {
    accountId: t(mode === 'transfer' ? 'moneyRequest.fromAccount' : 'moneyRequest.account'),
    toAccountId: t('moneyRequest.toAccount'),
    asset: t('moneyRequest.asset'),
    destinationId: t('moneyRequest.destination'),
    network: t('moneyRequest.network'),
    transactionHash: t('moneyRequest.transactionHash'),
    amount: t('moneyRequest.amount'),
    reference: t('moneyRequest.reference'),
    memo: t('moneyRequest.memo'),
  };
  const form = useForm({
    initial: emptyDraft,
    labels,
    required: ['accountId', 'toAccountId', 'asset', 'destinationId', 'network', 'transactionHash', 'amount'],
    fieldOf: DRAFT_FIELD_OF,
    check: (d: MoneyRequestDraft) =>
      checkDraft(mode, d, entityId, {
        scale: scaleOf(d.asset),
        available: availableIn(d.accountId, d.asset),
        labels,
        exceedsMessage: (available) =>
          t('moneyRequest.exceedsAvailable', { available: formatDecimal(available, scaleOf(d.asset) ?? 2) }),
      }),
  });
  const d = form.values;
  const banks = useQuery({ ...bankInfoQuery(entityId), enabled: opened && withdrawing && d.kind === 'fiat' });
  const wallets = useQuery({
    ...walletsQuery(entityId),
    enabled: opened && withdrawing && d.kind === 'crypto',
  });

  const scale = scaleOf(d.asset);
  const available = availableIn(d.accountId, d.asset);
  const assetClass = mode === 'transfer' ? undefined : d.kind === 'fiat' ? 'FIAT' : 'CRYPTO';
  const accountId = d.accountId ? Number(d.accountId) : undefined;
  const codes = mode === 'deposit' ? incomingAssets(rows, accountId) : heldAssets(rows, accountId);
  const assets = assetOptions(codes, currencies.data ?? [], assetClass);
  const destinations =
    d.kind === 'fiat'
      ? usableBankAccounts(banks.data ?? [], d.asset).map((b) => ({
          value: String(b.id),
          label: `${b.bankName} · ${b.iban ?? b.accountNumber} (${b.beneficiaryName})`,
        }))
      : usableWallets(wallets.data ?? [], d.asset).map((w) => ({
          value: String(w.id),
          label: `${w.friendlyName} · ${w.network} ${w.address.slice(0, 10)}…`,
        }));

  const start = () => {
    setKey(crypto.randomUUID());
    setProof({ file: null, error: null });
    form.reset();
    open();
  };
  // Money going out is in an asset the account holds: another account drops an asset it lacks.
  const pickAccount = (value: string | null) => {
    const next = value ?? '';
    const keeps = mode === 'deposit' || heldAssets(rows, next ? Number(next) : undefined).includes(d.asset);
    form.set({ accountId: next, ...(keeps ? {} : { asset: '', destinationId: '' }) });
  };

  async function send(request: MoneyRequestCall) {
    // A refused proof blocks the submit; the dropzone already shows why.
    if (proof.error) return;
    const created = await submit.mutateAsync({ request, idempotencyKey: key });
    if (proof.file) await upload.mutateAsync({ request: created, file: proof.file }).catch(showErrorToast);
    showSuccessToast(t(`moneyRequest.sent.${mode}`), t('moneyRequest.sentText', { id: created.id }));
    close();
  }

  const accountOptions = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const ownTargets = accountOptions.filter((a) => a.value !== d.accountId);
  // With related entities' accounts, the list is grouped by entity, this one first.
  const targets = related.data?.length
    ? [
        { group: t('moneyRequest.thisEntity'), items: ownTargets },
        ...related.data.map((r) => ({
          group: r.entityName,
          items: r.accounts.map((a) => ({ value: String(a.id), label: `${a.name} · ${r.entityName}` })),
        })),
      ]
    : ownTargets;
  return (
    <>
      <Button variant={mode === 'withdrawal' ? 'filled' : 'default'} onClick={start}>
        {t(`moneyRequest.open.${mode}`)}
      </Button>
      <Modal opened={opened} onClose={close} title={t(`moneyRequest.open.${mode}`)} centered size="lg">
        <form onSubmit={form.onSubmit(send)} noValidate aria-label={t(`moneyRequest.open.${mode}`)}>
          <Stack>
            {mode !== 'transfer' && (
              <SegmentedControl
                data={[
                  { value: 'fiat', label: t('moneyRequest.fiat') },
                  { value: 'crypto', label: t('moneyRequest.crypto') },
                ]}
                value={d.kind}
                onChange={(v) =>
                  form.set({
                    kind: v as MoneyRequestDraft['kind'],
                    asset: '',
                    destinationId: '',
                    network: '',
                  })
                }
              />
            )}
            <Select {...form.choice('accountId')} onChange={pickAccount} searchable data={accountOptions} />
            <Select
              {...form.choice('asset')}
              onChange={(v) => form.set({ asset: v ?? '', destinationId: '' })}
              searchable
              data={assets}
              nothingFoundMessage={t('forms.noAssetHeld')}
            />
            {mode === 'transfer' && <Select {...form.choice('toAccountId')} data={targets} searchable />}
            {withdrawing && (
              <Select
                {...form.choice('destinationId')}
                data={destinations}
                nothingFoundMessage={t('moneyRequest.noDestination')}
                placeholder={d.asset && !destinations.length ? t('moneyRequest.noDestination') : undefined}
              />
            )}
            {mode === 'deposit' && d.kind === 'crypto' && (
              <>
                <Select
                  {...form.choice('network')}
                  onChange={(v) => form.set({ network: NETWORK_CODES.find((c) => c === v) ?? '' })}
                  data={BLOCKCHAIN_NETWORKS.filter((n) => !d.asset || networkCarries(n.code, d.asset)).map(
                    (n) => ({ value: n.code, label: n.name }),
                  )}
                />
                <TextInput {...form.text('transactionHash')} ff="monospace" />
              </>
            )}
            <TextInput
              {...form.text('amount')}
              inputMode="decimal"
              description={
                mode !== 'deposit' && scale !== undefined && available !== undefined && d.asset
                  ? t('moneyRequest.available', { amount: formatDecimal(available, scale), asset: d.asset })
                  : undefined
              }
            />
            {mode !== 'transfer' && <TextInput {...form.text('reference')} />}
            <TextInput {...form.text('memo')} />
            {mode !== 'transfer' && (
              <ProofDropzone
                file={proof.file}
                error={proof.error}
                onChange={(file, error) => setProof({ file, error })}
              />
            )}
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <Button type="submit" loading={form.busy}>
              {t('moneyRequest.submit')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
