import { ENVIRONMENT_LABELS } from '@clearway/contracts/enums';
import { isPathAllowed, MENU, type MenuItem, visibleMenu } from '@clearway/contracts/menu';
import {
  AppShell,
  Badge,
  Burger,
  Drawer,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../features/auth/api/auth.calls';
import { EntitySelector } from '../features/entities/components/entity-selector';
import { WalletTypeNotice } from '../features/whitelist/components/wallet-type-notice';
import { runtimeConfig } from '../lib/runtime-config';
import { SelectedEntityContext } from '../lib/selected-entity';
import { useEntityContext } from './entity-context';
import { NotificationCentre } from './notification-centre';
import { PanelContent } from './panels';
import { SessionSync, useLocalSignOut } from './session-sync';
import { useAppStore } from './store/app-store';

type Panel = NonNullable<MenuItem['panel']>;

function MenuEntry({
  item,
  pathname,
  onPanel,
}: {
  item: MenuItem;
  pathname: string;
  onPanel: (p: Panel) => void;
}) {
  if (item.children) {
    return (
      <NavLink label={item.label} defaultOpened childrenOffset="sm" fw={600}>
        {item.children.map((c) => (
          <MenuEntry key={c.id} item={c} pathname={pathname} onPanel={onPanel} />
        ))}
      </NavLink>
    );
  }
  if (!item.path)
    return (
      <NavLink label={item.label} component="button" onClick={() => item.panel && onPanel(item.panel)} />
    );
  return <NavLink component={Link} to={item.path} label={item.label} active={pathname === item.path} />;
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
  // Permissions not known yet: the whole menu (section 5 allows every path until then).
  const menu = entity.menuContext ? visibleMenu(entity.menuContext) : MENU;

  // Section 5: a menu path the selected entity's permissions do not allow goes to `/`.
  useEffect(() => {
    if (pathname !== '/' && !isPathAllowed(pathname, entity.menuContext)) void navigate({ to: '/' });
  }, [pathname, entity.menuContext, navigate]);
  const onLogout = async () => signOut(await logout().catch(() => '/login'));

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
      <AppShell.Navbar p="xs" aria-label={t('shell.menu')}>
        <ScrollArea>
          {menu.map((item) => (
            <MenuEntry key={item.id} item={item} pathname={pathname} onPanel={setPanel} />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <SessionSync />
        <SelectedEntityContext.Provider value={entity.selectedEntity}>
          <Outlet />
          <WalletTypeNotice
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
