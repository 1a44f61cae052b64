import { REQUEST_TYPES } from '@clearway/contracts/enums';
import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame';
import { usePaging } from '../components/pager';
import { confirmSaved } from '../components/saved-confirmation';
import { ApprovalPolicies } from '../features/approvals/components/approval-policies';
import { useCreateEntity } from '../features/entities/api/entities.mutations';
import { entityForestQuery, flattenForest } from '../features/entities/api/entity-forest.query';
import { EntityDrawer } from '../features/entities/components/entity-drawer';
import { type EntityBrowseProps, EntityFilters } from '../features/entities/components/entity-filters';
import { EntityForm } from '../features/entities/components/entity-form';
import { EntityListTable } from '../features/entities/components/entity-list-table';
import { EntityTreeTable } from '../features/entities/components/entity-tree-table';
import { ReferenceData } from '../features/entities/components/reference-data';
import { EntityLimits } from '../features/limits/components/entity-limits';
import { useSelectedEntity } from '../lib/selected-entity';

/**
 * `/entities`: the hierarchy as a tree-table or a flat list, with the section 3 filters
 * (kept between visits) and a text search; an entity opens as its page (`?entity=12`),
 * where it is edited, moved, deactivated or frozen, and its approval policies set.
 */
export function EntitiesPage(p: EntityBrowseProps) {
  const { t } = useTranslation();
  const entity = useSelectedEntity();
  const id = entity?.entityId ?? -1;
  const caps = entity?.capabilities;
  const forest = useQuery(entityForestQuery);
  const [view, setView] = useState<'tree' | 'list'>('tree');
  const paging = usePaging({ pageSize: p.pageSize, onPageSize: p.onPageSize });
  const search = useSearch({ strict: false }) as { entity?: number };
  const navigate = useNavigate();
  const open = (entityId: number | null) =>
    void navigate({ to: '.', search: entityId ? { entity: entityId } : {}, replace: entityId === null });
  const [creating, { open: create, close: stopCreating }] = useDisclosure(false);
  const createEntity = useCreateEntity();
  const setFilters = (next: typeof p.filters) => {
    p.onFilters(next);
    paging.setPage(1);
  };

  return (
    <PageFrame
      title={t('pages.entities')}
      actions={
        <Group gap="xs">
          <ReferenceData
            entityId={id}
            canManageConversion={Boolean(caps?.canManageConversionProfiles)}
            canManageRoll={Boolean(caps?.canManageRollProfiles)}
            canManageCodes={Boolean(caps?.canManageReferenceCodes)}
          />
          {caps?.canCreateEntity && <Button onClick={create}>{t('entitiesPage.create')}</Button>}
        </Group>
      }
    >
      <Stack gap="sm">
        <EntityFilters
          value={p.filters}
          onChange={setFilters}
          search={p.search}
          onSearch={(s) => {
            p.onSearch(s);
            paging.setPage(1);
          }}
          full={view === 'list'}
        />
        <Group justify="space-between">
          <SegmentedControl
            aria-label={t('entitiesPage.view')}
            data={[
              { value: 'tree', label: t('entitiesPage.tree') },
              { value: 'list', label: t('entitiesPage.list') },
            ]}
            value={view}
            onChange={(v) => setView(v as 'tree' | 'list')}
          />
          {view === 'tree' && (
            <Switch
              label={t('entitiesPage.expandAll')}
              checked={p.expandList}
              onChange={(e) => p.onExpandList(e.currentTarget.checked)}
            />
          )}
        </Group>
        {view === 'tree' ? (
          <EntityTreeTable
            forest={forest.data ?? []}
            filter={{
              status: p.filters.status,
              tradingEnabled: p.filters.tradingEnabled,
              attributes: p.filters.attributes,
              search: p.search,
            }}
            expandAll={p.expandList}
            onOpen={open}
          />
        ) : (
          <EntityListTable
            entityId={id}
            filters={p.filters}
            search={p.search}
            paging={paging}
            onOpen={open}
          />
        )}
      </Stack>
      <EntityDrawer
        actingId={id}
        entityId={search.entity ?? null}
        forest={forest.data ?? []}
        rights={{
          canEdit: Boolean(caps?.canEditEntity),
          canFreeze: Boolean(caps?.canFreezeEntity),
          canViewAccounts: Boolean(caps?.canViewEntityAccounts),
          canViewRelated: Boolean(caps?.canViewRelatedEntities),
        }}
        policies={
          caps?.canManageApprovalPolicies || caps?.canViewLimits
            ? (entityId) => (
                <>
                  {caps.canManageApprovalPolicies && (
                    <ApprovalPolicies entityId={entityId} types={REQUEST_TYPES} />
                  )}
                  {caps.canViewLimits && (
                    <EntityLimits entityId={entityId} canRequest={Boolean(caps.canRequestLimits)} />
                  )}
                </>
              )
            : undefined
        }
        users={
          caps?.canViewUsersModule
            ? (entityId) => {
                const node = flattenForest(forest.data ?? []).find((e) => e.entityId === entityId);
                return (
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{t('entitiesPage.usersHint', { name: node?.entityName ?? '' })}</Text>
                    <Button
                      variant="light"
                      disabled={!node}
                      onClick={() => {
                        // The users page lists the selected entity's users (and those below it).
                        if (node) p.onSelectEntity(node);
                        void navigate({ to: '/user-management' });
                      }}
                    >
                      {t('entitiesPage.openUsers')}
                    </Button>
                  </Stack>
                );
              }
            : undefined
        }
        onClose={() => open(null)}
      />
      {creating && (
        <EntityForm
          opened
          onClose={stopCreating}
          entity={null}
          actingId={id}
          defaultParentId={id > 0 ? id : null}
          onSave={async (body) => {
            const created = await createEntity.mutateAsync(body as never);
            confirmSaved(t, 'entity', 'created');
            open(created.entityId);
          }}
        />
      )}
    </PageFrame>
  );
}
