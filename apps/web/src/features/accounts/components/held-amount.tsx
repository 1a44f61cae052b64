import { Money } from '@clearway/contracts/amounts';
import { requestTypeOf } from '@clearway/contracts/request-types/request-types';
import { Anchor, Loader, Popover, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format/dates';
import { serverMessage } from '../../../lib/gateway';
import { heldByQuery } from '../../money-requests/api/money-requests.queries';
import { useAssetOf } from '../../reference-data/api/reference-data.queries';

type Position = {
  entityId: number;
  accountId: number;
  accountName: string;
  asset: string;
  held: string;
};

/** What holds the funds: the pending requests out of the account, each with who asked and when. */
function HeldBy({ entityId, accountId, asset }: Position) {
  const { t } = useTranslation();
  const assetOf = useAssetOf();
  const requests = useQuery(heldByQuery(entityId, accountId, asset));
  if (requests.isPending) return <Loader size="xs" aria-label={t('overview.heldLoading')} />;
  if (requests.isError) return <Text size="sm">{serverMessage(requests.error)}</Text>;
  if (requests.data.length === 0) return <Text size="sm">{t('overview.heldByNothing')}</Text>;
  return (
    <Stack gap={6}>
      {requests.data.map((r) => (
        <div key={r.id}>
          <Text size="sm">
            {t('overview.heldByRequest', {
              id: r.id,
              type: requestTypeOf(r.type).label,
              amount: formatAmount(r.payload.amount, assetOf(asset)),
              asset,
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('overview.heldRequestedBy', { name: r.requester.name, when: formatDateTime(r.createdAt) })}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/**
 * A held amount that explains itself: when anything is held, the figure opens the pending
 * requests holding it (loaded when opened). Zero stays plain text.
 */
export function HeldAmount(p: Position) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const text = formatAmount(p.held, useAssetOf()(p.asset));
  if (new Money(p.held).isZero()) return <>{text}</>;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={320}>
      <Popover.Target>
        <Anchor
          component="button"
          type="button"
          ff="monospace"
          fz="sm"
          aria-label={t('overview.heldFor', { held: text, asset: p.asset, account: p.accountName })}
          onClick={() => setOpened((o) => !o)}
        >
          {text}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('overview.heldByTitle')}
          </Text>
          {opened && <HeldBy {...p} />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
