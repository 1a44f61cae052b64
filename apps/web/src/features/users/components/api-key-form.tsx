import { ZCreateApiKey } from '@clearway/contracts/endpoints/api-keys.schemas';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useCreateApiKey } from '../api/users.mutations';

/** A key always expires (at most a year ahead, the server says how far): 90 days unless changed. */
const DEFAULT_DAYS = 90;
const empty = () => ({
  name: '',
  expiresOn: new Date(Date.now() + DEFAULT_DAYS * 86_400_000).toISOString().slice(0, 10),
  allowedCidrs: '',
});
type Values = ReturnType<typeof empty>;
/** A refusal of one allow-list entry belongs under the one field they are typed in. */
const CIDR_FIELDS = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [`allowedCidrs.${i}`, 'allowedCidrs' as const]),
);

/** Issues a key on the selected entity; its secret is shown here once and never again. */
export function ApiKeyForm({ entityId, onDone }: { entityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const labels = {
    name: t('apiKeys.name'),
    expiresOn: t('apiKeys.expiresOn'),
    allowedCidrs: t('apiKeys.allowList'),
  };
  const form = useForm({
    initial: empty,
    labels,
    required: ['name', 'expiresOn'],
    fieldOf: CIDR_FIELDS,
    check: (v: Values) =>
      checkForm(
        ZCreateApiKey,
        {
          entityId,
          name: v.name,
          expiresOn: v.expiresOn,
          allowedCidrs: v.allowedCidrs
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        },
        labels,
      ),
  });
  if (secret)
    return (
      <Stack>
        <Alert color="yellow" title={t('apiKeys.onceTitle')}>
          {t('apiKeys.once')}
        </Alert>
        <Code block data-testid="api-key-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>{t('apiKeys.done')}</Button>
        </Group>
      </Stack>
    );
  return (
    <form
      onSubmit={form.onSubmit(async (body) => {
        setSecret((await create.mutateAsync(body)).key);
      })}
      noValidate
    >
      <Stack>
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextInput {...form.text('name')} />
        <TextInput {...form.text('expiresOn')} type="date" />
        <TextInput
          {...form.text('allowedCidrs')}
          placeholder="203.0.113.0/24, 127.0.0.1"
          description={t('apiKeys.allowListHint')}
        />
        <Text size="sm" c="dimmed">
          {t('apiKeys.noRights')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.busy}>
            {t('apiKeys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
