import {
  type TAllocationGroup,
  ZAllocationGroupCreate,
  ZAllocationGroupUpdate,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { ALLOCATION_GROUP_STATUSES, ALLOCATION_WEIGHTINGS } from '@clearway/contracts/enums';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, useForm } from '../../../lib/use-form';

type Values = { name: string; weighting: string; status: string };

/**
 * An allocation group's name and weighting (ratios, or percentages totalling 100); editing
 * also sets its status (active, suspended, closed). 'Create Allocation Group' / 'Save
 * Changes'; the caller shows the spec's confirmation.
 */
export function GroupForm({
  entityId,
  group,
  onClose,
  onSave,
}: {
  entityId: number;
  group: TAllocationGroup | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const labels = {
    name: t('allocations.name'),
    weighting: t('allocations.weighting'),
    status: t('allocations.status'),
  };
  const form = useForm({
    initial: (): Values => ({
      name: group?.name ?? '',
      weighting: group?.weighting ?? 'RATIO',
      status: group?.status ?? 'ACTIVE',
    }),
    labels,
    required: ['name', 'weighting'],
    check: (v: Values): Checked<Record<string, unknown>> =>
      group
        ? checkForm(
            ZAllocationGroupUpdate,
            { entityId, groupId: group.id, name: v.name, weighting: v.weighting, status: v.status },
            labels,
          )
        : checkForm(ZAllocationGroupCreate, { entityId, name: v.name, weighting: v.weighting }, labels),
  });
  const title = group ? t('allocations.edit', { name: group.name }) : t('allocations.create');
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (body) => {
          await onSave(body);
          onClose();
        })}
      >
        <Stack>
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <TextInput {...form.text('name')} />
          <Select
            {...form.choice('weighting')}
            data={ALLOCATION_WEIGHTINGS.map((w) => ({ value: w, label: t(`allocations.weightings.${w}`) }))}
          />
          {group && (
            <Select
              {...form.choice('status')}
              data={ALLOCATION_GROUP_STATUSES.map((s) => ({
                value: s,
                label: t(`allocations.statuses.${s}`),
              }))}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('allocations.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {group ? t('allocations.save') : t('allocations.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
