import type { TVasp } from '@clearway/contracts/endpoints/wallet.schemas';
import { labelOf, VASP_STATUS_LABELS } from '@clearway/contracts/enums';
import { Badge, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../components/data-table';
import { PageFrame } from '../components/page-frame';
import { useDeleteVasp } from '../features/whitelist/api/whitelist.mutations';
import { vaspsQuery } from '../features/whitelist/api/whitelist.queries';
import { VaspForm } from '../features/whitelist/components/vasp-form';
import { EMPTY_CELL } from '../lib/format';
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

  const columns: Column<TVasp>[] = [
    {
      id: 'name',
      header: t('vasp.name'),
      value: (v) => v.name,
      cell: (v) => v.name,
      sort: 'text',
      fixed: true,
    },
    {
      id: 'lei',
      header: 'LEI',
      value: (v) => v.lei,
      cell: (v) => v.lei ?? EMPTY_CELL,
      sort: 'text',
      mono: true,
    },
    {
      id: 'travelRuleId',
      header: t('vasp.travelRuleId'),
      value: (v) => v.travelRuleId,
      cell: (v) => v.travelRuleId ?? EMPTY_CELL,
      sort: 'text',
    },
    {
      id: 'jurisdiction',
      header: t('vasp.jurisdiction'),
      value: (v) => v.jurisdiction,
      cell: (v) => v.jurisdiction,
      sort: 'text',
    },
    {
      id: 'status',
      header: t('vasp.status'),
      value: (v) => labelOf(VASP_STATUS_LABELS, v.status),
      cell: (v) => (
        <Badge color={v.status === 'ACTIVE' ? 'teal' : 'gray'}>{labelOf(VASP_STATUS_LABELS, v.status)}</Badge>
      ),
      sort: 'text',
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (v: TVasp) => (
              <Button size="xs" variant="subtle" color="red" onClick={() => remove(v.id, v.name)}>
                {t('vasp.delete')}
              </Button>
            ),
          } satisfies Column<TVasp>,
        ]
      : []),
  ];

  return (
    <PageFrame
      title={t('pages.vaspManagement')}
      actions={canManage ? <Button onClick={open}>{t('vasp.add')}</Button> : undefined}
    >
      <DataTable
        id="vasps"
        label={t('pages.vaspManagement')}
        columns={columns}
        rows={list.data}
        rowKey={(v) => v.id}
        query={list}
        empty={{ title: t('vasp.none'), hint: t('vasp.noneHint') }}
        defaultSort={{ by: 'name', direction: 'asc' }}
        search="rows"
        csv={{ fileName: 'vasps.csv' }}
      />
      <Modal opened={opened} onClose={close} title={t('vasp.add')}>
        <VaspForm entityId={entity?.entityId} onDone={close} />
      </Modal>
    </PageFrame>
  );
}
