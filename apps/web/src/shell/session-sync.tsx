import { LOGOUT_BROADCAST_KEY } from '@clearway/contracts/session';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useIdle, useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceKeys } from '../features/accounts/api/accounts.keys';
import { inboxKeys } from '../features/approvals/api/inbox.keys';
import { useLogout } from '../features/auth/api/auth.mutations';
import { sessionQuery } from '../features/auth/api/auth.queries';
import { cashEntryKeys } from '../features/cash-entries/api/cash-entries.keys';
import { moneyRequestKeys } from '../features/money-requests/api/money-requests.keys';
import { notificationKeys } from '../features/notifications/api/notifications.keys';
import { whitelistRequestKeys } from '../features/whitelist/api/whitelist.keys';
import { runtimeConfig } from '../lib/runtime-config';
import { isLoggedIn } from '../lib/session';
import { useAppStore } from './store/app-store';

/** Signs out locally: the client state is reset and the user lands on /login. */
export function useLocalSignOut() {
  const queryClient = useQueryClient();
  const reset = useAppStore((s) => s.reset);
  const navigate = useNavigate();
  return useCallback(
    async (to = '/login', search?: Record<string, string>) => {
      queryClient.clear();
      reset();
      // Signing out of Microsoft too: its end-session page lies outside the app.
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else await navigate({ to, search });
    },
    [queryClient, reset, navigate],
  );
}

/**
 * Keeps this tab's session in step (section 4): refreshed when the tab becomes visible or
 * another tab writes storage, and every `sessionPollMs` while visible when configured;
 * logged out when another tab logs out, and sent to /login when the session is gone.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const poll = runtimeConfig.sessionPollMs;
  const session = useQuery({ ...sessionQuery, refetchInterval: poll > 0 ? poll : false });
  const signOut = useLocalSignOut();
  const href = useRouterState({ select: (s) => s.location.href });

  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    const onStorage = (e: StorageEvent) => {
      if (e.key === LOGOUT_BROADCAST_KEY) void signOut('/login');
      else void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, signOut]);

  const gone = session.isSuccess && !isLoggedIn(session.data);
  useEffect(() => {
    if (gone) void signOut('/login', { error: 'SessionRequired', callbackUrl: href });
  }, [gone, signOut, href]);

  useLiveNotifications(isLoggedIn(session.data));
  return <IdleNotice />;
}

/**
 * What a live notice changes: the stored notifications (list and unread count), and what a
 * request's notice may have changed — every entity's requests, balances and history.
 */
const LIVE_QUERIES = [
  notificationKeys.all,
  inboxKeys.all,
  moneyRequestKeys.all,
  whitelistRequestKeys.all,
  balanceKeys.all,
  cashEntryKeys.all,
];

/** Live notifications (Server-Sent Events) into the notification centre, with a toast. */
function useLiveNotifications(active: boolean) {
  const addNotification = useAppStore((s) => s.addNotification);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener('notification', (e) => {
      const n = JSON.parse((e as MessageEvent<string>).data) as {
        id: number;
        title: string;
        message: string;
        link: string | null;
        createdAt: string;
      };
      // Section 4: it starts as not visited (until the stored list, refetched below, has it).
      addNotification({
        id: String(n.id),
        title: n.title,
        message: n.message,
        createdAt: n.createdAt,
        ...(n.link ? { link: n.link } : {}),
      });
      notifications.show({ title: n.title, message: n.message, color: 'indigo' });
      // Every notification is about a request: a new one, or a decision that moved money.
      for (const queryKey of LIVE_QUERIES) queryClient.invalidateQueries({ queryKey });
    });
    return () => source.close();
  }, [active, addNotification, queryClient]);
}

/** Warns before the idle time-out, then logs out when the warning runs out. */
function IdleNotice() {
  const { t } = useTranslation();
  const idle = useIdle(runtimeConfig.idleTimeoutMs, { initialState: false });
  const signOut = useLocalSignOut();
  const total = Math.ceil(runtimeConfig.idleExpirationTimeoutMs / 1000);
  const [left, setLeft] = useState(total);
  const tick = useInterval(() => setLeft((s) => s - 1), 1000);
  const { mutateAsync: logout } = useLogout();

  useEffect(() => {
    if (idle) {
      setLeft(total);
      tick.start();
    } else tick.stop();
    return tick.stop;
  }, [idle, total, tick.start, tick.stop]);

  const leave = useCallback(async () => {
    tick.stop();
    const to = await logout().catch(() => '/login');
    await signOut(to);
  }, [signOut, tick.stop, logout]);

  useEffect(() => {
    if (idle && left <= 0 && !runtimeConfig.forcedLogoutDisabled) void leave();
  }, [idle, left, leave]);

  return (
    <Modal
      opened={idle && left > 0}
      onClose={() => tick.stop()}
      title={t('shell.idleTitle')}
      centered
      withCloseButton={false}
    >
      <Text mb="md">{t('shell.idleText', { seconds: left })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={leave}>
          {t('shell.signOutNow')}
        </Button>
        <Button onClick={() => window.dispatchEvent(new Event('mousemove'))}>{t('shell.stay')}</Button>
      </Group>
    </Modal>
  );
}
