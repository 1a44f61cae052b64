import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/**
 * The subjects with the spec's create/edit confirmation texts (section 2); each has its
 * texts under `confirmations.<subject>` so the wording stays word for word per language.
 */
export type ConfirmedSubject =
  | 'account'
  | 'instrument'
  | 'trade'
  | 'user'
  | 'role'
  | 'entity'
  | 'template'
  | 'allocationGroup';

/** The modal a successful create ('X Created') or edit ('X Updated') ends with. */
export function confirmSaved(t: TFunction, subject: ConfirmedSubject, outcome: 'created' | 'updated') {
  const id = modals.open({
    title: t(`confirmations.${subject}.${outcome}`),
    centered: true,
    children: (
      <Stack>
        <Text>{t(`confirmations.${subject}.${outcome}Text`)}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {t('confirmations.ok')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
