import { ZRequestStatusUpdate } from '@clearway/contracts/endpoints/requests.schemas';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';

/**
 * Asks before approving request `id` — an approval may move money at once — naming what
 * is approved (`summary`, e.g. "Withdrawal of 1,200.00 USD to Acme Bank").
 */
export function confirmApproval(
  t: TFunction,
  id: number,
  summary: string,
  approve: () => void,
  /** What approving does, as the approver reads it first (a money request's by default). */
  effect = 'approvals.approveText',
) {
  modals.openConfirmModal({
    title: t('approvals.approveTitle', { id }),
    children: (
      <Stack gap="xs">
        <Text size="sm">{summary}</Text>
        <Text size="sm" c="dimmed">
          {t(effect)}
        </Text>
      </Stack>
    ),
    labels: { confirm: t('whitelist.approve'), cancel: t('approvals.back') },
    onConfirm: approve,
  });
}

/** The reason of a rejection, required and checked with the contract's own rule before it is sent. */
export function RejectionForm({
  id,
  onReject,
  onCancel,
}: {
  id: number;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const label = t('whitelist.reason');
  const check = (value: string) =>
    checkForm(ZRequestStatusUpdate, { requestId: id, status: 'REJECTED', reason: value }, { reason: label })
      .errors.reason;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check(reason);
    setError(problem);
    if (!problem) onReject(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={label}
          required
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (error) setError(undefined);
          }}
          onBlur={() => reason && setError(check(reason))}
          rows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('approvals.back')}
          </Button>
          <Button type="submit" color="red">
            {t('whitelist.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks why request `id` is rejected (a reason is required: the requester is told it), then rejects it. */
export function confirmRejection(t: TFunction, id: number, reject: (reason: string) => void) {
  const modalId = `reject-${id}`;
  modals.open({
    modalId,
    title: t('whitelist.rejectTitle', { id }),
    children: (
      <RejectionForm
        id={id}
        onCancel={() => modals.close(modalId)}
        onReject={(reason) => {
          modals.close(modalId);
          reject(reason);
        }}
      />
    ),
  });
}
