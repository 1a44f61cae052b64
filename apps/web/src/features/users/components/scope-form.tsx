import type { ScopeType } from '@clearway/contracts/authorization';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useCreateScope, useRightsPreview } from '../api/users.mutations';
import { groupsQuery, scopeTypesQuery } from '../api/users.queries';
import { RightsPreview } from './rights-preview';

/**
 * Binds a group to an entity (itself, its descendants, or both), previewed before saving.
 * `entities` are the ones the caller can see; scope types load only when `loadTypes`.
 */
export function ScopeForm({
  entityId,
  entities,
  loadTypes,
  onDone,
}: {
  entityId: number;
  entities: { value: string; label: string }[];
  loadTypes: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(entityId));
  const types = useQuery({ ...scopeTypesQuery, enabled: loadTypes });
  const [groupId, setGroupId] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(String(entityId));
  const [scopeType, setScopeType] = useState<string | null>('SELF');
  const preview = useRightsPreview();
  const create = useCreateScope();
  const body =
    groupId && target && scopeType
      ? { groupId: Number(groupId), entityId: Number(target), scopeType: scopeType as ScopeType }
      : null;
  const change = (f: (v: string | null) => void) => (v: string | null) => {
    f(v);
    preview.reset();
  };
  return (
    <Stack>
      <Select
        label={t('scopes.group')}
        searchable
        value={groupId}
        onChange={change(setGroupId)}
        data={((groups.data ?? []) as { id: number; name: string }[]).map((g) => ({
          value: String(g.id),
          label: g.name,
        }))}
      />
      <Select
        label={t('scopes.entity')}
        searchable
        value={target}
        onChange={change(setTarget)}
        data={entities}
      />
      <Select
        label={t('scopes.type')}
        value={scopeType}
        onChange={change(setScopeType)}
        data={(types.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
      />
      {preview.data && <RightsPreview preview={preview.data} />}
      <Group justify="flex-end">
        <Button
          variant="light"
          disabled={!body}
          loading={preview.isPending}
          onClick={() =>
            body &&
            preview
              .mutateAsync({ entityId, change: { kind: 'permission-scopes/create', body } })
              .catch(showErrorToast)
          }
        >
          {t('rights.preview')}
        </Button>
        <Button
          disabled={!body || !preview.data || Boolean(preview.data.refused)}
          loading={create.isPending}
          onClick={async () => {
            if (!body) return;
            try {
              await create.mutateAsync(body);
              showSuccessToast(t('scopes.created'), '');
              onDone();
            } catch (err) {
              showErrorToast(err);
            }
          }}
        >
          {t('scopes.create')}
        </Button>
      </Group>
    </Stack>
  );
}
