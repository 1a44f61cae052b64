import { Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

/** Asks for a rejection reason (optional) and confirms before rejecting request `id`. */
export function confirmRejection(t: TFunction, id: number, reject: (reason?: string) => void) {
  let reason = '';
  modals.openConfirmModal({
    title: t('whitelist.rejectTitle', { id }),
    children: (
      <Textarea
        label={t('whitelist.reason')}
        onChange={(e) => (reason = e.currentTarget.value)}
        autosize
        minRows={2}
        data-autofocus
      />
    ),
    labels: { confirm: t('whitelist.reject'), cancel: t('whitelist.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => reject(reason.trim() || undefined),
  });
}
