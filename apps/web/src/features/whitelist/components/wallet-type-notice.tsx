import { WALLET_TYPES } from '@clearway/contracts/enums';
import { walletsAwaitingType } from '@clearway/contracts/networks';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { showErrorToast } from '../../../lib/toasts';
import { useSetWalletType } from '../api/whitelist.mutations';
import { walletsQuery } from '../api/whitelist.queries';

/**
 * Section 4's wallet type update, prompted once (the persisted wallet-type notice): the
 * wallets whose type is still Unknown, active and with status active, by friendly name.
 */
export function WalletTypeNotice({ visited, onVisited }: { visited: boolean; onVisited: () => void }) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const allowed = Boolean(entity?.capabilities.canUpdateWalletType);
  const update = useSetWalletType(id);
  const wallets = useQuery({ ...walletsQuery(id), enabled: allowed && !visited && id > 0 });
  const pending = walletsAwaitingType(wallets.data ?? []);
  const opened = allowed && !visited && pending.length > 0;

  async function setType(walletId: number, walletType: string) {
    try {
      await update.mutateAsync({ walletId, walletType: walletType as (typeof WALLET_TYPES)[number] });
    } catch (err) {
      showErrorToast(err);
    }
  }

  return (
    <Modal opened={opened} onClose={onVisited} title={t('walletType.title')} size="lg">
      <Stack>
        <Text size="sm">{t('walletType.text')}</Text>
        {pending.map((w) => (
          <Group key={w.id} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {w.friendlyName}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {w.network} · {w.address}
              </Text>
            </Stack>
            <Select
              aria-label={t('walletType.typeOf', { name: w.friendlyName })}
              placeholder={t('walletType.pick')}
              data={WALLET_TYPES.filter((x) => x !== 'Regulated Custodian Wallet')}
              onChange={(v) => v && setType(w.id, v)}
              w={240}
            />
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('walletType.custodianHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onVisited}>
            {t('walletType.later')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
