import { ENVIRONMENT_LABELS } from '@clearway/contracts/enums';
import { isPathAllowed, type MenuItem, menuItemForPath } from '@clearway/contracts/menu';
import {
  AppShell,
  Badge,
  Burger,
  Center,
  Drawer,
  Group,
  Loader,
  Menu,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inboxCountQuery } from '../features/approvals/api/inbox.queries';
import { useLogout } from '../features/auth/api/auth.mutations';
import { EntitySelector } from '../features/entities/components/entity-selector';
import { FrozenBanner } from '../features/entities/components/frozen-banner';
import { WalletTypeNotice } from '../features/whitelist/components/wallet-type-notice';
import { runtimeConfig } from '../lib/runtime-config';
import { SelectedEntityContext } from '../lib/selected-entity';
import { AppMenu, type MenuBadges, menuFor, type Panel } from './app-menu';
import { useEntityContext } from './entity-context';
import { showForbiddenRoute } from './forbidden-route';
import { NotificationCentre } from './notification-centre';
import { PanelContent } from './panels';
import { SessionSync, useLocalSignOut } from './session-sync';
import { useAppStore } from './store/app-store';

/**
 * The counts beside menu entries: the requests waiting for the user's decision beside
 * Approvals, read only when the entry shows (live notices refresh it).
 */
function useMenuBadges(menu: readonly MenuItem[] | null, entityId: number): MenuBadges {
  const shows = (items: readonly MenuItem[]): boolean =>
    items.some((i) => i.id === 'approvals' || (i.children ? shows(i.children) : false));
  const waiting = useQuery({ ...inboxCountQuery(entityId), enabled: entityId > 0 && shows(menu ?? []) });
  return { approvals: waiting.data ?? 0 };
}

/** The signed-in frame: header (product, environment, notifications, user menu) and the menu. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const envLabel = ENVIRONMENT_LABELS[runtimeConfig.environment];
  const signOut = useLocalSignOut();
  const [panel, setPanel] = useState<Panel | null>(null);
  const notices = useAppStore((s) => s.notifications);
  const setPersisted = useAppStore((s) => s.setPersisted);
  const navigate = useNavigate();
  const entity = useEntityContext();
  // Until the selected entity's permissions are known the menu is a skeleton and the page
  // waits: showing either earlier would offer what the user may not use, or claim "nothing
  // to show" for data still on its way. `aria-busy` says which state the frame is in.
  const menu = menuFor(entity.menuContext, entity.permissionsKnown);
  const loading = menu === null;
  const badges = useMenuBadges(menu, entity.selected?.entityId ?? -1);
  // Section 4: a menu path the selected entity's permissions do not allow goes to `/` (and
  // is not drawn on the way there) — saying why, never silently.
  const forbidden = pathname !== '/' && !isPathAllowed(pathname, entity.menuContext);
  const entityName = entity.selected?.entityName ?? '';
  useEffect(() => {
    if (!forbidden) return;
    const page = menuItemForPath(pathname)?.label ?? pathname;
    showForbiddenRoute(t('pages.forbidden'), t('errors.routeForbidden', { page, entity: entityName }));
    void navigate({ to: '/' });
  }, [forbidden, navigate, pathname, entityName, t]);
  const logout = useLogout();
  const onLogout = async () => signOut(await logout.mutateAsync().catch(() => '/login'));

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        {/* On a narrow screen the entity name gives way (truncated), never the header's height. */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
            />
            <Text fw={800} fz="lg" component={Link} to="/" c="inherit" td="none">
              {runtimeConfig.productName}
            </Text>
            {envLabel && (
              <Badge variant="light" visibleFrom="xs">
                {envLabel}
              </Badge>
            )}
            {entity.list.length > 0 && (
              <EntitySelector
                list={entity.list}
                currentId={entity.selected?.entityId ?? -1}
                onSelect={entity.select}
              />
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationCentre />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('shell.userMenu')}>
                  <Group gap={4}>
                    <IconUserCircle size={24} />
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/user/change-password">
                  {t('shell.changePassword')}
                </Menu.Item>
                <Menu.Item onClick={onLogout} color="red.9">
                  {t('shell.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('shell.menu')} aria-busy={loading}>
        <ScrollArea>
          <AppMenu items={menu} pathname={pathname} onPanel={setPanel} badges={badges} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main aria-busy={loading}>
        <SessionSync />
        <SelectedEntityContext.Provider value={entity.selectedEntity}>
          {loading || forbidden ? (
            <Center py="xl">
              <Loader aria-label={t('shell.permissionsLoading')} />
            </Center>
          ) : (
            <>
              {entity.selected?.frozen && <FrozenBanner entityName={entity.selected.entityName} />}
              <Outlet />
            </>
          )}
          <WalletTypeNotice
            ownEntity={entity.selected?.depth === 0}
            visited={notices.walletTypeNoticeVisited}
            onVisited={() => setPersisted({ notifications: { ...notices, walletTypeNoticeVisited: true } })}
          />
          <Drawer
            opened={panel !== null}
            onClose={() => setPanel(null)}
            position="right"
            size="xl"
            title={panel ? t(`panels.${panel}`) : ''}
          >
            {panel && <PanelContent panel={panel} />}
          </Drawer>
        </SelectedEntityContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
}
