import { ZUserTwoFactor } from '@clearway/contracts/endpoints/users.schemas';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useResetTwoFactor } from '../api/users.mutations';

/**
 * Support resets a user's 2FA with the reason it is done (kept in the audit trail); the
 * user's sessions and bearer tokens end at once.
 */
export function ResetTwoFactorForm({
  entityId,
  userId,
  onDone,
}: {
  entityId: number;
  userId: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  const labels = { reason: t('users.reset2faReason') };
  const form = useForm({
    initial: () => ({ reason: '' }),
    labels,
    required: ['reason'],
    check: (v: { reason: string }) =>
      checkForm(ZUserTwoFactor, { entityId, userId, action: 'reset' as const, reason: v.reason }, labels),
  });
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        onDone((await reset.mutateAsync(body)).message);
      })}
      noValidate
    >
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <Text size="sm">{t('users.reset2faEnds')}</Text>
        <Textarea {...form.text('reason')} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={form.busy}>
            {t('users.reset2fa')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
