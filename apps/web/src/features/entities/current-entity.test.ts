import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENT_ENTITY } from '../../shell/store/persisted-state';
import { flattenForest } from './api/entity-forest.query';
import { nextCurrentEntity } from './current-entity';

const node = (entityId: number, children: TEntityNode[] = []): TEntityNode => ({
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
});

describe('current entity rule (section 4)', () => {
  const list = flattenForest([node(1, [node(2)]), node(3)]);

  it('resets the default to the first entry', () => {
    expect(nextCurrentEntity(DEFAULT_CURRENT_ENTITY, list).entityId).toBe(1);
  });

  it('keeps an entity that is still in the list', () => {
    expect(nextCurrentEntity({ ...DEFAULT_CURRENT_ENTITY, entityId: 2 }, list).entityId).toBe(2);
  });

  it('resets an entity no longer in the list (to the default, then the first entry)', () => {
    expect(nextCurrentEntity({ ...DEFAULT_CURRENT_ENTITY, entityId: 99 }, list).entityId).toBe(1);
  });

  it('stays the default when nothing is visible', () => {
    expect(nextCurrentEntity({ ...DEFAULT_CURRENT_ENTITY, entityId: 99 }, [])).toEqual(
      DEFAULT_CURRENT_ENTITY,
    );
  });

  it('flattens in display order with depth', () => {
    expect(list.map((e) => [e.entityId, e.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });
});
