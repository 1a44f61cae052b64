import { ZCreateVasp } from '@clearway/contracts/endpoints/wallet.schemas';
import { Badge, Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/data-table';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import { useCreateVasp, useDeleteVasp } from '../features/whitelist/api/whitelist.mutations';
import { vaspsQuery } from '../features/whitelist/api/whitelist.queries';
import { checkForm, serverFieldErrors } from '../lib/form-errors';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';

const EMPTY = { name: '', lei: '', travelRuleId: '', jurisdiction: '', website: '' };

/** `/vasp-management`: the travel-rule counterparties custodial wallets may name. */
export function VaspManagementPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const createVasp = useCreateVasp();
  const deleteVasp = useDeleteVasp();
  const list = useQuery(vaspsQuery);
  const canManage = Boolean(entity?.capabilities.canManageVasps);
  const [opened, { open, close }] = useDisclosure(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const labels = {
    name: t('vasp.name'),
    lei: 'LEI',
    travelRuleId: t('vasp.travelRuleId'),
    jurisdiction: t('vasp.jurisdictionHint'),
    website: t('vasp.website'),
  };
  const compact = (f: typeof EMPTY) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const input = compact(form);
    const { errors: invalid, body } = checkForm(ZCreateVasp, input, labels);
    setErrors(invalid);
    if (!body) return;
    try {
      await createVasp.mutateAsync({ ...body, entityId: entity?.entityId });
      showSuccessToast(t('vasp.created'), form.name);
      setForm(EMPTY);
      close();
    } catch (err) {
      setErrors(serverFieldErrors(err));
      showErrorToast(err);
    }
  }

  const remove = (id: number, name: string) =>
    modals.openConfirmModal({
      title: t('vasp.deleteTitle', { name }),
      labels: { confirm: t('vasp.delete'), cancel: t('whitelist.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteVasp.mutateAsync({ entityId: entity?.entityId, vaspId: id });
        } catch (err) {
          showErrorToast(err);
        }
      },
    });

  const field = (key: keyof typeof EMPTY) => (
    <TextInput
      label={labels[key]}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
      error={errors[key]}
    />
  );

  return (
    <PageFrame
      title={t('pages.vaspManagement')}
      actions={canManage ? <Button onClick={open}>{t('vasp.add')}</Button> : undefined}
    >
      <ListState
        query={list}
        count={(list.data ?? []).length}
        label={t('pages.vaspManagement')}
        empty={{ title: t('vasp.none'), hint: t('vasp.noneHint') }}
      >
        <DataTable striped withTableBorder aria-label={t('pages.vaspManagement')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vasp.name')}</Table.Th>
              <Table.Th>LEI</Table.Th>
              <Table.Th>{t('vasp.travelRuleId')}</Table.Th>
              <Table.Th>{t('vasp.jurisdiction')}</Table.Th>
              <Table.Th>{t('vasp.status')}</Table.Th>
              {canManage && <Table.Th>{t('shell.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.name}</Table.Td>
                <Table.Td ff="monospace">{v.lei ?? '—'}</Table.Td>
                <Table.Td>{v.travelRuleId ?? '—'}</Table.Td>
                <Table.Td>{v.jurisdiction}</Table.Td>
                <Table.Td>
                  <Badge color={v.status === 'ACTIVE' ? 'teal' : 'gray'}>{v.status}</Badge>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(v.id, v.name)}>
                      {t('vasp.delete')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      </ListState>
      <Modal opened={opened} onClose={close} title={t('vasp.add')}>
        <form onSubmit={create} noValidate>
          <Stack>
            {field('name')}
            {field('lei')}
            {field('travelRuleId')}
            {field('jurisdiction')}
            {field('website')}
            <Group justify="flex-end">
              <Button type="submit">{t('vasp.add')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </PageFrame>
  );
}
