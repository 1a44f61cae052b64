import type { TEntity, TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSaved } from '../../../components/saved-confirmation';
import { EMPTY_CELL } from '../../../lib/format';
import { useUpdateEntity } from '../api/entities.mutations';
import {
  entityAccountsQuery,
  entityReference,
  entityViewQuery,
  relatedEntitiesQuery,
} from '../api/entities.queries';
import { FreezeEntity, MoveEntity, ToggleActive } from './entity-actions';
import { EntityForm } from './entity-form';

export type EntityPageRights = {
  canEdit: boolean;
  canFreeze: boolean;
  canViewAccounts: boolean;
  canViewRelated: boolean;
};

/** Two columns of label and value. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value ?? EMPTY_CELL}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An entity's page (opened from /entities, `?entity=12`): its section 3 fields, addresses,
 * name mappings, attributes, related entities, accounts and trading settings, with edit,
 * move, deactivate and freeze for those who may; `policies` is its approval policies control.
 */
export function EntityDrawer({
  actingId,
  entityId,
  forest,
  rights,
  policies,
  users,
  onClose,
}: {
  actingId: number;
  entityId: number | null;
  forest: readonly TEntityNode[];
  rights: EntityPageRights;
  policies?: (entityId: number) => ReactNode;
  users?: (entityId: number) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const view = useQuery({ ...entityViewQuery(actingId, entityId ?? 0), enabled: entityId !== null });
  const e = view.data;
  return (
    <Drawer
      opened={entityId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={e ? e.entityName : t('entitiesPage.entity')}
    >
      {view.isPending ? (
        <Stack>
          <Skeleton h={24} />
          <Skeleton h={200} />
        </Stack>
      ) : view.isError || !e ? (
        <Alert color="red">{t('entitiesPage.notFound')}</Alert>
      ) : (
        <EntityPage
          entity={e}
          actingId={actingId}
          forest={forest}
          rights={rights}
          policies={policies}
          users={users}
        />
      )}
    </Drawer>
  );
}

function EntityPage({
  entity: e,
  actingId,
  forest,
  rights,
  policies,
  users,
}: {
  entity: TEntity;
  actingId: number;
  forest: readonly TEntityNode[];
  rights: EntityPageRights;
  policies?: (entityId: number) => ReactNode;
  users?: (entityId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, { open: edit, close: stopEditing }] = useDisclosure(false);
  const update = useUpdateEntity();
  const conversion = useQuery(entityReference.conversionProfiles);
  const roll = useQuery(entityReference.rollProfiles);
  const accounts = useQuery({ ...entityAccountsQuery(e.entityId), enabled: rights.canViewAccounts });
  const down = useQuery({ ...relatedEntitiesQuery(e.entityId, 'down'), enabled: rights.canViewRelated });
  const up = useQuery({ ...relatedEntitiesQuery(e.entityId, 'up'), enabled: rights.canViewRelated });
  const profile = (list: { id: number; name: string }[] | undefined, id: number | null) =>
    id === null ? null : (list?.find((p) => p.id === id)?.name ?? `#${id}`);
  const yesNo = (v: boolean) => (v ? t('entitiesPage.enabled') : t('entitiesPage.disabled'));

  return (
    <Stack>
      {e.freeze && (
        <Alert color="orange" title={t('entitiesPage.frozenTitle')}>
          {t('entitiesPage.frozenBy', {
            name: e.freeze.entityName,
            by: e.freeze.by,
            reason: e.freeze.reason,
          })}
        </Alert>
      )}
      <Group gap="xs">
        <Badge color={e.active ? 'teal' : 'gray'}>
          {e.active ? t('entitiesPage.active') : t('entitiesPage.inactive')}
        </Badge>
        {e.attributes.map((a) => (
          <Badge key={a} variant="light">
            {a}
          </Badge>
        ))}
      </Group>
      {rights.canEdit && (
        <Group gap="xs">
          <Button onClick={edit}>{t('entitiesPage.editButton')}</Button>
          <MoveEntity entity={e} forest={forest} />
          <ToggleActive entity={e} />
          {rights.canFreeze && <FreezeEntity entity={e} actingId={actingId} />}
          {policies?.(e.entityId)}
        </Group>
      )}
      {!rights.canEdit && (policies || rights.canFreeze) && (
        <Group gap="xs">
          {rights.canFreeze && <FreezeEntity entity={e} actingId={actingId} />}
          {policies?.(e.entityId)}
        </Group>
      )}
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t('entitiesPage.details')}</Tabs.Tab>
          <Tabs.Tab value="accounts">{t('entitiesPage.accounts')}</Tabs.Tab>
          <Tabs.Tab value="related">{t('entitiesPage.related')}</Tabs.Tab>
          <Tabs.Tab value="users">{t('entitiesPage.users')}</Tabs.Tab>
          <Tabs.Tab value="trading">{t('entitiesPage.tradingSettings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <Stack>
            <Facts
              rows={[
                [t('entitiesPage.id'), e.entityId],
                [t('entitiesPage.name'), e.entityName],
                [t('entitiesPage.parent'), e.parentName],
                [t('entitiesPage.attributes'), e.attributes.join(', ') || null],
                [t('entitiesPage.agent'), e.agentId],
              ]}
            />
            <Title order={3} size="h5">
              {t('entitiesPage.addresses')}
            </Title>
            {e.addresses.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('entitiesPage.noAddresses')}
              </Text>
            ) : (
              e.addresses.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: addresses are kept in their order
                <Text size="sm" key={i}>
                  <Badge size="xs" mr="xs">
                    {a.addressType}
                  </Badge>
                  {[a.line1, a.line2, a.city, a.postalCode, a.countryCode].filter(Boolean).join(', ')}
                </Text>
              ))
            )}
            <Title order={3} size="h5">
              {t('entitiesPage.nameMappings')}
            </Title>
            {e.nameMappings.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('entitiesPage.noMappings')}
              </Text>
            ) : (
              e.nameMappings.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: mappings are kept in their order
                <Text size="sm" key={i}>
                  <Badge size="xs" mr="xs" variant="outline">
                    {m.source}
                  </Badge>
                  {m.name}
                </Text>
              ))
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          {!rights.canViewAccounts ? (
            <Text size="sm" c="dimmed">
              {t('entitiesPage.noAccess')}
            </Text>
          ) : (
            <Table withTableBorder aria-label={t('entitiesPage.accounts')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('entitiesPage.accountName')}</Table.Th>
                  <Table.Th>{t('entitiesPage.accountType')}</Table.Th>
                  <Table.Th>{t('entitiesPage.currency')}</Table.Th>
                  <Table.Th>{t('entitiesPage.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(accounts.data ?? []).map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.name}</Table.Td>
                    <Table.Td>{a.type}</Table.Td>
                    <Table.Td>{a.currencyCode ?? EMPTY_CELL}</Table.Td>
                    <Table.Td>{a.active ? t('entitiesPage.open') : t('entitiesPage.closed')}</Table.Td>
                  </Table.Tr>
                ))}
                {accounts.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{t('entitiesPage.noAccounts')}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="related" pt="md">
          <Stack>
            {[
              [t('entitiesPage.downstream'), down.data],
              [t('entitiesPage.upstream'), up.data],
            ].map(([title, rows]) => (
              <Stack gap={4} key={String(title)}>
                <Title order={3} size="h5">
                  {String(title)}
                </Title>
                {(
                  (rows as
                    | { entityId: number; entityName: string; relationshipType: string }[]
                    | undefined) ?? []
                ).length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('entitiesPage.noRelated')}
                  </Text>
                ) : (
                  (rows as { entityId: number; entityName: string; relationshipType: string }[]).map((r) => (
                    <Text size="sm" key={`${r.entityId}-${r.relationshipType}`}>
                      {r.entityName} <Badge size="xs">{r.relationshipType}</Badge>
                    </Text>
                  ))
                )}
              </Stack>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          {users ? (
            users(e.entityId)
          ) : (
            <Text size="sm" c="dimmed">
              {t('entitiesPage.usersElsewhere')}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="trading" pt="md">
          <Facts
            rows={[
              [t('entitiesPage.tradingEnabled'), yesNo(e.tradingEnabled)],
              [t('entitiesPage.currency'), e.currencyCode],
              [t('entitiesPage.conversionProfile'), profile(conversion.data, e.conversionProfileId)],
              [t('entitiesPage.rollProfile'), profile(roll.data, e.rollProfileId)],
            ]}
          />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <EntityForm
          opened
          onClose={stopEditing}
          entity={e}
          actingId={actingId}
          defaultParentId={null}
          onSave={async (body) => {
            await update.mutateAsync(body as never);
            confirmSaved(t, 'entity', 'updated');
          }}
        />
      )}
    </Stack>
  );
}
