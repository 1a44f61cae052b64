import { type TWallet, ZWalletEdit } from '@clearway/contracts/endpoints/wallet.schemas';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useEditWallet } from '../api/whitelist.mutations';

/** Clients may change a wallet's friendly name and tag/memo themselves (section 6). */
export function WalletRename({
  wallet,
  entityId,
  onClose,
}: {
  wallet: TWallet | null;
  entityId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditWallet(entityId);
  const labels = { friendlyName: t('whitelist.friendlyName'), tagMemo: t('whitelist.tagMemo') };
  const form = useForm({
    initial: () => ({ friendlyName: wallet?.friendlyName ?? '', tagMemo: wallet?.tagMemo ?? '' }),
    labels,
    required: ['friendlyName'],
    check: (v) =>
      checkForm(
        ZWalletEdit.required({ friendlyName: true }),
        {
          entityId,
          walletId: wallet?.id,
          friendlyName: v.friendlyName,
          ...(wallet?.tagMemo !== null || v.tagMemo ? { tagMemo: v.tagMemo } : {}),
        },
        labels,
      ),
  });
  // Each wallet opened starts from its own name and tag.
  const [seen, setSeen] = useState<number | null>(null);
  if (wallet && seen !== wallet.id) {
    setSeen(wallet.id);
    form.reset({ friendlyName: wallet.friendlyName, tagMemo: wallet.tagMemo ?? '' });
  }

  const send = async ({
    entityId: _,
    ...body
  }: Parameters<typeof edit.mutateAsync>[0] & { entityId?: number }) => {
    await edit.mutateAsync(body);
    onClose();
  };

  return (
    <Modal opened={wallet !== null} onClose={onClose} title={t('whitelist.rename')}>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <TextInput {...form.text('friendlyName')} />
          <TextInput {...form.text('tagMemo')} />
          <Button type="submit" loading={form.busy}>
            {t('whitelist.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
