import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { useResetTradingPassword, useUpdateTradingUser } from '../api/users.mutations';
import { tradingUserQuery } from '../api/users.queries';

/** The user's login on the trading platform: name, trading accounts, status; password reset (support). */
export function TradingLogin({
  entityId,
  userId,
  canManage,
}: {
  entityId: number;
  userId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const login = useQuery(tradingUserQuery(entityId, userId));
  const update = useUpdateTradingUser();
  const reset = useResetTradingPassword();
  const [loginName, setLoginName] = useState('');
  const [accounts, setAccounts] = useState('');
  if (login.isPending) return <Text c="dimmed">{t('users.loading')}</Text>;
  const current = login.data;
  const save = async (status: 'active' | 'suspended') => {
    try {
      await update.mutateAsync({
        entityId,
        userId,
        loginName: loginName || current?.loginName || '',
        status,
        accounts: (accounts || current?.accounts.join(', ') || '').split(/[\s,]+/).filter(Boolean),
      });
      showSuccessToast(t('trading.saved'), loginName || current?.loginName || '');
    } catch (err) {
      showErrorToast(err);
    }
  };
  return (
    <Stack>
      {current ? (
        <Group>
          <Text ff="monospace">{current.loginName}</Text>
          <Badge color={current.status === 'active' ? 'teal' : 'gray'}>
            {t(`trading.statuses.${current.status}`)}
          </Badge>
          <Text size="sm">{current.accounts.join(', ') || t('trading.noAccounts')}</Text>
        </Group>
      ) : (
        <Text c="dimmed">{t('trading.none')}</Text>
      )}
      {canManage && (
        <>
          <TextInput
            label={t('trading.loginName')}
            defaultValue={current?.loginName ?? ''}
            onChange={(e) => setLoginName(e.currentTarget.value)}
          />
          <TextInput
            label={t('trading.accounts')}
            defaultValue={current?.accounts.join(', ') ?? ''}
            onChange={(e) => setAccounts(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            {current && (
              <Button
                variant="light"
                onClick={() => save(current.status === 'active' ? 'suspended' : 'active')}
              >
                {current.status === 'active' ? t('trading.suspend') : t('trading.activate')}
              </Button>
            )}
            <Button loading={update.isPending} onClick={() => save(current?.status ?? 'active')}>
              {t('rights.save')}
            </Button>
          </Group>
        </>
      )}
      {current && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            onClick={() =>
              modals.openConfirmModal({
                title: t('trading.resetTitle', { name: current.loginName }),
                labels: { confirm: t('users.confirm'), cancel: t('users.cancel') },
                onConfirm: async () => {
                  try {
                    const r = await reset.mutateAsync({
                      entityId,
                      userName: current.loginName,
                      id: current.id,
                    });
                    // Section 5: 'Password reset for {name} was successful.'
                    showSuccessToast(t('trading.reset'), r.message);
                  } catch (err) {
                    showErrorToast(err);
                  }
                },
              })
            }
          >
            {t('trading.reset')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
