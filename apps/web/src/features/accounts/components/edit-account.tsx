import type { TAccount } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useDialogForm } from '../../../lib/use-form-submit';
import { useUpdateAccount } from '../api/accounts.mutations';

/** Renames or recodes an account, or closes (after confirming) or reopens it. */
export function EditAccount({ account, entityId }: { account: TAccount; entityId: number }) {
  const { t } = useTranslation();
  const update = useUpdateAccount(entityId, account.id);
  const { opened, start, close, form, setForm, errors, failure, busy, run } = useDialogForm(
    () => ({ accountName: account.name, accountCode: account.accountCode ?? '' }),
    update,
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const name = form.accountName.trim();
    if (await run(name ? {} : { accountName: t('accountsPage.name') }, { ...form, accountName: name })) {
      close();
      confirmSaved(t, 'account', 'updated');
    }
  }

  // Closing and reopening are not edits of the form: a toast tells them, not 'Account Updated'.
  const setActive = (active: boolean) =>
    update
      .mutateAsync({ active })
      .then(() =>
        showSuccessToast(t(active ? 'accountsPage.reopenedNote' : 'accountsPage.closedNote'), account.name),
      )
      .catch(showErrorToast);

  const toggle = () =>
    account.active
      ? modals.openConfirmModal({
          title: t('accountsPage.closeTitle', { name: account.name }),
          children: t('accountsPage.closeText'),
          labels: { confirm: t('accountsPage.close'), cancel: t('accountsPage.keep') },
          confirmProps: { color: 'red' },
          onConfirm: () => setActive(false),
        })
      : setActive(true);

  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="subtle" onClick={start}>
        {t('accountsPage.edit')}
      </Button>
      <Button size="xs" variant="subtle" color={account.active ? 'red' : 'teal'} onClick={toggle}>
        {account.active ? t('accountsPage.close') : t('accountsPage.reopen')}
      </Button>
      <Modal opened={opened} onClose={close} title={`${t('accountsPage.edit')}: ${account.name}`} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            {failure && <Alert color="red">{failure}</Alert>}
            <TextInput
              label={t('accountsPage.name')}
              withAsterisk
              value={form.accountName}
              onChange={(e) => setForm({ ...form, accountName: e.currentTarget.value })}
              error={errors.accountName}
            />
            <TextInput
              label={t('accountsPage.code')}
              value={form.accountCode}
              onChange={(e) => setForm({ ...form, accountCode: e.currentTarget.value })}
              error={errors.accountCode}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('accountsPage.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
