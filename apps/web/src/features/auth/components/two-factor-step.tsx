import { ZTwoFactorCode } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Anchor, Button, Code, Group, Image, PinInput, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { serverMessage } from '../../../lib/gateway';
import { useForm } from '../../../lib/use-form';
import { useStartTwoFactorSetup, useVerifyTwoFactor } from '../api/auth.mutations';

type Props = { mode: 'setup' | 'verify'; onDone: () => void };

/** The second factor: setup shows the QR code and secret first; both then ask for a code. */
export function TwoFactorStep({ mode, onDone }: Props) {
  const { t } = useTranslation();
  const setup = useStartTwoFactorSetup();
  const verify = useVerifyTwoFactor();
  const labels = { token: t('login.code') };
  const form = useForm({
    initial: () => ({ token: '' }),
    labels,
    required: ['token'],
    check: (v) => checkForm(ZTwoFactorCode, v, labels),
  });
  const start = setup.mutate;

  useEffect(() => {
    if (mode === 'setup') start();
  }, [mode, start]);

  const send = async (body: { token: string }) => {
    try {
      await verify.mutateAsync(body);
    } catch (err) {
      // A refused code is spent: the next try starts from an empty field.
      form.set({ token: '' });
      throw err;
    }
    onDone();
  };
  const problem = form.error('token') ?? form.failure ?? (setup.error ? serverMessage(setup.error) : null);

  return (
    <form onSubmit={form.onSubmit(send)} noValidate>
      <Stack>
        {mode === 'setup' && (
          <>
            <Text size="sm">{t('login.setupIntro')}</Text>
            {setup.data && (
              <Stack align="center" gap="xs">
                <Image src={setup.data.qrCode} alt={t('login.qrAlt')} w={180} h={180} />
                <Text size="xs" c="dimmed">
                  {t('login.secretLabel')}
                </Text>
                <Code data-testid="totp-secret">{setup.data.secret}</Code>
                <Group gap="xs">
                  {setup.data.authenticatorApps.map((app) => (
                    <Anchor key={app.name} href={app.url} target="_blank" rel="noreferrer" size="xs">
                      {app.name}
                    </Anchor>
                  ))}
                </Group>
              </Stack>
            )}
          </>
        )}
        {mode === 'verify' && <Text size="sm">{t('login.verifyIntro')}</Text>}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="totp-label">
            {t('login.code')}
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={form.values.token}
            onChange={(token) => form.set({ token })}
            error={Boolean(form.error('token'))}
            aria-labelledby="totp-label"
            autoFocus
          />
        </Stack>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={form.busy}>
          {t('login.verify')}
        </Button>
      </Stack>
    </form>
  );
}
