import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Select,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type SortOrder } from '../components/data-table';
import { DateTimeText } from '../components/date-time-text';
import { PageFrame } from '../components/page-frame';
import { type PageSizeProps, usePaging } from '../components/pager';
import { entityForestQuery, flattenForest } from '../features/entities/api/entity-forest.query';
import { asksForSsoData, loadsUsersModule } from '../features/users/api/user-loading-rules';
import { useUpdateUser } from '../features/users/api/users.mutations';
import { rolesQuery, usersQuery } from '../features/users/api/users.queries';
import { heldOn } from '../features/users/components/grantable-keys';
import { InviteUserForm } from '../features/users/components/invite-user-form';
import { ResetTwoFactorForm } from '../features/users/components/reset-two-factor-form';
import { TemplateForm } from '../features/users/components/template-form';
import { UserDetails } from '../features/users/components/user-drawer';
import { UserEmail } from '../features/users/components/user-email';
import { EMPTY_CELL } from '../lib/format';
import { useSelectedEntity } from '../lib/selected-entity';
import { showErrorToast, showSuccessToast } from '../lib/toasts';

type Status = 'all' | 'active' | 'disabled';

const rolesText = (u: TUserSummary, t: (k: string, o?: Record<string, string>) => string) =>
  [
    ...u.roles.map((r) => r.name),
    ...u.groupRoles.map((r) => t('users.viaGroup', { role: r.name, group: r.groupName })),
  ].join(', ');
/** The cell names each role once; where a group gives it stays in the row's title and the CSV. */
const roleNames = (u: TUserSummary) =>
  [...new Set([...u.roles, ...u.groupRoles].map((r) => r.name))].join(', ');
type SortBy = 'username' | 'displayName' | 'lastLoginAt' | 'createdAt';

/**
 * `/user-management`: the users of the selected entity and those below it — filters,
 * sorting, paging; invite (Create User), disable/enable, unlock, resend the invitation,
 * reset 2FA (support), and the effective access of each.
 */
