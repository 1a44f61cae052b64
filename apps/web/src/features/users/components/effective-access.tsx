import { Badge, List, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { effectiveAccessQuery } from '../api/users.queries';

/** What a user or key may do on each entity, and what gives each key. */
export function EffectiveAccess({
  entityId,
  principal,
}: {
  entityId: number;
  principal: { kind: 'user' | 'apiKey'; id: string };
}) {
  const { t } = useTranslation();
  const access = useQuery(effectiveAccessQuery(entityId, principal));
  if (access.isPending) return <Text c="dimmed">{t('users.loading')}</Text>;
  if (access.isError) return <Text c="red">{t('users.accessFailed')}</Text>;
  return (
    <Stack>
      {access.data.map((e) => (
        <Stack key={e.entityId} gap="xs">
          <Text fw={600}>{e.entityName}</Text>
          {e.permissions.length === 0 ? (
            <Text c="dimmed">{t('users.noAccess')}</Text>
          ) : (
            <Table aria-label={t('users.accessOn', { name: e.entityName })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.key')}</Table.Th>
                  <Table.Th>{t('users.appliesTo')}</Table.Th>
                  <Table.Th>{t('users.because')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {e.permissions.map((p) => (
                  <Table.Tr key={`${p.key}-${p.child}`}>
                    <Table.Td ff="monospace">{p.key}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={p.child ? 'grape' : 'blue'}>
                        {p.child ? t('users.childEntities') : t('users.thisEntity')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <List size="sm">
                        {p.sources.map((s) => (
                          <List.Item key={s.label}>{s.label}</List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
