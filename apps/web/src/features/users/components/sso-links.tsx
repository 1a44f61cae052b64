import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../lib/toasts';
import { useCreateSsoLink, useDeleteSsoLink } from '../api/users.mutations';

/** The external identities that sign this user in (issuer + subject; Entra: `ms-entra` + object id). */
export function SsoLinks({ entityId, user }: { entityId: number; user: TUserSummary }) {
  const { t } = useTranslation();
  const create = useCreateSsoLink();
  const remove = useDeleteSsoLink();
  const [issuer, setIssuer] = useState('');
  const [subject, setSubject] = useState('');
  const links = user.ssoLinks ?? [];
  return (
    <Stack>
      {links.length === 0 ? (
        <Text c="dimmed">{t('sso.none')}</Text>
      ) : (
        <Table aria-label={t('sso.title')}>
          <Table.Tbody>
            {links.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.issuer}</Table.Td>
                <Table.Td ff="monospace">{l.subject}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutateAsync({ entityId, id: l.id }).catch(showErrorToast)}
                  >
                    {t('sso.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="end">
        <TextInput
          label={t('sso.issuer')}
          placeholder="ms-entra"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
        />
        <TextInput
          label={t('sso.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Button
          disabled={!issuer || !subject}
          loading={create.isPending}
          onClick={() =>
            create
              .mutateAsync({ entityId, userId: user.id, issuer, subject })
              .then(() => {
                setIssuer('');
                setSubject('');
              })
              .catch(showErrorToast)
          }
        >
          {t('sso.add')}
        </Button>
      </Group>
    </Stack>
  );
}