export function UsersPage(pageSize: PageSizeProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const entityId = entity?.entityId ?? 0;
  const caps = entity?.capabilities;
  const canManage = Boolean(caps?.canManageUser);
  const paging = usePaging(pageSize);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [twoFactor, setTwoFactor] = useState<'' | 'enabled' | 'pending'>('');
  const [roleId, setRoleId] = useState('');
  const roles = useQuery({
    ...rolesQuery(entityId),
    enabled: entityId > 0 && Boolean(caps?.canViewUserRoles),
  });
  const [order, setOrder] = useState<SortOrder>({ by: 'username', direction: 'asc' });
  const [inviting, invite] = useDisclosure(false);
  const [templating, template] = useDisclosure(false);
  // The shell has the forest already: the entity picker's list, and what the caller holds here.
  const forest = useQuery(entityForestQuery);
  const flat = flattenForest(forest.data ?? []);
  const held = heldOn(flat, entityId);
  const entities = flat.map((e) => ({
    value: String(e.entityId),
    label: `${'· '.repeat(e.depth)}${e.entityName}`,
  }));
  const [accessOf, setAccessOf] = useState<TUserSummary | null>(null);
  const list = useQuery({
    ...usersQuery(entityId, {
      ...(search ? { search } : {}),
      ...(status !== 'all' ? { status } : {}),
      ...(twoFactor ? { twoFactor } : {}),
      ...(roleId ? { roleId: Number(roleId) } : {}),
      sortBy: order.by as SortBy,
      sortDir: order.direction,
      limit: paging.pageSize,
      offset: paging.offset,
      // Section 6: SSO data only with canManageUser.
      withSso: asksForSsoData(entity),
    }),
    // Section 6: the module loads only with canViewUsersModule on the current or a child entity.
    enabled: entityId > 0 && loadsUsersModule(entity),
  });
  const update = useUpdateUser();
  const act = (title: string, body: Parameters<typeof update.mutateAsync>[0], done: string) =>
    modals.openConfirmModal({
      title,
      labels: { confirm: t('users.confirm'), cancel: t('users.cancel') },
      onConfirm: async () => {
        try {
          await update.mutateAsync(body);
          showSuccessToast(done, '');
        } catch (err) {
          showErrorToast(err);
        }
      },
    });

  const columns: Column<TUserSummary>[] = [
    {
      id: 'username',
      header: t('users.username'),
      cell: (u) => u.username,
      value: (u) => u.username,
      sort: 'server',
      fixed: true,
    },
    {
      id: 'displayName',
      header: t('users.displayName'),
      cell: (u) => u.displayName,
      value: (u) => u.displayName,
      sort: 'server',
    },
    { id: 'email', header: t('users.email'), cell: (u) => <UserEmail user={u} />, value: (u) => u.email },
    {
      id: 'entity',
      header: t('users.entity'),
      cell: (u) => u.homeEntityName,
      value: (u) => u.homeEntityName,
    },
    {
      id: 'status',
      header: t('users.status'),
      // Wide enough for the status badge and an invited or locked badge beside it.
      width: 180,
      value: (u) => u.status,
      cell: (u) => (
        <Group gap={4}>
          <Badge color={u.status === 'active' ? 'teal' : 'gray'}>{t(`users.statuses.${u.status}`)}</Badge>
          {u.invited && <Badge variant="light">{t('users.invited')}</Badge>}
          {u.lockedUntil && <Badge color="orange">{t('users.locked')}</Badge>}
        </Group>
      ),
    },
    {
      id: 'twoFactor',
      header: t('users.twoFactor'),
      value: (u) => (u.twoFactorEnabled ? 'enabled' : 'pending'),
      cell: (u) =>
        u.twoFactorEnabled
          ? t('users.twoFactorOn')
          : u.twoFactorRequired
            ? t('users.twoFactorPending')
            : t('users.twoFactorOff'),
    },
    {
      id: 'roles',
      header: t('users.roles'),
      // Own roles, then those held through a group (named with the group giving it).
      value: (u) => rolesText(u, t),
      cell: (u) => <span title={rolesText(u, t)}>{roleNames(u) || EMPTY_CELL}</span>,
    },
    {
      id: 'lastLoginAt',
      header: t('users.lastSignIn'),
      sort: 'server',
      value: (u) => u.lastLoginAt ?? '',
      cell: (u) => (u.lastLoginAt ? <DateTimeText value={u.lastLoginAt} /> : EMPTY_CELL),
    },
    {
      id: 'actions',
      header: t('shell.actions'),
      fixed: true,
      csv: false,
      cell: (u) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="subtle" aria-label={t('users.actionsFor', { name: u.username })}>
              {t('shell.actions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setAccessOf(u)}>{t('users.details')}</Menu.Item>
            {canManage && u.status === 'active' && (
              <Menu.Item
                color="red"
                onClick={() =>
                  act(
                    t('users.disableTitle', { name: u.displayName }),
                    { entityId, userId: u.id, status: 'disabled' },
                    t('users.disabled'),
                  )
                }
              >
                {t('users.disable')}
              </Menu.Item>
            )}
            {canManage && u.status === 'disabled' && (
              <Menu.Item
                onClick={() =>
                  act(
                    t('users.enableTitle', { name: u.displayName }),
                    { entityId, userId: u.id, status: 'active' },
                    t('users.enabled'),
                  )
                }
              >
                {t('users.enable')}
              </Menu.Item>
            )}
            {canManage && u.lockedUntil && (
              <Menu.Item
                onClick={() =>
                  act(
                    t('users.unlockTitle', { name: u.displayName }),
                    { entityId, userId: u.id, unlock: true },
                    t('users.unlocked'),
                  )
                }
              >
                {t('users.unlock')}
              </Menu.Item>
            )}
            {canManage && u.invited && (
              <Menu.Item
                onClick={() =>
                  act(
                    t('users.resendTitle', { name: u.displayName }),
                    { entityId, userId: u.id, resendInvite: true },
                    t('users.resent'),
                  )
                }
              >
                {t('users.resend')}
              </Menu.Item>
            )}
            <Menu.Item
              onClick={() => {
                const id = modals.open({
                  title: t('users.reset2faTitle', { name: u.displayName }),
                  children: (
                    <ResetTwoFactorForm
                      entityId={entityId}
                      userId={u.id}
                      onDone={(message) => {
                        modals.close(id);
                        showSuccessToast(t('users.reset2fa'), message);
                      }}
                    />
                  ),
                });
              }}
            >
              {t('users.reset2fa')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('pages.users')}
      actions={
        canManage ? (
          <Group>
            <Button variant="light" onClick={template.open}>
              {t('userTemplates.create')}
            </Button>
            <Button onClick={invite.open}>{t('users.create')}</Button>
          </Group>
        ) : undefined
      }
    >
      <DataTable
        id="users"
        label={t('pages.users')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(u) => u.id}
        query={list}
        empty={{ title: t('users.none'), hint: t('users.noneHint') }}
        sort={{
          ...order,
          onChange: (next) => {
            setOrder(next);
            paging.setPage(1);
          },
        }}
        paging={{ total: list.data?.total ?? 0, paging }}
        csv={{ fileName: 'users.csv' }}
        toolbar={
          <Group>
            <TextInput
              aria-label={t('users.search')}
              placeholder={t('users.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                paging.setPage(1);
              }}
            />
            <SegmentedControl
              aria-label={t('users.status')}
              value={status}
              onChange={(v) => {
                setStatus(v as Status);
                paging.setPage(1);
              }}
              data={[
                { value: 'all', label: t('users.statuses.all') },
                { value: 'active', label: t('users.statuses.active') },
                { value: 'disabled', label: t('users.statuses.disabled') },
              ]}
            />
            <Select
              aria-label={t('users.twoFactor')}
              placeholder={t('users.twoFactorAny')}
              clearable
              value={twoFactor || null}
              onChange={(v) => {
                setTwoFactor((v ?? '') as typeof twoFactor);
                paging.setPage(1);
              }}
              data={[
                { value: 'enabled', label: t('users.twoFactorOn') },
                { value: 'pending', label: t('users.twoFactorNotSet') },
              ]}
            />
            {roles.data && (
              <Select
                aria-label={t('users.role')}
                placeholder={t('users.anyRole')}
                clearable
                searchable
                value={roleId || null}
                onChange={(v) => {
                  setRoleId(v ?? '');
                  paging.setPage(1);
                }}
                data={(roles.data as { id: number; name: string }[]).map((r) => ({
                  value: String(r.id),
                  label: r.name,
                }))}
              />
            )}
          </Group>
        }
      />
      <Modal opened={templating} onClose={template.close} title={t('userTemplates.create')}>
        <TemplateForm entityId={entityId} entities={entities} onDone={template.close} />
      </Modal>
      <Modal opened={inviting} onClose={invite.close} title={t('users.create')}>
        <InviteUserForm entityId={entityId} onDone={invite.close} />
      </Modal>
      <Drawer
        opened={accessOf !== null}
        onClose={() => setAccessOf(null)}
        position="right"
        size="xl"
        title={accessOf?.displayName ?? ''}
      >
        {accessOf && (
          <UserDetails
            entityId={entityId}
            // The row as the list shows it now (an edit refreshes the list).
            user={list.data?.items.find((u) => u.id === accessOf.id) ?? accessOf}
            canManage={canManage}
            held={held}
            onDone={() => setAccessOf(null)}
          />
        )}
      </Drawer>
    </PageFrame>
  );
}
