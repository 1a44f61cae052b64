import { DEFAULT_ENTITY_ID } from '@clearway/contracts/enums';
import type { CurrentEntity } from '../../shell/store/persisted-state';
import { DEFAULT_CURRENT_ENTITY } from '../../shell/store/persisted-state';
import type { FlatEntity } from './api/entity-forest.query';

const asCurrent = (e: FlatEntity): CurrentEntity => ({
  entityId: e.entityId,
  entityName: e.entityName,
  parentId: e.parentId,
  attributes: e.attributes,
});

/**
 * Section 4: the current entity becomes the first list entry if it is the default, and
 * the default if it is no longer in the list (which then becomes the first entry).
 */
export function nextCurrentEntity(current: CurrentEntity, list: readonly FlatEntity[]): CurrentEntity {
  const first = list[0];
  if (current.entityId === DEFAULT_ENTITY_ID) return first ? asCurrent(first) : DEFAULT_CURRENT_ENTITY;
  const still = list.find((e) => e.entityId === current.entityId);
  if (!still) return first ? asCurrent(first) : DEFAULT_CURRENT_ENTITY;
  return asCurrent(still);
}
