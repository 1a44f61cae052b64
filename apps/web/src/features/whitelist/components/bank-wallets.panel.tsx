import type { TBankInfo } from '@clearway/contracts/endpoints/bank-info.schemas';
import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';
import { Badge, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format/dates';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useRequestWalletRemoval } from '../api/whitelist.mutations';
import { bankInfoQuery, walletsQuery } from '../api/whitelist.queries';
import { BankRequestForm } from './bank-request-form';
import { WalletRename } from './wallet-rename';
import { WalletRequestForm } from './wallet-request-form';

function Usability({ usable, usableFrom }: { usable: boolean; usableFrom: string }) {
  const { t } = useTranslation();
  return usable ? (
    <Badge color="teal">{t('whitelist.whitelisted')}</Badge>
  ) : (
    <Badge color="yellow" title={t('whitelist.coolingDown')}>
      {t('whitelist.usableFrom', { when: formatDateTime(usableFrom) })}
    </Badge>
  );
}

/** "Bank Accounts / Wallets": the selected entity's whitelisted destinations and requests. */
export function BankWalletsPanel() {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const removal = useRequestWalletRemoval(id);
  const canRequest = Boolean(entity?.capabilities.canCreateWhitelistRequest);
  const wallets = useQuery({ ...walletsQuery(id), enabled: id > 0 });
  const banks = useQuery({ ...bankInfoQuery(id), enabled: id > 0 });
  const [opened, { open, close }] = useDisclosure(false);
  const [bankOpened, bankForm] = useDisclosure(false);
  const [renaming, setRenaming] = useState<TWallet | null>(null);

  const askRemoval = (walletId: number, name: string) =>
    modals.openConfirmModal({
      title: t('whitelist.removeTitle'),
      children: <Text size="sm">{t('whitelist.removeText', { name })}</Text>,
      labels: { confirm: t('whitelist.requestRemoval'), cancel: t('whitelist.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await removal.mutateAsync(walletId);
          showSuccessToast(t('whitelist.requested'), t('whitelist.requestedText'));
        } catch (err) {
          showErrorToast(err);
        }
      },
    });

  const status = (x: { usable: boolean; usableFrom: string }) =>
    x.usable ? t('whitelist.whitelisted') : t('whitelist.usableFrom', { when: formatDateTime(x.usableFrom) });
  const walletColumns: Column<TWallet>[] = [
    {
      id: 'wallet',
      header: t('whitelist.wallet'),
      value: (w) => `${w.friendlyName} ${w.network} ${w.address}`,
      cell: (w) => (
        <>
          <Text fw={600} size="sm">
            {w.friendlyName}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {w.network} · {w.address}
            {w.tagMemo ? ` · ${w.tagMemo}` : ''}
          </Text>
        </>
      ),
      sort: 'text',
      fixed: true,
    },
    {
      id: 'assets',
      header: t('whitelist.assets'),
      value: (w) => w.digitalAssets.join(', '),
      cell: (w) => w.digitalAssets.join(', '),
    },
    {
      id: 'status',
      header: t('whitelist.statusLabel'),
      value: status,
      cell: (w) => <Usability {...w} />,
      sort: 'text',
    },
    ...(canRequest
      ? [
          {
            id: 'actions',
            header: t('shell.actions'),
            fixed: true,
            csv: false,
            cell: (w: TWallet) => (
              <Button size="xs" variant="subtle" color="red" onClick={() => askRemoval(w.id, w.friendlyName)}>
                {t('whitelist.requestRemoval')}
              </Button>
            ),
          } satisfies Column<TWallet>,
        ]
      : []),
  ];
  const bankColumns: Column<TBankInfo>[] = [
    {
      id: 'bank',
      header: t('whitelist.bankAccount'),
      value: (b) => `${b.bankName} ${b.iban ?? b.accountNumber ?? ''} ${b.bic}`,
      cell: (b) => (
        <>
          <Text fw={600} size="sm">
            {b.bankName}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {b.iban ?? b.accountNumber} · {b.bic}
          </Text>
        </>
      ),
      sort: 'text',
      fixed: true,
    },
    {
      id: 'currency',
      header: t('whitelist.currency'),
      value: (b) => b.currency,
      cell: (b) => b.currency,
      sort: 'text',
    },
    {
      id: 'status',
      header: t('whitelist.statusLabel'),
      value: status,
      cell: (b) => <Usability {...b} />,
      sort: 'text',
    },
  ];

  return (
    <Stack>
      <Tabs defaultValue="wallets">
        <Tabs.List>
          <Tabs.Tab value="wallets">{t('whitelist.wallets')}</Tabs.Tab>
          <Tabs.Tab value="banks">{t('whitelist.bankAccounts')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="wallets" pt="md">
          <Stack>
            {canRequest && (
              <Group justify="flex-end">
                <Button onClick={open}>{t('whitelist.requestWallet')}</Button>
              </Group>
            )}
            <DataTable
              id="wallets"
              label={t('whitelist.wallets')}
              columns={walletColumns}
              rows={wallets.data}
              rowKey={(w) => w.id}
              query={wallets}
              empty={{ title: t('whitelist.noWallets'), hint: t('whitelist.noWalletsHint') }}
              defaultSort={{ by: 'wallet', direction: 'asc' }}
              search="rows"
              csv={{ fileName: `wallets-${id}.csv` }}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="banks" pt="md">
          {canRequest && (
            <Group justify="flex-end" mb="sm">
              <Button onClick={bankForm.open}>{t('whitelist.requestBank')}</Button>
            </Group>
          )}
          <DataTable
            id="bank-accounts"
            label={t('whitelist.bankAccounts')}
            columns={bankColumns}
            rows={banks.data}
            rowKey={(b) => b.id}
            query={banks}
            empty={{ title: t('whitelist.noBanks'), hint: t('whitelist.noBanksHint') }}
            defaultSort={{ by: 'bank', direction: 'asc' }}
            search="rows"
            csv={{ fileName: `bank-accounts-${id}.csv` }}
          />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={opened} onClose={close} title={t('whitelist.requestWallet')} size="lg">
        <WalletRequestForm entityId={id} onDone={close} />
      </Modal>
      <Modal opened={bankOpened} onClose={bankForm.close} title={t('whitelist.requestBank')} size="lg">
        <BankRequestForm entityId={id} onDone={bankForm.close} />
      </Modal>
      <WalletRename wallet={renaming} entityId={id} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
