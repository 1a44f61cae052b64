import type { TMoneyRequestItem as TMoneyRequestView } from '@clearway/contracts/endpoints/requests.schemas';
import { TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import {
  useAddTransactionHash,
  useDecideMoneyRequest,
  useUploadProof,
} from '../api/money-requests.mutations';
import { downloadProof } from '../api/proofs';
import type { RowActions } from './money-requests-table';

type Options = {
  entityId: number;
  canDecide: boolean;
  /** The signed-in user's name: their own pending requests may be cancelled. */
  me: string | undefined;
  /** Asks why a request is rejected (a reason is required), then rejects it. */
  askRejection: (id: number, reject: (reason: string) => void) => void;
  /** Asks before approving a request (an approval may move money at once), then approves it. */
  askApproval: (r: TMoneyRequestView, approve: () => void) => void;
};

/** What the caller may do with a listed request: decide, cancel, complete, attach or read its proof. */
export function useRequestActions({
  entityId,
  canDecide,
  me,
  askRejection,
  askApproval,
}: Options): RowActions {
  const { t } = useTranslation();
  const decide = useDecideMoneyRequest(entityId);
  const addHash = useAddTransactionHash(entityId);
  const upload = useUploadProof();

  const move = (r: TMoneyRequestView, to: 'APPROVED' | 'REJECTED' | 'CANCELLED', reason?: string) =>
    decide
      .mutateAsync({ request: r, status: to, reason })
      .then(
        () => showSuccessToast(t(`whitelist.decided.${to}`), t('whitelist.decidedText', { id: r.id })),
        showErrorToast,
      );

  const askHash = (r: TMoneyRequestView) => {
    let hash = '';
    modals.openConfirmModal({
      title: t('requests.hashTitle', { id: r.id }),
      children: (
        <TextInput
          label={t('requests.hash')}
          onChange={(e) => (hash = e.currentTarget.value)}
          ff="monospace"
          data-autofocus
        />
      ),
      labels: { confirm: t('requests.complete'), cancel: t('whitelist.cancel') },
      onConfirm: () => addHash.mutateAsync({ request: r, transactionHash: hash }).catch(showErrorToast),
    });
  };

  const confirmCancel = (r: TMoneyRequestView) =>
    modals.openConfirmModal({
      title: t('requests.cancelTitle', { id: r.id }),
      children: t('requests.cancelText'),
      labels: { confirm: t('requests.cancel'), cancel: t('requests.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => move(r, 'CANCELLED'),
    });

  const isMine = (r: TMoneyRequestView) => r.requester.kind === 'user' && r.requester.name === me;
  return {
    canDecide,
    // Maker-checker: never one's own request, and each approver once (the server holds both rules).
    mayDecide: (r) =>
      canDecide &&
      r.status === 'PENDING' &&
      !isMine(r) &&
      !r.approvals.some((a) => a.kind === 'user' && a.name === me),
    isMine,
    onCancel: confirmCancel,
    onApprove: (r) => askApproval(r, () => move(r, 'APPROVED')),
    onReject: (r) => askRejection(r.id, (reason) => move(r, 'REJECTED', reason)),
    onAddHash: askHash,
    onUpload: (r, file) =>
      file &&
      upload
        .mutateAsync({ request: r, file })
        .then(() => showSuccessToast(t('requests.proofUploaded'), file.name), showErrorToast),
    onDownload: (r) => downloadProof(r.id, r.entityId).catch(showErrorToast),
  };
}
