import type { TAllocationGroup, TAllocationResult } from '@clearway/contracts/endpoints/allocations.schemas';
import { labelOf, TRADE_SIDE_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeRefusal } from '../../../lib/form-errors';
import { showSuccessToast } from '../../../lib/toasts';
import { previewAllocation, useAllocate } from '../api/allocations.mutations';
import { blockTradesQuery } from '../api/allocations.queries';
import { AllocationLines, shownAmount } from './allocation-lines';

/**
 * Allocating a block: pick a live trade of the manager's account, see the split the server
 * would book (each investor's child on every leg, where the remainder units go), then confirm.
 */
export function AllocateBlock({
  entityId,
  group,
  onClose,
}: {
  entityId: number;
  group: TAllocationGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const blocks = useQuery(blockTradesQuery(group.entityId));
  const [blockId, setBlockId] = useState<string | null>(null);
  const [preview, setPreview] = useState<TAllocationResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allocate = useAllocate(entityId);
  const block = (blocks.data ?? []).find((b) => String(b.id) === blockId) ?? null;

  const run = async (confirm: boolean) => {
    if (!block) return;
    setFailure(null);
    setBusy(true);
    try {
      if (!confirm) setPreview(await previewAllocation(entityId, group.id, block));
      else {
        const done = await allocate.mutateAsync({ groupId: group.id, block });
        showSuccessToast(
          t('allocations.allocated'),
          t('allocations.allocatedText', { id: block.id, n: done.after.length }),
        );
        onClose();
      }
    } catch (err) {
      setFailure(placeRefusal(err, {}).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('allocations.allocateTitle', { name: group.name })}
      size="xl"
      centered
    >
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Select
          label={t('allocations.block')}
          searchable
          value={blockId}
          onChange={(v) => {
            setBlockId(v);
            setPreview(null);
          }}
          nothingFoundMessage={t('allocations.noBlocks')}
          data={(blocks.data ?? []).map((b) => ({
            value: String(b.id),
            label: t('allocations.blockLabel', {
              id: b.id,
              symbol: b.symbol,
              side: labelOf(TRADE_SIDE_LABELS, b.side),
              amount: shownAmount(b.amount),
              account: b.accountName,
            }),
          }))}
        />
        {preview && block && (
          <Stack gap="xs">
            <Text fw={600}>{t('allocations.previewTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('allocations.previewHint')}
            </Text>
            <AllocationLines
              id="allocation-preview"
              label={t('allocations.previewTitle')}
              lines={preview.after}
              base={block.base}
              quote={block.quote}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('allocations.cancel')}
          </Button>
          {preview ? (
            <Button onClick={() => run(true)} loading={busy}>
              {t('allocations.confirmAllocate')}
            </Button>
          ) : (
            <Button onClick={() => run(false)} loading={busy} disabled={!block}>
              {t('allocations.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
