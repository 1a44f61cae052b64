import type { TWallet } from '@clearway/contracts/endpoints/wallet.schemas';
import { Badge, Button, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ListState } from '../../../components/list-state';
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
      {t('whitelist.usableFrom', { when: new Date(usableFrom).toLocaleString() })}
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
            <ListState
              query={wallets}
              count={(wallets.data ?? []).length}
              label={t('whitelist.wallets')}
              empty={{ title: t('whitelist.noWallets'), hint: t('whitelist.noWalletsHint') }}
            >
              <DataTable aria-label={t('whitelist.wallets')} striped>
                <Table.Tbody>
                  {(wallets.data ?? []).map((w) => (
                    <Table.Tr key={w.id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {w.friendlyName}
                        </Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {w.network} · {w.address}
                          {w.tagMemo ? ` · ${w.tagMemo}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{w.digitalAssets.join(', ')}</Table.Td>
                      <Table.Td>
                        <Usability usable={w.usable} usableFrom={w.usableFrom} />
                      </Table.Td>
                      <Table.Td>
                        {canRequest && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => askRemoval(w.id, w.friendlyName)}
                          >
                            {t('whitelist.requestRemoval')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </DataTable>
            </ListState>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="banks" pt="md">
          {canRequest && (
            <Group justify="flex-end" mb="sm">
              <Button onClick={bankForm.open}>{t('whitelist.requestBank')}</Button>
            </Group>
          )}
          <ListState
            query={banks}
            count={(banks.data ?? []).length}
            label={t('whitelist.bankAccounts')}
            empty={{ title: t('whitelist.noBanks'), hint: t('whitelist.noBanksHint') }}
          >
            <DataTable aria-label={t('whitelist.bankAccounts')} striped>
              <Table.Tbody>
                {(banks.data ?? []).map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {b.bankName}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {b.iban ?? b.accountNumber} · {b.bic}
                      </Text>
                    </Table.Td>
                    <Table.Td>{b.currency}</Table.Td>
                    <Table.Td>
                      <Usability usable={b.usable} usableFrom={b.usableFrom} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </DataTable>
          </ListState>
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
