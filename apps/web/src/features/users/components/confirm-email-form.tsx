import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../lib/toasts';
import { useConfirmEmail } from '../api/users.mutations';

/**
 * Confirms a changed e-mail address with the link's token: one press, so a mail scanner
 * that merely opens the link confirms nothing.
 */
export function ConfirmEmailForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    try {
      onDone((await confirm.mutateAsync({ token })).message);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('confirmEmail.failed'));
      showErrorToast(err);
    }
  };
  return (
    <Stack>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Text size="sm">{t('confirmEmail.text')}</Text>
      <Button onClick={send} loading={confirm.isPending} disabled={!token}>
        {t('confirmEmail.submit')}
      </Button>
    </Stack>
  );
}
