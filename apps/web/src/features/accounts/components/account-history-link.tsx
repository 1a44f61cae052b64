import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { useSelectedEntity } from '../../../lib/selected-entity';

/**
 * An account's name that opens its cash-entry history (narrowed to it), for whoever may see
 * the history; plain text for anyone else.
 */
export function AccountHistoryLink({ accountId, name }: { accountId: number; name: string }) {
  const { t } = useTranslation();
  if (!useSelectedEntity()?.capabilities.canViewCashEntries) return <Text size="sm">{name}</Text>;
  return (
    <AnchorLink
      to="/deposit-and-withdrawals/historic"
      search={{ accountId }}
      size="sm"
      title={t('accountsPage.historyOf', { name })}
    >
      {name}
    </AnchorLink>
  );
}
