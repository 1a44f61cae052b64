import { Badge, Button, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/data-table';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import { useDeleteVasp } from '../features/whitelist/api/whitelist.mutations';
import { vaspsQuery } from '../features/whitelist/api/whitelist.queries';
import { VaspForm } from '../features/whitelist/components/vasp-form';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast } from '../lib/toasts';

/** `/vasp-management`: the travel-rule counterparties custodial wallets may name. */
export function VaspManagementPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const deleteVasp = useDeleteVasp();
  const list = useQuery(vaspsQuery);
  const canManage = Boolean(entity?.capabilities.canManageVasps);
  const [opened, { open, close }] = useDisclosure(false);
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
        <VaspForm entityId={entity?.entityId} onDone={close} />
      </Modal>
    </PageFrame>
  );
}
