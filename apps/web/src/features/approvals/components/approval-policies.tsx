import { MAX_APPROVERS, type TApprovalPolicy } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestType } from '@clearway/contracts/enums';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSetApprovalPolicy } from '../api/approvals.mutations';
import { approverGroupsQuery, policiesQuery } from '../api/approvals.queries';

/**
 * Staff with authorization_management set how many distinct approvers each request type
 * needs at the selected entity (and below it, unless an entity nearer sets its own).
 */
export function ApprovalPolicies({ entityId, types }: { entityId: number; types: readonly RequestType[] }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const policies = useQuery({ ...policiesQuery(entityId), enabled: opened });
  const shown = useMemo(
    () => policies.data?.filter((p) => types.includes(p.requestType)),
    [policies.data, types],
  );

  const columns: Column<TApprovalPolicy>[] = [
    {
      id: 'type',
      header: t('policies.type'),
      value: (p) => requestTypeOf(p.requestType).label,
      cell: (p) => requestTypeOf(p.requestType).label,
      fixed: true,
    },
    {
      id: 'rule',
      header: t('policies.rule'),
      value: (p) => ruleOf(p, entityId, t),
      cell: (p) => <Text size="sm">{ruleOf(p, entityId, t)}</Text>,
    },
    {
      id: 'approvers',
      header: t('policies.approvers'),
      value: (p) => p.requiredApprovals,
      cell: (p) => <PolicyApprovers entityId={entityId} policy={p} />,
    },
  ];

  return (
    <>
      <Button variant="default" onClick={open}>
        {t('policies.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('policies.title')} size="lg" centered>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('policies.hint')}
          </Text>
          <DataTable
            id="approval-policies"
            label={t('policies.title')}
            columns={columns}
            rows={shown}
            rowKey={(p) => p.requestType}
            query={policies}
            empty={{ title: t('policies.none'), hint: t('shell.emptyModuleHint') }}
          />
        </Stack>
      </Modal>
    </>
  );
}

/** Where a type's rule comes from: the default, this entity, or an entity above it. */
const ruleOf = (policy: TApprovalPolicy, entityId: number, t: TFunction) => {
  const where =
    policy.setAt === null
      ? t('policies.default')
      : policy.setAt === entityId
        ? t('policies.setHere')
        : t('policies.inherited', { name: policy.setAtName });
  return policy.approverGroupName
    ? `${where} · ${t('policies.fromGroup', { name: policy.approverGroupName })}`
    : where;
};

/** How many approvers a type needs, changed here (or handed back to the inherited rule). */
function PolicyApprovers({ entityId, policy }: { entityId: number; policy: TApprovalPolicy }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(policy.requiredApprovals);
  const [group, setGroup] = useState<string | null>(
    policy.approverGroupId ? String(policy.approverGroupId) : null,
  );
  const groups = useQuery(approverGroupsQuery);
  const { failure, busy, run } = useFormSubmit(useSetApprovalPolicy(entityId));
  const ownRule = policy.setAt === entityId;
  const type = requestTypeOf(policy.requestType).label;

  const save = (requiredApprovals: number | null) =>
    run(
      {},
      { requestType: policy.requestType, requiredApprovals, approverGroupId: group ? Number(group) : null },
      (saved) => {
        setValue(saved.requiredApprovals);
        setGroup(saved.approverGroupId ? String(saved.approverGroupId) : null);
        // Under four eyes the change waits in another administrator's approvals inbox.
        if (saved.pendingRequestId)
          showSuccessToast(t('policies.sentForApproval'), t('policies.sentForApprovalText', { type }));
        else
          showSuccessToast(
            t('policies.saved'),
            t('policies.savedText', { type, count: saved.requiredApprovals }),
          );
      },
    );

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          aria-label={t('policies.approversFor', { type })}
          min={1}
          max={MAX_APPROVERS}
          allowDecimal={false}
          w={80}
          value={value}
          onChange={setValue}
        />
        <Button
          size="xs"
          loading={busy}
          disabled={
            typeof value !== 'number' ||
            (value === policy.requiredApprovals &&
              group === (policy.approverGroupId ? String(policy.approverGroupId) : null))
          }
          onClick={() => save(Number(value))}
        >
          {t('policies.save')}
        </Button>
        <Select
          aria-label={t('policies.groupFor', { type })}
          placeholder={t('policies.anyApprover')}
          clearable
          searchable
          w={180}
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={group}
          onChange={setGroup}
          comboboxProps={{ withinPortal: true }}
        />
        {ownRule && (
          <Button size="xs" variant="subtle" disabled={busy} onClick={() => save(null)}>
            {t('policies.clear')}
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" p="xs">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
