import { Money } from '@clearway/contracts/amounts';
import type {
  TAllocatedBlock,
  TAllocationChild,
  TAllocationGroup,
  TAllocationResult,
} from '@clearway/contracts/endpoints/allocations.schemas';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeRefusal } from '../../../lib/form-errors';
import { EMPTY_CELL, formatDecimal } from '../../../lib/format';
import { showSuccessToast } from '../../../lib/toasts';
import { previewAllocation, useAllocate } from '../api/allocations.mutations';
import { decimalsIn, shownAmount } from './allocation-lines';

/** Each investor's amount before and after, and the change (exact decimals, as strings). */
function diffOf(before: TAllocationChild[], after: TAllocationChild[]) {
  const ids = [...new Set([...before.map((c) => c.investorId), ...after.map((c) => c.investorId)])];
  return ids.map((id) => {
    const b = before.find((c) => c.investorId === id);
    const a = after.find((c) => c.investorId === id);
    return { id, name: (a ?? b)!.entityName, before: b?.amount ?? null, after: a?.amount ?? null };
  });
}

/** The change a − b, signed, at the amounts' scale (exact decimals, never a JS number). */
function change(a: string, b: string): string {
  const d = new Money(a).minus(b);
  const scale = Math.max(decimalsIn(a), decimalsIn(b));
  return `${d.gt(0) ? '+' : ''}${formatDecimal(d.toFixed(scale), scale)}`;
}

/**
 * Reprocessing a block: the split the current weights make beside the children it has now
 * (the diff), then the current children reversed and the block split again on confirming.
 */
export function ReprocessBlock({
  entityId,
  group,
  allocated,
  onClose,
}: {
  entityId: number;
  group: TAllocationGroup;
  allocated: TAllocatedBlock;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const block = allocated.block;
  const [preview, setPreview] = useState<TAllocationResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const allocate = useAllocate(entityId);

  useEffect(() => {
    previewAllocation(entityId, group.id, block).then(setPreview, (err) =>
      setFailure(placeRefusal(err, {}).message),
    );
  }, [entityId, group.id, block]);

  const confirm = async () => {
    setFailure(null);
    try {
      const done = await allocate.mutateAsync({ groupId: group.id, block });
      showSuccessToast(
        t('allocations.reprocessed'),
        t('allocations.reprocessedText', { id: block.id, run: done.run }),
      );
      onClose();
    } catch (err) {
      setFailure(placeRefusal(err, {}).message);
    }
  };

  const rows = preview?.changed ? diffOf(preview.before, preview.after) : [];
  const unit = block.base ? ` ${block.base}` : '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('allocations.reprocessTitle', { id: block.id, name: group.name })}
      size="lg"
      centered
    >
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">{t('allocations.reprocessHint')}</Text>
        {preview && !preview.changed && <Alert color="blue">{t('allocations.unchanged')}</Alert>}
        {rows.length > 0 && (
          <Table aria-label={t('allocations.reprocessOf', { id: block.id })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('allocations.investor')}</Table.Th>
                <Table.Th ta="right">{t('allocations.before')}</Table.Th>
                <Table.Th ta="right">{t('allocations.after')}</Table.Th>
                <Table.Th ta="right">{t('allocations.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">
                    {r.before === null ? EMPTY_CELL : `${shownAmount(r.before)}${unit}`}
                  </Table.Td>
                  <Table.Td ta="right">
                    {r.after === null ? EMPTY_CELL : `${shownAmount(r.after)}${unit}`}
                  </Table.Td>
                  <Table.Td ta="right">{change(r.after ?? '0', r.before ?? '0')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('allocations.cancel')}
          </Button>
          <Button onClick={confirm} loading={allocate.isPending} disabled={!preview?.changed}>
            {t('allocations.confirmReprocess')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
