import type { ComponentType } from 'react';
import type { PageSizeProps } from '../components/pager';
import type { PendingProps } from '../routes/statements.page';
import { useAppStore } from './store/app-store';

/**
 * The statements page as a route: the persisted table page size, and the statement being
 * followed — section 3's "pending statement PDF content", kept as the statement's id so a
 * reload picks it up where it was.
 */
export function withPendingStatement(Page: ComponentType<PageSizeProps & PendingProps>) {
  return function StatementsRoute() {
    const pageSize = useAppStore((s) => s.tablePageSize);
    const pendingStatementPdf = useAppStore((s) => s.pendingStatementPdf);
    const setPersisted = useAppStore((s) => s.setPersisted);
    const pending =
      pendingStatementPdf && /^\d+$/.test(pendingStatementPdf) ? Number(pendingStatementPdf) : null;
    return (
      <Page
        pageSize={pageSize}
        onPageSize={(n) => setPersisted({ tablePageSize: n })}
        pending={pending}
        onPending={(id) => setPersisted({ pendingStatementPdf: id === null ? null : String(id) })}
      />
    );
  };
}
