import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { total: number; value: number; onChange: (page: number) => void };

/** Page controls a screen reader can name: 'Previous page', 'Next page', 'Page 2'. */
export function Pager({ total, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('pager.page', { page }) })}
    />
  );
}
