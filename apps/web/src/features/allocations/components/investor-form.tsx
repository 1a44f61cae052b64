import {
  type TAllocationGroup,
  type TAllocationInvestor,
  ZAllocationInvestorAdd,
  ZAllocationInvestorUpdate,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, useForm } from '../../../lib/use-form';
import { investorAccountsQuery } from '../api/allocations.queries';

type Values = { accountId: string; weight: string; priority: string };

/** '' is no priority; anything else is sent as typed, for the schema to judge. */
const priorityOf = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : v);

/**
 * An investor of a group: the account (of an Allocation Investor below the manager, added
 * only), its weight and its remainder priority. Changes apply to future allocations.
 */
export function InvestorForm({
  entityId,
  group,
  investor,
  onClose,
  onSave,
}: {
  entityId: number;
  group: TAllocationGroup;
  investor: TAllocationInvestor | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const accounts = useQuery({ ...investorAccountsQuery(group.entityId), enabled: !investor });
  const labels = {
    accountId: t('allocations.account'),
    weight: t('allocations.weight'),
    priority: t('allocations.priority'),
  };
  const form = useForm({
    initial: (): Values => ({
      accountId: investor ? String(investor.accountId) : '',
      weight: investor?.weight ?? '',
      priority: investor?.priority === null || !investor ? '' : String(investor.priority),
    }),
    labels,
    required: investor ? ['weight'] : ['accountId', 'weight'],
    check: (v: Values): Checked<Record<string, unknown>> =>
      investor
        ? checkForm(
            ZAllocationInvestorUpdate,
            {
              entityId,
              groupId: group.id,
              investorId: investor.id,
              weight: v.weight,
              priority: priorityOf(v.priority),
            },
            labels,
          )
        : checkForm(
            ZAllocationInvestorAdd,
            {
              entityId,
              groupId: group.id,
              accountId: v.accountId === '' ? undefined : Number(v.accountId),
              weight: v.weight,
              priority: priorityOf(v.priority),
            },
            labels,
          ),
  });
  const title = investor
    ? t('allocations.editInvestor', { name: investor.entityName })
    : t('allocations.addInvestorTo', { name: group.name });
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
          {investor ? (
            <TextInput
              label={labels.accountId}
              value={`${investor.accountName} · ${investor.entityName}`}
              readOnly
            />
          ) : (
            <Select
              {...form.choice('accountId')}
              searchable
              data={(accounts.data ?? []).map((a) => ({
                value: String(a.id),
                label: `${a.name} · ${a.entityName}`,
              }))}
            />
          )}
          <TextInput {...form.text('weight')} inputMode="decimal" />
          <TextInput
            {...form.text('priority')}
            inputMode="numeric"
            description={t('allocations.priorityHint')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('allocations.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {investor ? t('allocations.save') : t('allocations.addInvestor')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
