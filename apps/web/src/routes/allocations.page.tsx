import type { Capabilities } from '@clearway/contracts/capabilities';
import type {
  TAllocatedBlock,
  TAllocationGroup,
  TAllocationInvestor,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../components/list-state';
import { PageFrame } from '../components/page-frame';
import { confirmSaved } from '../components/saved-confirmation';
import {
  useAddInvestor,
  useCreateGroup,
  useDeleteGroup,
  useRemoveInvestor,
  useUpdateGroup,
  useUpdateInvestor,
} from '../features/allocations/api/allocations.mutations';
import { allocationGroupsQuery } from '../features/allocations/api/allocations.queries';
import { AllocateBlock } from '../features/allocations/components/allocate-block';
import { GroupForm } from '../features/allocations/components/group-form';
import { GroupPanel } from '../features/allocations/components/group-panel';
import { InvestorForm } from '../features/allocations/components/investor-form';
import { ReprocessBlock } from '../features/allocations/components/reprocess-block';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';

type Dialog =
  | { kind: 'group'; group: TAllocationGroup | null }
  | { kind: 'investor'; group: TAllocationGroup; investor: TAllocationInvestor | null }
  | { kind: 'allocate'; group: TAllocationGroup }
  | { kind: 'reprocess'; group: TAllocationGroup; block: TAllocatedBlock };

/**
 * `/allocations` (spec sections 1, 2, 6, 7): the Allocation Manager's groups, their
 * investors and weights (with a pie of the split), a block trade's allocation previewed
 * before it is booked, the allocated blocks with their children, and reprocessing with the
 * before and after — each action shown with the capability it needs.
 */
export function AllocationsPage() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const caps: Partial<Capabilities> = entity?.capabilities ?? {};
  const groups = useQuery(allocationGroupsQuery(id));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const create = useCreateGroup(id);
  const update = useUpdateGroup(id);
  const remove = useDeleteGroup(id);
  const addInvestor = useAddInvestor(id);
  const updateInvestor = useUpdateInvestor(id);
  const removeInvestor = useRemoveInvestor(id);
  const close = () => setDialog(null);

  const askDelete = (g: TAllocationGroup) =>
    modals.openConfirmModal({
      title: t('allocations.deleteTitle', { name: g.name }),
      children: <Text size="sm">{t('allocations.deleteText')}</Text>,
      labels: { confirm: t('allocations.deleteGroup'), cancel: t('allocations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(g.id, {
          onSuccess: () =>
            showSuccessToast(t('allocations.deleted'), t('allocations.deletedText', { name: g.name })),
          onError: showErrorToast,
        }),
    });
  /** Removing an investor: alone (refused while it holds open allocated trades) or with them reallocated. */
  const askRemove = (g: TAllocationGroup, i: TAllocationInvestor) => {
    const send = (reallocate: boolean) => {
      modals.close(modal);
      removeInvestor.mutate(
        { groupId: g.id, investorId: i.id, reallocate },
        {
          onSuccess: () =>
            showSuccessToast(
              t('allocations.investorRemoved'),
              t('allocations.investorRemovedText', { name: i.entityName, group: g.name }),
            ),
          onError: showErrorToast,
        },
      );
    };
    const modal = modals.open({
      title: t('allocations.removeInvestorTitle', { name: i.entityName, group: g.name }),
      centered: true,
      children: (
        <Stack>
          <Text size="sm">{t('allocations.removeInvestorText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => modals.close(modal)}>
              {t('allocations.cancel')}
            </Button>
            <Button variant="light" color="red" onClick={() => send(true)}>
              {t('allocations.removeAndReallocate')}
            </Button>
            <Button color="red" onClick={() => send(false)}>
              {t('allocations.removeInvestor')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  return (
    <PageFrame
      title={t('pages.allocations')}
      actions={
        caps.canCreateAllocationGroup ? (
          <Button onClick={() => setDialog({ kind: 'group', group: null })}>{t('allocations.create')}</Button>
        ) : undefined
      }
    >
      <ListState
        query={groups}
        label={t('pages.allocations')}
        count={groups.data?.length ?? 0}
        empty={{ title: t('allocations.none'), hint: t('allocations.noneHint') }}
      >
        <Stack>
          {(groups.data ?? []).map((g) => (
            <GroupPanel
              key={g.id}
              group={g}
              caps={caps}
              actions={{
                onEdit: () => setDialog({ kind: 'group', group: g }),
                onDelete: () => askDelete(g),
                onAddInvestor: () => setDialog({ kind: 'investor', group: g, investor: null }),
                onEditInvestor: (i) => setDialog({ kind: 'investor', group: g, investor: i }),
                onRemoveInvestor: (i) => askRemove(g, i),
                onAllocate: () => setDialog({ kind: 'allocate', group: g }),
                onReprocess: (b) => setDialog({ kind: 'reprocess', group: g, block: b }),
              }}
            />
          ))}
        </Stack>
      </ListState>
      {dialog?.kind === 'group' && (
        <GroupForm
          entityId={id}
          group={dialog.group}
          onClose={close}
          onSave={async (body) => {
            if (dialog.group) {
              await update.mutateAsync(body as never);
              confirmSaved(t, 'allocationGroup', 'updated');
            } else {
              await create.mutateAsync(body as never);
              confirmSaved(t, 'allocationGroup', 'created');
            }
          }}
        />
      )}
      {dialog?.kind === 'investor' && (
        <InvestorForm
          entityId={id}
          group={dialog.group}
          investor={dialog.investor}
          onClose={close}
          onSave={async (body) => {
            if (dialog.investor) {
              await updateInvestor.mutateAsync(body as never);
              showSuccessToast(
                t('allocations.investorUpdated'),
                t('allocations.investorUpdatedText', { name: dialog.investor.entityName }),
              );
            } else {
              const after = await addInvestor.mutateAsync(body as never);
              showSuccessToast(
                t('allocations.investorAdded'),
                t('allocations.investorAddedText', {
                  name: after.investors.at(-1)?.entityName,
                  group: after.name,
                }),
              );
            }
          }}
        />
      )}
      {dialog?.kind === 'allocate' && <AllocateBlock entityId={id} group={dialog.group} onClose={close} />}
      {dialog?.kind === 'reprocess' && (
        <ReprocessBlock entityId={id} group={dialog.group} allocated={dialog.block} onClose={close} />
      )}
    </PageFrame>
  );
}
