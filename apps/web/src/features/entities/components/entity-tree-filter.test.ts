import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { describe, expect, it } from 'vitest';
import { visibleRows } from './entity-tree-filter';

const node = (
  entityId: number,
  over: Partial<TEntityNode> = {},
  children: TEntityNode[] = [],
): TEntityNode => ({
  entityId,
  entityName: `E${entityId}`,
  parentId: -1,
  parentName: null,
  attributes: [],
  permissions: [],
  childPermissions: [],
  active: true,
  tradingEnabled: false,
  frozen: false,
  children,
  ...over,
});

describe('the entity tree-table', () => {
  const forest = [
    node(1, { entityName: 'Aurora Markets', attributes: ['WhiteLabel'] }, [
      node(2, { entityName: 'London desk' }, [node(4, { entityName: 'Northwind', attributes: ['Margin'] })]),
      node(3, { entityName: 'Singapore desk', active: false }),
    ]),
  ];
  const none = { attributes: [], search: '' };
  const ids = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => [r.node.entityId, r.depth]);

  it('shows children only under expanded parents', () => {
    expect(ids(visibleRows(forest, none, (id) => id === 1))).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
    ]);
    expect(ids(visibleRows(forest, none, () => true))).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [3, 1],
    ]);
  });

  it('keeps a match with the entities above it, marking which rows match (status Active by default)', () => {
    const rows = visibleRows(forest, { ...none, attributes: ['Margin'] }, () => true);
    expect(rows.map((r) => [r.node.entityId, r.match])).toEqual([
      [1, false],
      [2, false],
      [4, true],
    ]);
    expect(ids(visibleRows(forest, { ...none, status: 'Active' }, () => true))).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
    ]);
    expect(ids(visibleRows(forest, { ...none, search: 'singapore' }, () => true))).toEqual([
      [1, 0],
      [3, 1],
    ]);
  });
});
