import type { TTrade } from '@clearway/contracts/endpoints/trades.schemas';
import { ZExerciseOption } from '@clearway/contracts/endpoints/trades.schemas';
import { labelOf, TRADE_STATUS_LABELS } from '@clearway/contracts/enums';
import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { toGatewayError } from '../../../lib/gateway';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { useOptionAction } from '../api/trades.mutations';
import { actionsAllowed, type OptionAction } from '../option-draft';

const ACTION_KEY: Record<OptionAction, string> = {
  EXERCISE: 'exercise',
  EXPIRE: 'expire',
  KNOCK_IN: 'knockIn',
  KNOCK_OUT: 'knockOut',
};

/** Confirms one lifecycle move, saying why (kept in the option's events and audited). */
function ConfirmAction({
  trade,
  entityId,
  action,
  onClose,
}: {
  trade: TTrade;
  entityId: number;
  action: OptionAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useOptionAction(entityId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const name = ACTION_KEY[action];
  const labels = { reason: t('options.reason') };
  const form = useForm({
    initial: () => ({ reason: '', override: false }),
    labels,
    required: ['reason'],
    check: (v) => checkForm(ZExerciseOption, { entityId, tradeId: trade.id, reason: v.reason }, labels),
  });
  const send = async (body: { reason: string }) => {
    try {
      const view = await move.mutateAsync({
        action,
        tradeId: trade.id,
        reason: body.reason,
        override: form.values.override,
        idempotencyKey: key,
      });
      showSuccessToast(
        t(`options.${name}Done`),
        t('options.movedMessage', { id: trade.id, status: labelOf(TRADE_STATUS_LABELS, view.trade.status) }),
      );
      onClose();
    } catch (err) {
      if (toGatewayError(err).status < 500) setKey(crypto.randomUUID());
      throw err;
    }
  };
  return (
    <Modal opened onClose={onClose} title={t(`options.${name}Title`, { id: trade.id })} centered>
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack>
          <Text size="sm">{t(`options.${name}Explains`)}</Text>
          <Textarea {...form.text('reason')} autosize minRows={2} data-autofocus />
          {action === 'EXERCISE' && (
            <Switch
              label={t('options.override')}
              description={t('options.overrideHint')}
              checked={form.values.override}
              onChange={(e) => form.set({ override: e.currentTarget.checked })}
            />
          )}
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('options.back')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t(`options.${name}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The lifecycle moves an option's state allows, each confirmed with a reason. */
export function OptionActions({ trade, entityId }: { trade: TTrade; entityId: number }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<OptionAction | null>(null);
  if (!trade.option) return null;
  const allowed = actionsAllowed(trade.status, trade.option.barrier?.kind ?? null);
  if (!allowed.length) return null;
  return (
    <>
      <Group gap="xs">
        {allowed.map((a) => (
          <Button key={a} size="xs" variant="light" onClick={() => setAction(a)}>
            {t(`options.${ACTION_KEY[a]}`)}
          </Button>
        ))}
      </Group>
      {action && (
        <ConfirmAction trade={trade} entityId={entityId} action={action} onClose={() => setAction(null)} />
      )}
    </>
  );
}
