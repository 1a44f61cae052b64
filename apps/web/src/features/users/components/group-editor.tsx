import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useRightsPreview, useSetGroupRoles, useUpdateGroup } from '../api/users.mutations';
import { apiKeysQuery, rolesQuery, userPickQuery } from '../api/users.queries';
import { RightsPreview } from './rights-preview';

type GroupRow = {
  id: number;
  name: string;
  roleIds: number[];
  members: { kind: 'user' | 'apiKey'; id: string }[];
};

const ref = (m: { kind: string; id: string }) => `${m.kind}:${m.id}`;

/**
 * A group's members and roles. 'Preview changes' shows, for each of the two changes, who
 * gains or loses which key where; 'Save Changes' applies them (each through the grant rule).
 */
export function GroupEditor({
  entityId,
  group,
  onDone,
}: {
  entityId: number;
  group: GroupRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const users = useQuery(userPickQuery(entityId));
  const keys = useQuery(apiKeysQuery(entityId));
  const roles = useQuery(rolesQuery(entityId));
  const [members, setMembers] = useState(group.members.map(ref));
  const [roleIds, setRoleIds] = useState(group.roleIds.map(String));
  const memberPreview = useRightsPreview();
  const rolePreview = useRightsPreview();
  const updateGroup = useUpdateGroup();
  const setRoles = useSetGroupRoles();
  const split = (kind: string) =>
    members.filter((m) => m.startsWith(`${kind}:`)).map((m) => m.slice(kind.length + 1));
  const reset = () => {
    memberPreview.reset();
    rolePreview.reset();
  };
  const previewed = memberPreview.data && rolePreview.data;
  const refused = memberPreview.data?.refused || rolePreview.data?.refused;
  return (
    <Stack>
      <MultiSelect
        label={t('groups.members')}
        searchable
        value={members}
        onChange={(v) => {
          setMembers(v);
          reset();
        }}
        data={[
          ...(users.data ?? []).map((u) => ({
            value: `user:${u.id}`,
            label: `${u.displayName} (${u.username})`,
          })),
          ...(keys.data ?? []).map((k) => ({
            value: `apiKey:${k.id}`,
            label: `${k.name} (key ${k.prefix})`,
          })),
          // Members this caller cannot list stay as they are.
          ...members
            .filter(
              (m) =>
                ![
                  ...(users.data ?? []).map((u) => `user:${u.id}`),
                  ...(keys.data ?? []).map((k) => `apiKey:${k.id}`),
                ].includes(m),
            )
            .map((m) => ({ value: m, label: m })),
        ]}
      />
      <MultiSelect
        label={t('groups.roles')}
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
      {memberPreview.data && (
        <>
          <Text fw={600}>{t('groups.membersEffect')}</Text>
          <RightsPreview preview={memberPreview.data} />
        </>
      )}
      {rolePreview.data && (
        <>
          <Text fw={600}>{t('groups.rolesEffect')}</Text>
          <RightsPreview preview={rolePreview.data} />
        </>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={memberPreview.isPending || rolePreview.isPending}
          onClick={async () => {
            try {
              await memberPreview.mutateAsync({
                entityId,
                change: {
                  kind: 'groups/update',
                  body: { groupId: group.id, userIds: split('user'), apiKeyIds: split('apiKey') },
                },
              });
              await rolePreview.mutateAsync({
                entityId,
                change: {
                  kind: 'groups/role/update',
                  body: { entityId, groupId: group.id, roleIds: roleIds.map(Number) },
                },
              });
            } catch (err) {
              showErrorToast(err);
            }
          }}
        >
          {t('rights.preview')}
        </Button>
        <Button
          disabled={!previewed || Boolean(refused)}
          loading={updateGroup.isPending || setRoles.isPending}
          onClick={async () => {
            try {
              const asRefs = members.map((m) => {
                const [kind, id] = m.split(':') as ['user' | 'apiKey', string];
                return { kind, id };
              });
              await updateGroup.mutateAsync({ entityId, groupId: group.id, members: asRefs });
              await setRoles.mutateAsync({ entityId, groupId: group.id, roleIds: roleIds.map(Number) });
              showSuccessToast(t('groups.saved'), group.name);
              onDone();
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
