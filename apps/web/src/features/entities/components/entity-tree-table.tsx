import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { ActionIcon, Anchor, Badge, Box, Group, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page-frame';
import { VirtualRows } from '../../../components/virtual-rows';
import { type TreeFilter, visibleRows } from './entity-tree-filter';

const ROW = 40;
const HEIGHT = 560;

/**
 * The hierarchy as a tree-table (section 3): expand and collapse each entity, or all at once
 * (`expandAll`, the persisted expand-list flag); the node filters keep each match with the
 * entities above it. Drawn through a window over the rows, so 100,000 entities stay smooth.
 */
export function EntityTreeTable({
  forest,
  filter,
  expandAll,
  onOpen,
}: {
  forest: readonly TEntityNode[];
  filter: TreeFilter;
  expandAll: boolean;
  onOpen: (entityId: number) => void;
}) {
  const { t } = useTranslation();
  // What the user toggled, against the default (all expanded, or the top level only).
  const [toggled, setToggled] = useState<{ all: boolean; ids: Set<number> }>({
    all: expandAll,
    ids: new Set(),
  });
  const flips = toggled.all === expandAll ? toggled.ids : new Set<number>();
  const topLevel = useMemo(() => new Set(forest.map((n) => n.entityId)), [forest]);
  const expanded = useCallback(
    (id: number) => (expandAll || topLevel.has(id)) !== flips.has(id),
    [expandAll, topLevel, flips],
  );
  const rows = useMemo(() => visibleRows(forest, filter, expanded), [forest, filter, expanded]);
  const toggle = (id: number) => {
    const ids = new Set(flips);
    if (!ids.delete(id)) ids.add(id);
    setToggled({ all: expandAll, ids });
  };

  if (rows.length === 0)
    return <EmptyState title={t('entitiesPage.none')} hint={t('entitiesPage.noneHint')} />;
  return (
    <VirtualRows
      label={t('entitiesPage.treeLabel')}
      count={rows.length}
      columns={5}
      rowHeight={ROW}
      height={HEIGHT}
      head={
        <Table.Tr>
          <Table.Th w="40%">{t('entitiesPage.name')}</Table.Th>
          <Table.Th w={90}>{t('entitiesPage.id')}</Table.Th>
          <Table.Th>{t('entitiesPage.type')}</Table.Th>
          <Table.Th w={110}>{t('entitiesPage.trading')}</Table.Th>
          <Table.Th w={110}>{t('entitiesPage.status')}</Table.Th>
        </Table.Tr>
      }
      render={(i) => {
        const { node, depth, match, hasChildren } = rows[i]!;
        const open = expanded(node.entityId);
        return (
          <Table.Tr key={node.entityId} h={ROW} c={match ? undefined : 'dimmed'}>
            <Table.Td>
              <Group gap={4} wrap="nowrap" pl={depth * 20} miw={0}>
                {hasChildren ? (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t(open ? 'entitiesPage.collapse' : 'entitiesPage.expand', {
                      name: node.entityName,
                    })}
                    aria-expanded={open}
                    onClick={() => toggle(node.entityId)}
                  >
                    {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  </ActionIcon>
                ) : (
                  <Box w={22} />
                )}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  truncate
                  onClick={() => onOpen(node.entityId)}
                >
                  {node.entityName}
                </Anchor>
                {node.frozen && (
                  <Badge size="xs" color="orange">
                    {t('entitiesPage.frozen')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td ff="monospace">{node.entityId}</Table.Td>
            <Table.Td>
              <Text size="sm" truncate>
                {node.attributes.join(', ')}
              </Text>
            </Table.Td>
            <Table.Td>
              {node.tradingEnabled ? t('entitiesPage.enabled') : t('entitiesPage.disabled')}
            </Table.Td>
            <Table.Td>
              <Badge size="sm" color={node.active ? 'teal' : 'gray'}>
                {node.active ? t('entitiesPage.active') : t('entitiesPage.inactive')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
