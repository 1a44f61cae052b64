import { WALLET_TYPES } from '@clearway/contracts/enums';
import { walletsAwaitingType } from '@clearway/contracts/networks';
import { Button, CloseButton, Dialog, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedEntity } from '../../../lib/selected-entity';
import { showErrorToast } from '../../../lib/toasts';
import { useSetWalletType } from '../api/whitelist.mutations';
import { walletsQuery } from '../api/whitelist.queries';

/**
 * Section 4's wallet type update, prompted once (the persisted wallet-type notice): the
 * wallets whose type is still Unknown, active and with status active, by friendly name.
 * A notice in the corner, never a modal: it does not stand between anyone and their work,
 * and it concerns the wallet's holders — shown on the user's own entity, not to staff
 * looking at a client whose wallet awaits a type.
 */
export function WalletTypeNotice({
  visited,
  onVisited,
  ownEntity,
}: {
  visited: boolean;
  onVisited: () => void;
  /** The selected entity is the user's own (the top of their entity tree), not one below it. */
  ownEntity: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const concerned = ownEntity && Boolean(entity?.capabilities.canUpdateWalletType);
  const update = useSetWalletType(id);
  const wallets = useQuery({ ...walletsQuery(id), enabled: concerned && !visited && id > 0 });
  const pending = walletsAwaitingType(wallets.data ?? []);
  const opened = concerned && !visited && pending.length > 0;

  async function setType(walletId: number, walletType: string) {
    try {
      await update.mutateAsync({ walletId, walletType: walletType as (typeof WALLET_TYPES)[number] });
    } catch (err) {
      showErrorToast(err);
    }
  }

  return (
    <Dialog
      opened={opened}
      onClose={onVisited}
      size="lg"
      position={{ bottom: 20, right: 20 }}
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} id={titleId}>
            {t('walletType.title')}
          </Text>
          <CloseButton aria-label={t('shell.close')} onClick={onVisited} />
        </Group>
        <Text size="sm">{t('walletType.text')}</Text>
        {pending.map((w) => (
          <Group key={w.id} justify="space-between" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm">
                {w.friendlyName}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {w.network} · {w.address}
              </Text>
            </Stack>
            <Select
              aria-label={t('walletType.typeOf', { name: w.friendlyName })}
              placeholder={t('walletType.pick')}
              data={WALLET_TYPES.filter((x) => x !== 'Regulated Custodian Wallet')}
              onChange={(v) => v && setType(w.id, v)}
              w={220}
            />
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('walletType.custodianHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onVisited}>
            {t('walletType.later')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
