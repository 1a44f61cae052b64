import { ZWalletRequest } from '@clearway/contracts/endpoints/wallet.schemas';
import { WALLET_TYPE_UNKNOWN, WALLET_TYPES } from '@clearway/contracts/enums';
import { WALLET_TYPE_LABELS } from '@clearway/contracts/request-types/whitelist-request-types';
import { Alert, Button, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useRequestWallet } from '../api/whitelist.mutations';
import { networksQuery, vaspsQuery } from '../api/whitelist.queries';

const EMPTY = {
  network: '',
  address: '',
  tagMemo: '',
  friendlyName: '',
  digitalAssets: [] as string[],
  walletType: WALLET_TYPE_UNKNOWN as string,
  vaspId: '',
};
type Values = typeof EMPTY;

const CUSTODIAN = 'Regulated Custodian Wallet';

/**
 * Asks for a wallet to be whitelisted: a WALLET ADDRESS request for an approver. The
 * address is checked by the server with its network's own checksum; its refusal is shown on
 * the address field.
 */
export function WalletRequestForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const networks = useQuery(networksQuery);
  const vasps = useQuery(vaspsQuery);
  const request = useRequestWallet();
  const labels = {
    network: t('whitelist.network'),
    address: t('whitelist.address'),
    tagMemo: t('whitelist.tag'),
    digitalAssets: t('whitelist.assets'),
    friendlyName: t('whitelist.friendlyName'),
    walletType: t('whitelist.walletType'),
    vaspId: t('whitelist.vasp'),
  };
  const form = useForm({
    initial: () => EMPTY,
    labels,
    required: ['network', 'address', 'tagMemo', 'digitalAssets', 'friendlyName', 'vaspId'],
    check: (v: Values) => {
      const checked = checkForm(
        ZWalletRequest,
        {
          entityId,
          network: v.network || undefined,
          address: v.address,
          friendlyName: v.friendlyName,
          digitalAssets: v.digitalAssets,
          walletType: v.walletType,
          ...(v.tagMemo ? { tagMemo: v.tagMemo } : {}),
          ...(v.walletType === CUSTODIAN && v.vaspId ? { vaspId: Number(v.vaspId) } : {}),
        },
        labels,
      );
      // A regulated custodian wallet names its VASP (the server's rule, told before it is asked).
      if (v.walletType !== CUSTODIAN || v.vaspId) return checked;
      return { errors: { ...checked.errors, vaspId: t('forms.required', { label: labels.vaspId }) } };
    },
  });
  const v = form.values;
  const network = networks.data?.find((n) => n.code === v.network);

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
        <Select
          {...form.choice('network')}
          onChange={(x) => form.set({ network: x ?? '', digitalAssets: [] })}
          data={(networks.data ?? []).map((n) => ({ value: n.code, label: n.name }))}
        />
        <TextInput
          {...form.text('address')}
          onChange={(e) => form.set({ address: e.currentTarget.value.trim() })}
          ff="monospace"
        />
        {network?.tag === 'required' && <TextInput {...form.text('tagMemo')} />}
        <MultiSelect {...form.choices('digitalAssets')} searchable data={network?.assets ?? []} />
        <TextInput {...form.text('friendlyName')} />
        <Select
          {...form.choice('walletType')}
          data={([WALLET_TYPE_UNKNOWN, ...WALLET_TYPES] as const).map((x) => ({
            value: x,
            label: WALLET_TYPE_LABELS[x],
          }))}
          description={t('whitelist.walletTypeHint')}
          allowDeselect={false}
        />
        {v.walletType === CUSTODIAN && (
          <Select
            {...form.choice('vaspId')}
            data={(vasps.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          />
        )}
        <Button type="submit" loading={form.busy}>
          {t('whitelist.submitRequest')}
        </Button>
      </Stack>
    </form>
  );
}
