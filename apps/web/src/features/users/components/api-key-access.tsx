import type { TApiKeyView } from '@clearway/contracts/endpoints/api-keys.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useSetKeyDirect, useSetKeyGroups } from '../api/users.mutations';
import { groupsQuery } from '../api/users.queries';
import { EffectiveAccess } from './effective-access';
import { PermissionPicker } from './permission-picker';

/**
 * What a key may do: its groups and its direct permissions on the selected entity (for the
 * entity and those below it) — each change through the grant rule, so a key never holds a
 * key its administrator lacks — and the effective access that results.
 */
export function ApiKeyAccess({ entityId, apiKey }: { entityId: number; apiKey: TApiKeyView }) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(entityId));
  const setGroups = useSetKeyGroups();
  const setDirect = useSetKeyDirect();
  const [groupIds, setGroupIds] = useState(apiKey.groupIds.map(String));
  const [keys, setKeys] = useState<string[]>(apiKey.directPermissions.map((d) => d.key));
  const save = async () => {
    try {
      await setGroups.mutateAsync({ entityId, apiKeyId: apiKey.id, groupIds: groupIds.map(Number) });
      await setDirect.mutateAsync({
        entityId,
        apiKeyId: apiKey.id,
        permissions: keys.map((key) => ({ key: key as PermissionKey, scopeType: 'SELF_AND_DESCENDANTS' })),
      });
      showSuccessToast(t('apiKeys.accessSaved'), apiKey.name);
    } catch (err) {
      showErrorToast(err);
    }
  };
  return (
    <Stack>
      <MultiSelect
        label={t('groups.title')}
        searchable
        value={groupIds}
        onChange={setGroupIds}
        data={((groups.data ?? []) as { id: number; name: string }[]).map((g) => ({
          value: String(g.id),
          label: g.name,
        }))}
      />
      <PermissionPicker
        label={t('apiKeys.direct')}
        description={t('apiKeys.directHint')}
        value={keys}
        onChange={setKeys}
      />
      <Group justify="flex-end">
        <Button loading={setGroups.isPending || setDirect.isPending} onClick={save}>
          {t('rights.save')}
        </Button>
      </Group>
      <Text fw={600}>{t('users.effectiveAccess')}</Text>
      <EffectiveAccess entityId={entityId} principal={{ kind: 'apiKey', id: apiKey.id }} />
    </Stack>
  );
}
