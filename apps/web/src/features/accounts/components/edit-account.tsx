import { type TAccount, ZUpdateAccount } from '@clearway/contracts/endpoints/money.schemas';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { checkForm } from '../../../lib/form-errors';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useUpdateAccount } from '../api/accounts.mutations';

/** Renames or recodes an account, or closes (after confirming) or reopens it. */
export function EditAccount({ account, entityId }: { account: TAccount; entityId: number }) {
  const { t } = useTranslation();
  const update = useUpdateAccount(entityId, account.id);
  const [opened, { open, close }] = useDisclosure(false);
  const labels = { accountName: t('accountsPage.name'), accountCode: t('accountsPage.code') };
  const form = useForm({
    initial: () => ({ accountName: account.name, accountCode: account.accountCode ?? '' }),
    labels,
    required: ['accountName'],
    check: (v) =>
      checkForm(
        ZUpdateAccount.required({ accountName: true }),
        { entityId, accountId: account.id, ...v },
        labels,
      ),
  });
  const start = () => {
    form.reset();
    open();
  };
  const send = async (body: { accountName?: string; accountCode?: string }) => {
    await update.mutateAsync({ accountName: body.accountName, accountCode: body.accountCode });
    close();
    confirmSaved(t, 'account', 'updated');
  };

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
        <form onSubmit={form.onSubmit(send)} noValidate>
          <Stack>
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <TextInput {...form.text('accountName')} />
            <TextInput {...form.text('accountCode')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.busy}>
                {t('accountsPage.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
