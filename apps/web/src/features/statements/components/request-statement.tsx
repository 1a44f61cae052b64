import { ZStatementGenerate } from '@clearway/contracts/endpoints/statements.schemas';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForm } from '../../../lib/form-errors';
import { type Checked, useForm } from '../../../lib/use-form';
import { openAccountsQuery } from '../../accounts/api/accounts.queries';
import { useGenerateStatement } from '../api/statements.mutations';
import { type Preset, periodOf } from '../statement-periods';

const blank = () => ({
  accountId: '',
  includeBelow: false,
  preset: 'LAST_MONTH' as Preset,
  from: '',
  to: '',
  currencyView: 'ACCOUNT' as 'ACCOUNT' | 'BASE',
});
type Values = ReturnType<typeof blank>;
type Body = ReturnType<typeof ZStatementGenerate.parse>;

/**
 * Asks for a statement: of one account or of the whole entity (optionally with the entities
 * below), for last month, the last business day or a custom range, in the accounts' own
 * currencies or with the base currency too. The server answers at once; `onQueued` hears
 * the statement's id so the page can follow it (and keep it across a reload).
 */
export function RequestStatement({
  entityId,
  onQueued,
}: {
  entityId: number;
  onQueued: (id: number) => void;
}) {
  const { t } = useTranslation();
  const accounts = useQuery(openAccountsQuery(entityId));
  const generate = useGenerateStatement(entityId);
  const labels = {
    accountId: t('statements.account'),
    from: t('statements.from'),
    to: t('statements.to'),
    period: t('statements.period'),
    currencyView: t('statements.currencyView'),
  };
  const form = useForm({
    initial: blank,
    labels,
    required: ['from', 'to'],
    check: (v: Values): Checked<Body> => {
      const period = periodOf(v.preset, new Date(), { from: v.from, to: v.to });
      return checkForm(
        ZStatementGenerate,
        {
          entityId,
          ...(v.accountId ? { accountId: Number(v.accountId) } : { includeBelow: v.includeBelow }),
          ...period,
          currencyView: v.currencyView,
        },
        labels,
      );
    },
  });
  const v = form.values;
  const send = async (body: Body) => {
    const { entityId: _ignored, ...rest } = body;
    const queued = await generate.mutateAsync(rest);
    onQueued(queued.statementId);
  };
  const options = [
    { value: '', label: t('statements.allAccounts') },
    ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(send)} noValidate aria-label={t('statements.request')}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('statements.request')}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <Select
              {...form.choice('accountId')}
              value={v.accountId}
              onChange={(x) => form.set({ accountId: x ?? '' })}
              data={options}
              allowDeselect={false}
              w={260}
            />
            {!v.accountId && (
              <Checkbox
                label={t('statements.includeBelow')}
                checked={v.includeBelow}
                onChange={(e) => form.set({ includeBelow: e.currentTarget.checked })}
              />
            )}
          </Group>
          <SegmentedControl
            aria-label={t('statements.period')}
            value={v.preset}
            onChange={(x) => form.set({ preset: x as Preset })}
            data={[
              { value: 'LAST_MONTH', label: t('statements.lastMonth') },
              { value: 'LAST_BUSINESS_DAY', label: t('statements.lastBusinessDay') },
              { value: 'CUSTOM', label: t('statements.custom') },
            ]}
          />
          {v.preset === 'CUSTOM' && (
            <Group>
              <TextInput type="date" {...form.text('from')} />
              <TextInput type="date" {...form.text('to')} />
            </Group>
          )}
          <SegmentedControl
            aria-label={t('statements.currencyView')}
            value={v.currencyView}
            onChange={(x) => form.set({ currencyView: x as Values['currencyView'] })}
            data={[
              { value: 'ACCOUNT', label: t('statements.accountCurrencies') },
              { value: 'BASE', label: t('statements.withBase') },
            ]}
          />
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={form.busy}>
              {t('statements.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
