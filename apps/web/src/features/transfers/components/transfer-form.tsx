import { amountProblem } from '@clearway/contracts/amounts';
import { Alert, Button, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format';
import { runtimeConfig } from '../../../lib/runtime-config';
import { showSuccessToast } from '../../../lib/toasts';
import { useForm } from '../../../lib/use-form';
import { balancesQuery, openAccountsQuery } from '../../accounts/api/accounts.queries';
import { currenciesQuery } from '../../reference-data/api/reference-data.queries';
import { bankInfoQuery, walletsQuery } from '../../whitelist/api/whitelist.queries';
import { useCreateTransfer } from '../api/transfers.mutations';
import { estimateQuery } from '../api/transfers.queries';
import {
  checkTransfer,
  emptyTransfer,
  kindOf,
  TRANSFER_FIELD_OF,
  type TransferBody,
} from '../transfer-draft';

/**
 * A new transfer: from an account, in an allowed transfer currency the account holds, to a
 * usable whitelisted destination; while the draft is complete the live estimate shows the
 * fee (and the rule behind it), what the destination receives and what stays available.
 */
export function TransferForm({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [key, setKey] = useState('');
  const create = useCreateTransfer(entityId);
  const fiat = runtimeConfig.transferFiatCurrencies;
  const allowed = [...fiat, ...runtimeConfig.transferCryptoCurrencies];
  const accounts = useQuery({ ...openAccountsQuery(entityId), enabled: opened });
  const balances = useQuery({ ...balancesQuery(entityId), enabled: opened });
  const currencies = useQuery({ ...currenciesQuery, enabled: opened });
  const labels = {
    accountId: t('transfers.account'),
    asset: t('transfers.asset'),
    destinationId: t('transfers.destination'),
    amount: t('transfers.amount'),
    reference: t('transfers.reference'),
    memo: t('transfers.memo'),
  };
  const scaleOf = (asset: string) => currencies.data?.find((c) => c.code === asset)?.scale;
  const form = useForm({
    initial: emptyTransfer,
    labels,
    required: ['accountId', 'asset', 'destinationId', 'amount'],
    fieldOf: TRANSFER_FIELD_OF,
    check: (d) => checkTransfer(d, entityId, { fiat, scale: scaleOf(d.asset), labels }),
  });
  const d = form.values;
  const kind = d.asset ? kindOf(d.asset, fiat) : null;
  const banks = useQuery({ ...bankInfoQuery(entityId), enabled: opened && kind === 'fiat' });
  const wallets = useQuery({ ...walletsQuery(entityId), enabled: opened && kind === 'crypto' });
  const held = (balances.data ?? []).filter((b) => String(b.accountId) === d.accountId);
  const assets = held.map((b) => b.asset).filter((a) => allowed.includes(a));
  const destinations =
    kind === 'fiat'
      ? (banks.data ?? [])
          .filter((b) => b.usable && b.status === 'ACTIVE' && b.active && b.currency === d.asset)
          .map((b) => ({ value: String(b.id), label: `${b.bankName} · ${b.iban ?? b.accountNumber}` }))
      : (wallets.data ?? [])
          .filter((w) => w.usable && w.status === 'ACTIVE' && w.active && w.digitalAssets.includes(d.asset))
          .map((w) => ({
            value: String(w.id),
            label: `${w.friendlyName} · ${w.network} ${w.address.slice(0, 10)}…`,
          }));

  // The estimate follows the draft once it is complete, a moment after typing stops.
  const [amount] = useDebouncedValue(d.amount.trim(), 300);
  const scale = scaleOf(d.asset);
  const complete =
    d.accountId &&
    d.asset &&
    d.destinationId &&
    amount &&
    scale !== undefined &&
    !amountProblem(amount, scale);
  const destination =
    kind === 'crypto' ? { walletId: Number(d.destinationId) } : { bankInfoId: Number(d.destinationId) };
  const estimate = useQuery({
    ...estimateQuery(entityId, { accountId: Number(d.accountId), asset: d.asset, amount, ...destination }),
    enabled: opened && Boolean(complete),
  });

  const start = () => {
    setKey(crypto.randomUUID());
    form.reset();
    open();
  };
  async function send(body: TransferBody) {
    const made = await create.mutateAsync({ body, idempotencyKey: key });
    showSuccessToast(
      t('transfers.sent'),
      t('transfers.sentText', { id: made.id, fee: made.fee, asset: made.asset }),
    );
    close();
  }
  const e = complete ? estimate.data : undefined;
  const money = (v: string) => `${formatDecimal(v, scale ?? 2)} ${d.asset}`;

  return (
    <>
      <Button onClick={start}>{t('transfers.new')}</Button>
      <Modal opened={opened} onClose={close} title={t('transfers.new')} centered size="lg">
        <form onSubmit={form.onSubmit(send)} noValidate aria-label={t('transfers.new')}>
          <Stack>
            <Select
              {...form.choice('accountId')}
              onChange={(v) => form.set({ accountId: v ?? '', asset: '', destinationId: '' })}
              data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            />
            <Select
              {...form.choice('asset')}
              onChange={(v) => form.set({ asset: v ?? '', destinationId: '' })}
              data={assets}
              nothingFoundMessage={t('transfers.noAsset')}
            />
            <Select
              {...form.choice('destinationId')}
              data={destinations}
              placeholder={d.asset && !destinations.length ? t('transfers.noDestination') : undefined}
            />
            <TextInput {...form.text('amount')} inputMode="decimal" />
            <TextInput {...form.text('reference')} />
            <TextInput {...form.text('memo')} />
            {complete && estimate.isError && (
              <Alert color="red" role="alert" title={t('transfers.estimate')}>
                {estimate.error.message}
              </Alert>
            )}
            {e && (
              <Table aria-label={t('transfers.estimate')} withRowBorders={false}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>{t('transfers.fee')}</Table.Th>
                    <Table.Td ff="monospace">{money(e.fee)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('transfers.net')}</Table.Th>
                    <Table.Td ff="monospace">{money(e.net)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('transfers.availableAfter')}</Table.Th>
                    <Table.Td ff="monospace" c={e.affordable ? undefined : 'red'}>
                      {money(e.availableAfter)}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('transfers.rule')}</Table.Th>
                    <Table.Td>
                      <Text size="sm">
                        {e.rule
                          ? t('transfers.ruleText', {
                              id: e.rule.scheduleId,
                              entity: e.rule.entityName,
                              description: e.rule.description,
                            })
                          : t('transfers.noRule')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
            {form.failure && (
              <Alert color="red" role="alert">
                {form.failure}
              </Alert>
            )}
            <Button type="submit" loading={form.busy} disabled={Boolean(e && !e.affordable)}>
              {t('transfers.submit')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
