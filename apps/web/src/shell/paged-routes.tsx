import type { ComponentType } from 'react';
import type { PageSizeProps } from '../components/pager';
import { useAppStore } from './store/app-store';

/** The table page size, kept in the persisted state for every paged page. */
function usePageSize(): PageSizeProps {
  const pageSize = useAppStore((s) => s.tablePageSize);
  const setPersisted = useAppStore((s) => s.setPersisted);
  return { pageSize, onPageSize: (n: number) => setPersisted({ tablePageSize: n }) };
}

/** A paged page as a route: it gets the persisted table page size every paged table shares. */
export function withPageSize(Page: ComponentType<PageSizeProps>) {
  return function PagedRoute() {
    return <Page {...usePageSize()} />;
  };
}
