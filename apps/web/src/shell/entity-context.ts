import { computeCapabilities } from '@clearway/contracts/capabilities';
import { entityTypeFlags, isClientUser } from '@clearway/contracts/entity-flags';
import type { MenuContext } from '@clearway/contracts/menu';
import { SELECTED_ENTITY_STORAGE_KEY } from '@clearway/contracts/session';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  entityForestQuery,
  type FlatEntity,
  flattenForest,
} from '../features/entities/api/entity-forest.query';
import { nextCurrentEntity } from '../features/entities/current-entity';
import { toGatewayError } from '../lib/gateway';
import { runtimeConfig } from '../lib/runtime-config';
import type { SelectedEntity } from '../lib/selected-entity';
import { useAppStore } from './store/app-store';

/**
 * The selected entity and what the menu and route guard read about it. Loads the visible
 * forest, applies the reset and client-user rules, and keeps the selection in storage.
 */
export function useEntityContext() {
  const forest = useQuery(entityForestQuery);
  const current = useAppStore((s) => s.currentEntity);
  const clientUser = useAppStore((s) => s.isClientUser);
  const setPersisted = useAppStore((s) => s.setPersisted);
  const list = useMemo(() => flattenForest(forest.data ?? []), [forest.data]);

  useEffect(() => {
    if (!forest.data) return;
    const next = nextCurrentEntity(current, list);
    const client = isClientUser(forest.data);
    if (next.entityId !== current.entityId || client !== useAppStore.getState().isClientUser) {
      setPersisted({ currentEntity: next, isClientUser: client });
    }
    localStorage.setItem(SELECTED_ENTITY_STORAGE_KEY, String(next.entityId));
  }, [forest.data, list, current, setPersisted]);

  useEffect(() => {
    if (!forest.error) return;
    const status = toGatewayError(forest.error).status;
    // Section 8: a failed entity-list load shows an error toast with the status code.
    notifications.show({
      color: 'red',
      title: 'Entities could not be loaded',
      message: `The server answered ${status}.`,
    });
  }, [forest.error]);

  const selected = list.find((e) => e.entityId === current.entityId) ?? null;
  const menuContext = useMemo(() => (selected ? contextFor(selected) : null), [selected]);
  const select = (e: FlatEntity) =>
    setPersisted({
      currentEntity: {
        entityId: e.entityId,
        entityName: e.entityName,
        parentId: e.parentId,
        attributes: e.attributes,
      },
    });
  const selectedEntity = useMemo((): SelectedEntity | null => {
    if (!selected || !menuContext) return null;
    return {
      entityId: selected.entityId,
      entityName: selected.entityName,
      attributes: selected.attributes,
      capabilities: computeCapabilities(menuContext.held),
      isBroker: entityTypeFlags(selected.attributes).broker,
      isClientUser: clientUser,
    };
  }, [selected, menuContext, clientUser]);
  // Known once the forest has come and the selection is settled on an entity in it (a user
  // with no entity at all knows they hold nothing); a stale selection is not known yet.
  const permissionsKnown = menuContext !== null || (forest.isSuccess && list.length === 0);
  return { list, selected, selectedEntity, menuContext, select, permissionsKnown };
}

function contextFor(e: FlatEntity): MenuContext {
  const held = { permissions: e.permissions, childPermissions: e.childPermissions } as MenuContext['held'];
  return {
    held,
    attributes: e.attributes,
    parentAttributes: e.parent?.attributes ?? [],
    environment: runtimeConfig.environment,
    canTestFeatures: computeCapabilities(held).canTestFeatures,
  };
}
