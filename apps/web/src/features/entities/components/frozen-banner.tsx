import { Alert } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown to the users of a frozen entity (or one below a frozen entity), on every page. */
export function FrozenBanner({ entityName }: { entityName: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconSnowflake size={18} />}
      title={t('entitiesPage.frozenBannerTitle')}
      mb="md"
      role="status"
    >
      {t('entitiesPage.frozenBanner', { name: entityName })}
    </Alert>
  );
}
