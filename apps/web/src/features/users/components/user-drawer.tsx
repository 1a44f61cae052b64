import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditUserForm } from './edit-user-form';
import { EffectiveAccess } from './effective-access';
import type { HeldKeys } from './grantable-keys';
import { SsoLinks } from './sso-links';
import { TradingLogin } from './trading-login';
import { UserAccessEditor } from './user-access-editor';
import { UserDirectPermissions } from './user-direct-permissions';

/** One user: profile (edit), groups and roles, direct permissions, effective access, trading-platform login and SSO links (managers only). */
export function UserDetails({
  entityId,
  user,
  canManage,
  held,
  onDone,
}: {
  entityId: number;
  user: TUserSummary;
  canManage: boolean;
  /** What the administrator holds on the selected entity (what it may grant). */
  held: HeldKeys;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="access" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="access">{t('users.effectiveAccess')}</Tabs.Tab>
        {canManage && <Tabs.Tab value="profile">{t('users.profile')}</Tabs.Tab>}
        {canManage && <Tabs.Tab value="rights">{t('users.groupsAndRoles')}</Tabs.Tab>}
        {canManage && <Tabs.Tab value="direct">{t('users.directTab')}</Tabs.Tab>}
        <Tabs.Tab value="trading">{t('trading.title')}</Tabs.Tab>
        {canManage && <Tabs.Tab value="sso">{t('sso.title')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="access" pt="md">
        <EffectiveAccess entityId={entityId} principal={{ kind: 'user', id: user.id }} />
      </Tabs.Panel>
      {canManage && (
        <Tabs.Panel value="profile" pt="md">
          <EditUserForm entityId={entityId} user={user} onDone={onDone} />
        </Tabs.Panel>
      )}
      {canManage && (
        <Tabs.Panel value="rights" pt="md">
          <UserAccessEditor entityId={entityId} user={user} />
        </Tabs.Panel>
      )}
      {canManage && (
        <Tabs.Panel value="direct" pt="md">
          <UserDirectPermissions entityId={entityId} user={user} held={held} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="trading" pt="md">
        <TradingLogin entityId={entityId} userId={user.id} canManage={canManage} />
      </Tabs.Panel>
      {canManage && (
        <Tabs.Panel value="sso" pt="md">
          <SsoLinks entityId={entityId} user={user} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
