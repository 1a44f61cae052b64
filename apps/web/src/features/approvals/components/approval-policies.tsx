import { MAX_APPROVERS, type TApprovalPolicy } from '@clearway/contracts/endpoints/requests.schemas';
import type { RequestType } from '@clearway/contracts/enums';
import { Alert, Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
import { showSuccessToast } from '../../../lib/toasts';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSetApprovalPolicy } from '../api/approvals.mutations';
import { policiesQuery } from '../api/approvals.queries';

/**
 * Staff with authorization_management set how many distinct approvers each request type
 * needs at the selected entity (and below it, unless an entity nearer sets its own).
 */
export function ApprovalPolicies({ entityId, types }: { entityId: number; types: readonly RequestType[] }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const policies = useQuery({ ...policiesQuery(entityId), enabled: opened });
  const shown = (policies.data ?? []).filter((p) => types.includes(p.requestType));

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
          <ListState
            query={policies}
            count={shown.length}
            label={t('policies.title')}
            empty={{ title: t('policies.none'), hint: t('shell.emptyModuleHint') }}
          >
            <DataTable withTableBorder aria-label={t('policies.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('policies.type')}</Table.Th>
                  <Table.Th>{t('policies.rule')}</Table.Th>
                  <Table.Th>{t('policies.approvers')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((p) => (
                  <PolicyRow key={p.requestType} entityId={entityId} policy={p} />
                ))}
              </Table.Tbody>
            </DataTable>
          </ListState>
        </Stack>
      </Modal>
    </>
  );
}

function PolicyRow({ entityId, policy }: { entityId: number; policy: TApprovalPolicy }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(policy.requiredApprovals);
  const { failure, busy, run } = useFormSubmit(useSetApprovalPolicy(entityId));
  const ownRule = policy.setAt === entityId;

  const save = (requiredApprovals: number | null) =>
    run({}, { requestType: policy.requestType, requiredApprovals }, (saved) => {
      setValue(saved.requiredApprovals);
      showSuccessToast(
        t('policies.saved'),
        t('policies.savedText', { type: policy.requestType, count: saved.requiredApprovals }),
      );
    });

  return (
    <Table.Tr>
      <Table.Td>{policy.requestType}</Table.Td>
      <Table.Td>
        <Text size="sm">
          {policy.setAt === null
            ? t('policies.default')
            : ownRule
              ? t('policies.setHere')
              : t('policies.inherited', { name: policy.setAtName })}
        </Text>
        {failure && (
          <Alert color="red" p="xs" mt={4}>
            {failure}
          </Alert>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput
            aria-label={t('policies.approversFor', { type: policy.requestType })}
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
            disabled={typeof value !== 'number' || value === policy.requiredApprovals}
            onClick={() => save(Number(value))}
          >
            {t('policies.save')}
          </Button>
          {ownRule && (
            <Button size="xs" variant="subtle" disabled={busy} onClick={() => save(null)}>
              {t('policies.clear')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
