import type { PermissionKey } from '@clearway/contracts/permissions';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { showErrorToast } from '../../../lib/toasts';
import { useRightsPreview, useUpdateRole } from '../api/users.mutations';
import { PermissionPicker } from './permission-picker';
import { RightsPreview } from './rights-preview';

/** Edits a role's keys: 'Preview changes' shows who gains or loses what before 'Save Changes'. */
export function RoleEditor({
  entityId,
  role,
  onDone,
}: {
  entityId: number;
  role: { id: number; name: string; permissions: PermissionKey[] };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<string[]>(role.permissions);
  const preview = useRightsPreview();
  const update = useUpdateRole();
  const body = { entityId, roleId: role.id, permissions: keys as PermissionKey[] };
  return (
    <Stack>
      <PermissionPicker
        label={t('rights.keys')}
        value={keys}
        onChange={(v) => {
          setKeys(v);
          preview.reset();
        }}
      />
      {preview.data && <RightsPreview preview={preview.data} />}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={preview.isPending}
          disabled={keys.length === 0}
          onClick={() =>
            preview
              .mutateAsync({ entityId, change: { kind: 'roles/update', body } })
              .catch((err) => showErrorToast(err))
          }
        >
          {t('rights.preview')}
        </Button>
        <Button
          disabled={!preview.data || Boolean(preview.data.refused)}
          loading={update.isPending}
          onClick={async () => {
            try {
              await update.mutateAsync(body);
              onDone();
              confirmSaved(t, 'role', 'updated');
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
