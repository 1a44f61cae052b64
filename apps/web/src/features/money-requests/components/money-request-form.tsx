import { amountProblem, exceeds } from '@clearway/contracts/amounts';
import { BLOCKCHAIN_NETWORKS, NETWORK_CODES, networkCarries } from '@clearway/contracts/networks';
import { Button, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { balancesQuery, openAccountsQuery, relatedAccountsQuery } from '../../accounts/api/accounts.queries';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { bankInfoQuery, walletsQuery } from '../../whitelist/api/whitelist.queries';
import { useSubmitMoneyRequest, useUploadProof } from '../api/money-requests.mutations';
import { usableBankAccounts, usableWallets } from '../destinations';
import { emptyDraft, type MoneyRequestDraft, type RequestMode } from '../money-request-draft';
import { ProofDropzone } from './proof-dropzone';

/**
 * A deposit, withdrawal or internal-transfer request: the available balance shown, the
 * destination picker limited to usable destinations, the amount checked against the
 * asset's scale and (for outflows) the available balance, and an optional file proof.
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
  const [d, setD] = useState<MoneyRequestDraft>(emptyDraft);
  const [proof, setProof] = useState<{ file: File | null; error: string | null }>({
    file: null,
    error: null,
  });
  const { errors, failure, busy, run, reset } = useFormSubmit(useSubmitMoneyRequest(entityId, mode));
  const upload = useUploadProof();
  const withdrawing = mode === 'withdrawal';
  const accounts = useQuery({ ...openAccountsQuery(entityId), enabled: opened });
  const related = useQuery({
    ...relatedAccountsQuery(entityId),
    enabled: opened && withRelated && mode === 'transfer',
  });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });
  const balances = useQuery({ ...balancesQuery(entityId), enabled: opened });
  const banks = useQuery({ ...bankInfoQuery(entityId), enabled: opened && withdrawing && d.kind === 'fiat' });
  const wallets = useQuery({
    ...walletsQuery(entityId),
    enabled: opened && withdrawing && d.kind === 'crypto',
  });

  const set = (patch: Partial<MoneyRequestDraft>) => setD((prev) => ({ ...prev, ...patch }));
  const currency = currencies.data?.find((c) => c.code === d.asset);
  const assetClass = d.kind === 'fiat' ? 'FIAT' : 'CRYPTO';
  const assets = (currencies.data ?? []).filter((c) => mode === 'transfer' || c.assetClass === assetClass);
  // Unknown until the balances have come: never shown (or checked against) as zero meanwhile.
  const available = balances.data
    ? (balances.data.find((b) => String(b.accountId) === d.accountId && b.asset === d.asset)?.available ??
      '0')
    : null;
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

  function problems(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!d.accountId) e.accountId = t('moneyRequest.pickAccount');
    if (!d.asset) e.asset = t('moneyRequest.pickAsset');
    const amount = currency ? amountProblem(d.amount.trim(), currency.scale) : null;
    if (amount) e.amount = amount;
    else if (mode !== 'deposit' && currency && available !== null && exceeds(d.amount.trim(), available))
      e.amount = t('moneyRequest.exceedsAvailable', { available: formatDecimal(available, currency.scale) });
    if (withdrawing && !d.destinationId) e.destinationId = t('moneyRequest.pickDestination');
    if (mode === 'transfer' && !d.toAccountId) e.toAccountId = t('moneyRequest.pickAccount');
    if (mode === 'deposit' && d.kind === 'crypto') {
      if (!d.network) e.network = t('moneyRequest.pickNetwork');
      if (d.transactionHash.trim().length < 10) e.transactionHash = t('moneyRequest.enterHash');
    }
    return e;
  }

  const start = () => {
    setKey(crypto.randomUUID());
    setD(emptyDraft());
    setProof({ file: null, error: null });
    reset();
    open();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // A refused proof blocks the submit; the dropzone already shows why.
    await run(
      { ...problems(), ...(proof.error ? { proof: proof.error } : {}) },
      { draft: d, idempotencyKey: key },
      async (created) => {
        const file = proof.file;
        if (file) await upload.mutateAsync({ request: created, file }).catch(showErrorToast);
        showSuccessToast(t(`moneyRequest.sent.${mode}`), t('moneyRequest.sentText', { id: created.id }));
        close();
      },
    );
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
        <form onSubmit={submit} noValidate aria-label={t(`moneyRequest.open.${mode}`)}>
          <Stack>
            {mode !== 'transfer' && (
              <SegmentedControl
                data={[
                  { value: 'fiat', label: t('moneyRequest.fiat') },
                  { value: 'crypto', label: t('moneyRequest.crypto') },
                ]}
                value={d.kind}
                onChange={(v) => set({ kind: v as MoneyRequestDraft['kind'], asset: '', destinationId: '' })}
              />
            )}
            <Select
              label={t(mode === 'transfer' ? 'moneyRequest.fromAccount' : 'moneyRequest.account')}
              searchable
              data={accountOptions}
              value={d.accountId || null}
              onChange={(v) => set({ accountId: v ?? '' })}
              error={errors.accountId ?? errors.fromAccountId}
              required
            />
            <Select
              label={t('moneyRequest.asset')}
              searchable
              data={assets.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
              value={d.asset || null}
              onChange={(v) => set({ asset: v ?? '', destinationId: '' })}
              error={errors.asset}
              required
            />
            {mode === 'transfer' && (
              <Select
                label={t('moneyRequest.toAccount')}
                data={targets}
                searchable
                value={d.toAccountId || null}
                onChange={(v) => set({ toAccountId: v ?? '' })}
                error={errors.toAccountId}
                required
              />
            )}
            {withdrawing && (
              <Select
                label={t('moneyRequest.destination')}
                data={destinations}
                value={d.destinationId || null}
                onChange={(v) => set({ destinationId: v ?? '' })}
                error={errors.destinationId ?? errors.bankInfoId ?? errors.walletId}
                nothingFoundMessage={t('moneyRequest.noDestination')}
                placeholder={d.asset && !destinations.length ? t('moneyRequest.noDestination') : undefined}
                required
              />
            )}
            {mode === 'deposit' && d.kind === 'crypto' && (
              <>
                <Select
                  label={t('moneyRequest.network')}
                  data={BLOCKCHAIN_NETWORKS.filter((n) => !d.asset || networkCarries(n.code, d.asset)).map(
                    (n) => ({ value: n.code, label: n.name }),
                  )}
                  value={d.network || null}
                  onChange={(v) => set({ network: NETWORK_CODES.find((c) => c === v) ?? '' })}
                  error={errors.network}
                  required
                />
                <TextInput
                  label={t('moneyRequest.transactionHash')}
                  ff="monospace"
                  value={d.transactionHash}
                  onChange={(e) => set({ transactionHash: e.currentTarget.value })}
                  error={errors.transactionHash}
                  required
                />
              </>
            )}
            <TextInput
              label={t('moneyRequest.amount')}
              inputMode="decimal"
              value={d.amount}
              onChange={(e) => set({ amount: e.currentTarget.value })}
              error={errors.amount}
              description={
                mode !== 'deposit' && currency && d.accountId && available !== null
                  ? t('moneyRequest.available', {
                      amount: formatDecimal(available, currency.scale),
                      asset: currency.code,
                    })
                  : undefined
              }
              required
            />
            {mode !== 'transfer' && (
              <TextInput
                label={t('moneyRequest.reference')}
                value={d.reference}
                onChange={(e) => set({ reference: e.currentTarget.value })}
                error={errors.reference}
              />
            )}
            <TextInput
              label={t('moneyRequest.memo')}
              value={d.memo}
              onChange={(e) => set({ memo: e.currentTarget.value })}
              error={errors.memo}
            />
            {mode !== 'transfer' && (
              <ProofDropzone
                file={proof.file}
                error={proof.error}
                onChange={(file, error) => setProof({ file, error })}
              />
            )}
            {failure && !Object.keys(errors).length && (
              <Text c="red" size="sm" role="alert">
                {failure}
              </Text>
            )}
            <Button type="submit" loading={busy}>
              {t('moneyRequest.submit')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
