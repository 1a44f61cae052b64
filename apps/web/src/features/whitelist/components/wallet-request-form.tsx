import { ZWalletRequest } from '@clearway/contracts/endpoints/wallet.schemas';
import { WALLET_TYPES } from '@clearway/contracts/enums';
import { Alert, Button, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useRequestWallet } from '../api/whitelist.mutations';
import { networksQuery, vaspsQuery } from '../api/whitelist.queries';

const EMPTY = {
  network: '',
  address: '',
  tagMemo: '',
  friendlyName: '',
  digitalAssets: [] as string[],
  walletType: 'Unknown',
  vaspId: '',
};

/** Asks for a wallet to be whitelisted: a WALLET ADDRESS request for an approver. */
export function WalletRequestForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const networks = useQuery(networksQuery);
  const vasps = useQuery(vaspsQuery);
  const [form, setForm] = useState(EMPTY);
  const { errors, failure, busy, run } = useFormSubmit(useRequestWallet());
  const labels = {
    network: t('whitelist.network'),
    address: t('whitelist.address'),
    tagMemo: t('whitelist.tag'),
    digitalAssets: t('whitelist.assets'),
    friendlyName: t('whitelist.friendlyName'),
    walletType: t('whitelist.walletType'),
    vaspId: t('whitelist.vasp'),
  };
  const network = networks.data?.find((n) => n.code === form.network);
  const custodian = form.walletType === 'Regulated Custodian Wallet';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = {
      network: form.network,
      address: form.address,
      friendlyName: form.friendlyName,
      digitalAssets: form.digitalAssets,
      walletType: form.walletType,
      ...(form.tagMemo ? { tagMemo: form.tagMemo } : {}),
      ...(custodian && form.vaspId ? { vaspId: Number(form.vaspId) } : {}),
    };
    const { errors: invalid, body } = checkForm(ZWalletRequest, { entityId, ...input }, labels);
    await run(invalid, body, () => {
      showSuccessToast(t('whitelist.requested'), t('whitelist.requestedText'));
      setForm(EMPTY);
      onDone();
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Alert color="red">{failure}</Alert>}
        <Select
          label={t('whitelist.network')}
          data={(networks.data ?? []).map((n) => ({ value: n.code, label: n.name }))}
          value={form.network || null}
          onChange={(v) => setForm({ ...form, network: v ?? '', digitalAssets: [] })}
          error={errors.network}
          required
        />
        <TextInput
          label={t('whitelist.address')}
          value={form.address}
          onChange={(e) => setForm({ ...form, address: e.currentTarget.value.trim() })}
          error={errors.address}
          required
          ff="monospace"
        />
        {network?.tag === 'required' && (
          <TextInput
            label={t('whitelist.tag')}
            value={form.tagMemo}
            onChange={(e) => setForm({ ...form, tagMemo: e.currentTarget.value })}
            error={errors.tagMemo}
            required
          />
        )}
        <MultiSelect
          searchable
          label={t('whitelist.assets')}
          data={network?.assets ?? []}
          value={form.digitalAssets}
          onChange={(v) => setForm({ ...form, digitalAssets: v })}
          error={errors.digitalAssets}
          required
        />
        <TextInput
          label={t('whitelist.friendlyName')}
          value={form.friendlyName}
          onChange={(e) => setForm({ ...form, friendlyName: e.currentTarget.value })}
          error={errors.friendlyName}
          required
        />
        <Select
          label={t('whitelist.walletType')}
          data={['Unknown', ...WALLET_TYPES]}
          value={form.walletType}
          onChange={(v) => setForm({ ...form, walletType: v ?? 'Unknown' })}
          allowDeselect={false}
        />
        {custodian && (
          <Select
            label={t('whitelist.vasp')}
            data={(vasps.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
            value={form.vaspId || null}
            onChange={(v) => setForm({ ...form, vaspId: v ?? '' })}
            error={errors.vaspId}
            required
          />
        )}
        <Button type="submit" loading={busy}>
          {t('whitelist.submitRequest')}
        </Button>
      </Stack>
    </form>
  );
}
