import { type MenuContext, type MenuItem, visibleMenu } from '@clearway/contracts/menu';
import { Badge, NavLink, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export type Panel = NonNullable<MenuItem['panel']>;
/** A count shown beside a menu entry, by the entry's id (the approvals waiting, say). */
export type MenuBadges = Readonly<Record<string, number>>;

/** An entry's count as a badge a screen reader reads with the entry ("Approvals, 3 waiting"). */
function CountBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="filled" color="red.8" circle={count < 10}>
      {count}
      <VisuallyHidden>{` ${t('shell.badgeWaiting')}`}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The menu as far as it is known: `null` while the selected entity's permissions load, else
 * exactly the entries they allow (none when the user has no entity at all). Never the whole
 * tree: an entry shown before the permissions arrive could be one the user may not use.
 */
export function menuFor(context: MenuContext | null, permissionsKnown: boolean): MenuItem[] | null {
  if (context) return visibleMenu(context);
  return permissionsKnown ? [] : null;
}

function MenuEntry({
  item,
  pathname,
  onPanel,
  badges,
}: {
  item: MenuItem;
  pathname: string;
  onPanel: (p: Panel) => void;
  badges: MenuBadges;
}) {
  if (item.children) {
    return (
      <NavLink label={item.label} defaultOpened childrenOffset="sm" fw={600}>
        {item.children.map((c) => (
          <MenuEntry key={c.id} item={c} pathname={pathname} onPanel={onPanel} badges={badges} />
        ))}
      </NavLink>
    );
  }
  const count = badges[item.id] ?? 0;
  const rightSection = count > 0 ? <CountBadge count={count} /> : undefined;
  if (!item.path)
    return (
      <NavLink label={item.label} component="button" onClick={() => item.panel && onPanel(item.panel)} />
    );
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={item.label}
      active={pathname === item.path}
      rightSection={rightSection}
    />
  );
}

/** Grey bars where the entries will be, and a name for screen readers, while the menu loads. */
function MenuSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="xs">
      <VisuallyHidden>{t('shell.menuLoading')}</VisuallyHidden>
      {[70, 55, 80, 60, 75, 50].map((width) => (
        <Skeleton key={width} height={12} width={`${width}%`} radius="sm" aria-hidden />
      ))}
    </Stack>
  );
}

/** The entries of the main menu, or its skeleton while `items` is not known yet. */
export function AppMenu({
  items,
  pathname,
  onPanel,
  badges = {},
}: {
  items: readonly MenuItem[] | null;
  pathname: string;
  onPanel: (p: Panel) => void;
  badges?: MenuBadges;
}) {
  if (items === null) return <MenuSkeleton />;
  return items.map((item) => (
    <MenuEntry key={item.id} item={item} pathname={pathname} onPanel={onPanel} badges={badges} />
  ));
}
