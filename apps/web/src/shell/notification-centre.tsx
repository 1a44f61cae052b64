import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from './store/app-store';

/** The bell in the header: unread notifications, marked visited when the list is opened. */
export function NotificationCentre() {
  const { t } = useTranslation();
  const notifications = useAppStore((s) => s.notifications);
  const markVisited = useAppStore((s) => s.markNotificationsVisited);
  const setPersisted = useAppStore((s) => s.setPersisted);
  const unread = notifications.list.filter((n) => !n.visited).length;

  return (
    <Popover
      width={360}
      position="bottom-end"
      shadow="md"
      opened={notifications.opened}
      onChange={(opened) => setPersisted({ notifications: { ...notifications, opened } })}
      onClose={markVisited}
    >
      {/* The popover's ARIA state belongs on the button, not on the badge around it. */}
      <Indicator disabled={unread === 0} label={unread} size={16} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('shell.notifications')}
            onClick={() =>
              setPersisted({ notifications: { ...notifications, opened: !notifications.opened } })
            }
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Text fw={600} mb="xs">
          {t('shell.notifications')}
        </Text>
        {notifications.list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('shell.noNotifications')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap="xs">
              {notifications.list.map((n) => (
                <UnstyledButton
                  key={n.id}
                  p="xs"
                  bg={n.visited ? undefined : 'var(--mantine-color-blue-light)'}
                >
                  <Text size="sm" fw={600}>
                    {n.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {n.message}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
