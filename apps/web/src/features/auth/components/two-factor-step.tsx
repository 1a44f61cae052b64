import type { TTwoFactorSetup } from '@clearway/contracts/endpoints/auth.endpoints';
import { ZTwoFactorCode } from '@clearway/contracts/endpoints/auth.endpoints';
import { Alert, Anchor, Button, Code, Group, Image, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/form-errors';
import { serverMessage } from '../../../lib/gateway';
import { startTwoFactorSetup, verifyTwoFactor } from '../api/auth.calls';

type Props = { mode: 'setup' | 'verify'; onDone: () => void };

/** The second factor: setup shows the QR code and secret first; both then ask for a code. */
export function TwoFactorStep({ mode, onDone }: Props) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (mode !== 'setup') return;
    startTwoFactorSetup()
      .then(setSetup)
      .catch((e) => setError(serverMessage(e)));
  }, [mode]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(ZTwoFactorCode, { token: code }).token;
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor(code);
      onDone();
    } catch (err) {
      setError(serverMessage(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        {mode === 'setup' && (
          <>
            <Text size="sm">{t('login.setupIntro')}</Text>
            {setup && (
              <Stack align="center" gap="xs">
                <Image src={setup.qrCode} alt={t('login.qrAlt')} w={180} h={180} />
                <Text size="xs" c="dimmed">
                  {t('login.secretLabel')}
                </Text>
                <Code data-testid="totp-secret">{setup.secret}</Code>
                <Group gap="xs">
                  {setup.authenticatorApps.map((app) => (
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
            value={code}
            onChange={setCode}
            aria-labelledby="totp-label"
            autoFocus
          />
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          {t('login.verify')}
        </Button>
      </Stack>
    </form>
  );
}
