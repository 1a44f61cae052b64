import { OverviewPage } from '../features/overview/pages/overview.page';
import { useAppStore } from './store/app-store';

/** `/`: the overview, with the table page size kept in the persisted state. */
export function OverviewRoute() {
  const pageSize = useAppStore((s) => s.tablePageSize);
  const setPersisted = useAppStore((s) => s.setPersisted);
  return <OverviewPage pageSize={pageSize} onPageSize={(n) => setPersisted({ tablePageSize: n })} />;
}
