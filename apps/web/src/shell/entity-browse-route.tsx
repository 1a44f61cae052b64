import type { ComponentType } from 'react';
import type { EntityBrowseProps } from '../features/entities/components/entity-filters';
import { useAppStore } from './store/app-store';

/**
 * `/entities` as a route: its filters, search and expand-list flag are the persisted state's
 * (section 3), kept between visits, with the table page size every paged table shares.
 */
export function withEntityBrowse(Page: ComponentType<EntityBrowseProps>) {
  return function EntityBrowseRoute() {
    const s = useAppStore();
    return (
      <Page
        filters={{ ...s.filters, status: s.filters.status ?? 'Active' }}
        onFilters={(filters) => s.setPersisted({ filters })}
        search={s.searchFilter}
        onSearch={(searchFilter) => s.setPersisted({ searchFilter })}
        expandList={s.expandList}
        onExpandList={(expandList) => s.setPersisted({ expandList })}
        pageSize={s.tablePageSize}
        onPageSize={(tablePageSize) => s.setPersisted({ tablePageSize })}
        onSelectEntity={({ entityId, entityName, parentId, attributes }) =>
          s.setPersisted({ currentEntity: { entityId, entityName, parentId, attributes } })
        }
      />
    );
  };
}
