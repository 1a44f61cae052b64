import type { TNotification } from '@clearway/contracts/endpoints/platform.endpoints';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../components/date-time-text';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../features/notifications/api/notifications.mutations';
import { notificationsQuery } from '../features/notifications/api/notifications.queries';
import { useAppStore } from './store/app-store';

/** Notifications shown at first, and added by each "Show more" (the server gives 100 at most). */
const PAGE = 20;
const MOST = 100;

/** Where a notice may lead: a path of this portal, never another site. */
const portalPath = (link: string | null) => (link?.startsWith('/') && !link.startsWith('//') ? link : null);

/**
 * The bell in the header: the user's notifications as the server stores them (loaded on
 * sign-in, refreshed by each live one), with the server's unread count. Opening one marks
 * it read and goes to its object; opening the list marks what it shows visited (the
 * persisted client state, section 3).
 */
export function NotificationCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [limit, setLimit] = useState(PAGE);
  const notices = useQuery(notificationsQuery(limit));
  const state = useAppStore((s) => s.notifications);
  const markVisited = useAppStore((s) => s.markNotificationsVisited);
  const syncNotifications = useAppStore((s) => s.syncNotifications);
  const setPersisted = useAppStore((s) => s.setPersisted);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  useEffect(() => {
    if (notices.data) syncNotifications(notices.data.items);
  }, [notices.data, syncNotifications]);

  const unread = notices.data?.unread ?? 0;
  const items = notices.data?.items ?? [];
  const setOpened = (opened: boolean) => {
    if (!opened && state.opened) markVisited();
    setPersisted({ notifications: { ...useAppStore.getState().notifications, opened } });
  };
  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape' && state.opened) setOpened(false);
  });

  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
    const to = portalPath(n.link);
    setOpened(false);
    // A link may carry a query string (`/approvals?request=12`): navigated to as a whole.
    if (to) void navigate({ href: to });
  };

  return (
    <Popover width={380} position="bottom-end" shadow="md" opened={state.opened} onChange={setOpened}>
      {/* The popover's ARIA state belongs on the button, not on the badge around it. */}
      <Indicator disabled={unread === 0} label={unread} size={16} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={
              unread > 0 ? t('shell.notificationsUnread', { count: unread }) : t('shell.notifications')
            }
            onClick={() => setOpened(!state.opened)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('shell.notifications')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('shell.markAllRead')}
          </Button>
        </Group>
        {notices.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('shell.loadingNotifications')}>
            <Skeleton height={44} />
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : notices.isError ? (
          <Text c="red.8" size="sm" role="alert">
            {t('shell.notificationsFailed')}
          </Text>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('shell.noNotifications')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    p="xs"
                    w="100%"
                    onClick={() => open(n)}
                    style={{
                      borderInlineStart: `3px solid ${n.read ? 'transparent' : 'var(--mantine-color-blue-7)'}`,
                    }}
                  >
                    <Text size="sm" fw={n.read ? 500 : 700}>
                      {!n.read && <VisuallyHidden>{`${t('shell.unread')}: `}</VisuallyHidden>}
                      {n.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {n.message}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <DateTimeText value={n.createdAt} />
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
            {items.length < (notices.data?.total ?? 0) && limit < MOST && (
              <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setLimit(limit + PAGE)}>
                {t('shell.showMore')}
              </Button>
            )}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
