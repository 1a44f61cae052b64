import type { TApiKeyView } from '@clearway/contracts/endpoints/api-keys.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useRightsPreview, useSetKeyDirect, useSetKeyGroups, useSetKeyRoles } from '../api/users.mutations';
import { groupsQuery, rolesQuery } from '../api/users.queries';
import { EffectiveAccess } from './effective-access';
import { grantableChoices, type HeldKeys } from './grantable-keys';
import { RightsPreview } from './rights-preview';

const SCOPE = 'SELF_AND_DESCENDANTS' as const;

/**
 * What a key may do: its groups, its roles and its direct permissions on the selected
 * entity (for the entity and those below it) — each change through the grant rule, so a
 * key never holds a key its administrator lacks (only keys the administrator holds are
 * offered) — previewed before 'Save Changes', and the effective access that results.
 */
export function ApiKeyAccess({
  entityId,
  apiKey,
  held,
}: {
  entityId: number;
  apiKey: TApiKeyView;
  held: HeldKeys;
}) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(entityId));
  const roles = useQuery(rolesQuery(entityId));
  const setGroups = useSetKeyGroups();
  const setRoles = useSetKeyRoles();
  const setDirect = useSetKeyDirect();
  const previews = [useRightsPreview(), useRightsPreview(), useRightsPreview()] as const;
  const [groupIds, setGroupIds] = useState(apiKey.groupIds.map(String));
  const [roleIds, setRoleIds] = useState(apiKey.roles.map((r) => String(r.roleId)));
  const [keys, setKeys] = useState<string[]>(apiKey.directPermissions.map((d) => d.key));
  const changed = () => {
    for (const p of previews) p.reset();
  };
  const bodies = () => ({
    groups: { apiKeyId: apiKey.id, groupIds: groupIds.map(Number) },
    roles: { apiKeyId: apiKey.id, roles: roleIds.map((id) => ({ roleId: Number(id), scopeType: SCOPE })) },
    direct: {
      apiKeyId: apiKey.id,
      permissions: keys.map((key) => ({ key: key as PermissionKey, scopeType: SCOPE })),
    },
  });
  const preview = async () => {
    const b = bodies();
    try {
      await previews[0].mutateAsync({ entityId, change: { kind: 'api-keys/groups', body: b.groups } });
      await previews[1].mutateAsync({
        entityId,
        change: {
          kind: 'api-keys/roles',
          body: { apiKeyId: apiKey.id, roleIds: roleIds.map(Number), scopeType: SCOPE },
        },
      });
      await previews[2].mutateAsync({
        entityId,
        change: { kind: 'api-keys/direct-permissions', body: b.direct },
      });
    } catch (err) {
      showErrorToast(err);
    }
  };
  const results = previews.map((p) => p.data);
  const ready = results.every(Boolean);
  const combined = ready
    ? {
        changes: results.flatMap((r) => r?.changes ?? []),
        refused: results.find((r) => r?.refused)?.refused ?? null,
      }
    : null;
  const save = async () => {
    const b = bodies();
    try {
      await setGroups.mutateAsync({ entityId, ...b.groups });
      await setRoles.mutateAsync({ entityId, ...b.roles });
      await setDirect.mutateAsync({ entityId, ...b.direct });
      showSuccessToast(t('apiKeys.accessSaved'), apiKey.name);
      changed();
    } catch (err) {
      showErrorToast(err);
    }
  };
  // A key already holds what was granted before; keep it offered so it can be kept or removed.
  const offered = grantableChoices(held, SCOPE);
  const extra = keys.filter((k) => !offered.some((g) => g.items.some((i) => i.value === k)));
  return (
    <Stack>
      <MultiSelect
        label={t('groups.title')}
        searchable
        value={groupIds}
        onChange={(v) => {
          setGroupIds(v);
          changed();
        }}
        data={((groups.data ?? []) as { id: number; name: string }[]).map((g) => ({
          value: String(g.id),
          label: g.name,
        }))}
      />
      <MultiSelect
        label={t('apiKeys.roles')}
        description={t('apiKeys.directHint')}
        searchable
        value={roleIds}
        onChange={(v) => {
          setRoleIds(v);
          changed();
        }}
        data={((roles.data ?? []) as { id: number; name: string }[]).map((r) => ({
          value: String(r.id),
          label: r.name,
        }))}
      />
      <MultiSelect
        label={t('apiKeys.direct')}
        description={t('apiKeys.directHint')}
        searchable
        value={keys}
        onChange={(v) => {
          setKeys(v);
          changed();
        }}
        data={[
          ...offered,
          ...(extra.length
            ? [{ group: t('apiKeys.heldAlready'), items: extra.map((k) => ({ value: k, label: k })) }]
            : []),
        ]}
      />
      {combined && (
        <>
          <Text fw={600}>{t('rights.previewTitle')}</Text>
          <RightsPreview preview={combined} />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="light" loading={previews.some((p) => p.isPending)} onClick={preview}>
          {t('rights.preview')}
        </Button>
        <Button
          disabled={!combined || Boolean(combined.refused)}
          loading={setGroups.isPending || setRoles.isPending || setDirect.isPending}
          onClick={save}
        >
          {t('rights.save')}
        </Button>
      </Group>
      <Text fw={600}>{t('users.effectiveAccess')}</Text>
      <EffectiveAccess entityId={entityId} principal={{ kind: 'apiKey', id: apiKey.id }} />
    </Stack>
  );
}
