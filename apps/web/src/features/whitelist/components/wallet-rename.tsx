import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';
import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../lib/form-errors';
import { showErrorToast } from '../../../lib/toasts';
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
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [seen, setSeen] = useState<number | null>(null);
  if (wallet && seen !== wallet.id) {
    setSeen(wallet.id);
    setName(wallet.friendlyName);
    setTag(wallet.tagMemo ?? '');
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!wallet) return;
    try {
      await edit.mutateAsync({
        walletId: wallet.id,
        friendlyName: name,
        ...(wallet.tagMemo !== null || tag ? { tagMemo: tag } : {}),
      });
      onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      showErrorToast(err);
    }
  }

  return (
    <Modal opened={wallet !== null} onClose={onClose} title={t('whitelist.rename')}>
      <form onSubmit={save}>
        <Stack>
          <TextInput
            label={t('whitelist.friendlyName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.friendlyName}
            required
          />
          <TextInput
            label={t('whitelist.tagMemo')}
            value={tag}
            onChange={(e) => setTag(e.currentTarget.value)}
            error={errors.tagMemo}
          />
          <Button type="submit">{t('whitelist.save')}</Button>
        </Stack>
      </form>
    </Modal>
  );
}
