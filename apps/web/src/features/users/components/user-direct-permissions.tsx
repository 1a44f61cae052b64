import { SCOPE_TYPE_LABELS, SCOPE_TYPES, type ScopeType } from '@clearway/contracts/authorization';
import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import type { PermissionKey } from '@clearway/contracts/permissions';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useCreateDirect, useDeleteDirect, useRightsPreview } from '../api/users.mutations';
import { grantableChoices, type HeldKeys } from './grantable-keys';
import { RightsPreview } from './rights-preview';

type Pending =
  | { kind: 'grant'; key: PermissionKey; scopeType: ScopeType }
  | { kind: 'revoke'; id: number; entityId: number; key: string };

/**
 * A user's direct permissions: each with its entity and scope, revocable; a new one granted
 * on the selected entity. Only keys the administrator holds there are offered, and every
 * change shows its effect (the server's preview) before it is saved.
 */
export function UserDirectPermissions({
  entityId,
  user,
  held,
}: {
  entityId: number;
  user: TUserSummary;
  held: HeldKeys;
}) {
  const { t } = useTranslation();
  const [scopeType, setScopeType] = useState<ScopeType>('SELF_AND_DESCENDANTS');
  const [key, setKey] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const preview = useRightsPreview();
  const create = useCreateDirect();
  const remove = useDeleteDirect();
  const choices = grantableChoices(held, scopeType);

  const ask = async (p: Pending) => {
    setPending(p);
    try {
      await preview.mutateAsync({
        entityId,
        change:
          p.kind === 'grant'
            ? {
                kind: 'direct-permissions/create',
                body: {
                  principalKind: 'user',
                  principalId: user.id,
                  entityId,
                  permission: p.key,
                  scopeType: p.scopeType,
                },
              }
            : { kind: 'direct-permissions/delete', body: { id: p.id, entityId: p.entityId } },
      });
    } catch (err) {
      showErrorToast(err);
    }
  };
  const cancel = () => {
    setPending(null);
    preview.reset();
  };
  const save = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'grant') {
        await create.mutateAsync({
          principal: { kind: 'user', id: user.id },
          entityId,
          permission: pending.key,
          scopeType: pending.scopeType,
        });
        showSuccessToast(t('direct.granted'), `${pending.key} · ${user.displayName}`);
        setKey(null);
      } else {
        await remove.mutateAsync({ id: pending.id, entityId: pending.entityId });
        showSuccessToast(t('direct.revoked'), `${pending.key} · ${user.displayName}`);
      }
      cancel();
    } catch (err) {
      showErrorToast(err);
    }
  };

  return (
    <Stack>
      {user.directPermissions.length === 0 ? (
        <Text c="dimmed">{t('direct.none')}</Text>
      ) : (
        <Table aria-label={t('direct.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rights.key')}</Table.Th>
              <Table.Th>{t('rights.where')}</Table.Th>
              <Table.Th>{t('direct.scope')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.directPermissions.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td ff="monospace">{d.key}</Table.Td>
                <Table.Td>{d.entityName}</Table.Td>
                <Table.Td>{SCOPE_TYPE_LABELS[d.scopeType]}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('direct.revokeOf', { key: d.key })}
                    onClick={() => ask({ kind: 'revoke', id: d.id, entityId: d.entityId, key: d.key })}
                  >
                    {t('direct.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="end">
        <Select
          label={t('direct.scope')}
          value={scopeType}
          allowDeselect={false}
          onChange={(v) => {
            setScopeType((v ?? 'SELF_AND_DESCENDANTS') as ScopeType);
            setKey(null);
            cancel();
          }}
          data={SCOPE_TYPES.map((s) => ({ value: s, label: SCOPE_TYPE_LABELS[s] }))}
        />
        <Select
          label={t('direct.key')}
          description={t('direct.keyHint')}
          searchable
          placeholder={choices.length ? undefined : t('direct.nothingToGrant')}
          disabled={choices.length === 0}
          value={key}
          onChange={(v) => {
            setKey(v);
            cancel();
          }}
          data={choices}
        />
        <Button
          variant="light"
          disabled={!key}
          loading={preview.isPending && pending?.kind === 'grant'}
          onClick={() => key && ask({ kind: 'grant', key: key as PermissionKey, scopeType })}
        >
          {t('rights.preview')}
        </Button>
      </Group>
      {pending && preview.data && (
        <Stack gap="xs">
          <Text fw={600}>
            {pending.kind === 'grant'
              ? t('direct.grantTitle', { key: pending.key })
              : t('direct.revokeTitle', { key: pending.key })}
          </Text>
          <RightsPreview preview={preview.data} />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {t('users.cancel')}
            </Button>
            <Button
              color={pending.kind === 'revoke' ? 'red' : undefined}
              disabled={Boolean(preview.data.refused)}
              loading={create.isPending || remove.isPending}
              onClick={save}
            >
              {pending.kind === 'grant' ? t('direct.grant') : t('direct.revoke')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
