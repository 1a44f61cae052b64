import { OverviewPage } from '../features/overview/pages/overview.page';
import { HistoricPage } from '../features/requests/pages/historic.page';
import { RequestsPage } from '../features/requests/pages/requests.page';
import { WhitelistRequestsPage } from '../features/whitelisting/pages/whitelist-requests.page';
import { useAppStore } from './store/app-store';

/** The table page size, kept in the persisted state for every paged page. */
function usePageSize() {
  const pageSize = useAppStore((s) => s.tablePageSize);
  const setPersisted = useAppStore((s) => s.setPersisted);
  return { pageSize, onPageSize: (n: number) => setPersisted({ tablePageSize: n }) };
}

/** `/`: the overview. */
export function OverviewRoute() {
  return <OverviewPage {...usePageSize()} />;
}

/** `/deposit-and-withdrawals/historic`: completed movements. */
export function HistoricRoute() {
  return <HistoricPage {...usePageSize()} />;
}

/** `/deposit-and-withdrawals/requests`: money requests. */
export function RequestsRoute() {
  return <RequestsPage {...usePageSize()} />;
}

/** `/whitelist-requests`: whitelist requests. */
export function WhitelistRequestsRoute() {
  return <WhitelistRequestsPage {...usePageSize()} />;
}
