import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useAssignUser, useRightsPreview, useSetUserRoles } from '../api/users.mutations';
import { groupsQuery, rolesQuery } from '../api/users.queries';
import { RightsPreview } from './rights-preview';

type GroupRow = { id: number; name: string; members: { kind: string; id: string }[] };

/**
 * A user's groups and roles (on the selected entity and below it): the effect is previewed
 * (who gains or loses what — here, the user) before 'Save Changes'.
 */
export function UserAccessEditor({ entityId, user }: { entityId: number; user: TUserSummary }) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(entityId));
  const roles = useQuery(rolesQuery(entityId));
  const mine = ((groups.data ?? []) as GroupRow[])
    .filter((g) => g.members.some((m) => m.kind === 'user' && m.id === user.id))
    .map((g) => String(g.id));
  const [groupIds, setGroupIds] = useState<string[] | null>(null);
  const [roleIds, setRoleIds] = useState<string[]>(
    user.roles.filter((r) => r.entityId === entityId).map((r) => String(r.id)),
  );
  const groupPreview = useRightsPreview();
  const rolePreview = useRightsPreview();
  const assign = useAssignUser();
  const setRoles = useSetUserRoles();
  const chosenGroups = groupIds ?? mine;
  const reset = () => {
    groupPreview.reset();
    rolePreview.reset();
  };
  const refused = groupPreview.data?.refused || rolePreview.data?.refused;
  const roleBody = {
    userId: user.id,
    roleIds: roleIds.map(Number),
    scopeType: 'SELF_AND_DESCENDANTS' as const,
  };
  return (
    <Stack>
      <MultiSelect
        label={t('groups.title')}
        searchable
        value={chosenGroups}
        onChange={(v) => {
          setGroupIds(v);
          reset();
        }}
        data={((groups.data ?? []) as GroupRow[]).map((g) => ({ value: String(g.id), label: g.name }))}
      />
      <MultiSelect
        label={t('users.rolesHere')}
        searchable
        value={roleIds}
        onChange={(v) => {
          setRoleIds(v);
          reset();
        }}
        data={((roles.data ?? []) as { id: number; name: string }[]).map((r) => ({
          value: String(r.id),
          label: r.name,
        }))}
      />
      {groupPreview.data && rolePreview.data && (
        <>
          <Text fw={600}>{t('rights.previewTitle')}</Text>
          <RightsPreview
            preview={{
              changes: [...groupPreview.data.changes, ...rolePreview.data.changes],
              refused: groupPreview.data.refused ?? rolePreview.data.refused,
            }}
          />
        </>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={groupPreview.isPending || rolePreview.isPending}
          onClick={async () => {
            try {
              await groupPreview.mutateAsync({
                entityId,
                change: {
                  kind: 'user-management/assign',
                  body: { userId: user.id, groupIds: chosenGroups.map(Number) },
                },
              });
              await rolePreview.mutateAsync({
                entityId,
                change: { kind: 'user-management/roles/update', body: roleBody },
              });
            } catch (err) {
              showErrorToast(err);
            }
          }}
        >
          {t('rights.preview')}
        </Button>
        <Button
          disabled={!groupPreview.data || !rolePreview.data || Boolean(refused)}
          loading={assign.isPending || setRoles.isPending}
          onClick={async () => {
            try {
              await assign.mutateAsync({ entityId, userId: user.id, groupIds: chosenGroups.map(Number) });
              await setRoles.mutateAsync({
                entityId,
                userId: user.id,
                roles: roleBody.roleIds.map((roleId) => ({ roleId, scopeType: roleBody.scopeType })),
              });
              showSuccessToast(t('users.accessSaved'), user.displayName);
              reset();
            } catch (err) {
              showErrorToast(err);
            }
          }}
        >
          {t('rights.save')}
        </Button>
      </Group>
    </Stack>
  );
}
