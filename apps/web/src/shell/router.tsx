import { menuLeaves } from '@clearway/contracts/menu';
import { nprogress } from '@mantine/nprogress';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
  redirect,
  useMatches,
} from '@tanstack/react-router';
import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../components/page-frame';
import { PageSkeleton } from '../components/page-skeleton';
import type { PageSizeProps } from '../components/pager';
import { sessionQuery } from '../features/auth/api/auth.queries';
import { GatewayError } from '../lib/gateway';
import { applyPageMeta, pageTitle } from '../lib/page-title';
import { runtimeConfig } from '../lib/runtime-config';
import { isLoggedIn } from '../lib/session';
import { positiveId, requestSearch } from '../lib/use-opened-request';
import { LoginPage } from '../routes/login.page';
import { AuthErrorScreen, ForbiddenScreen, NotFoundScreen, ServerErrorScreen } from './error-screens';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page title. */
    title?: string;
  }
}

/** Keeps the document title and canonical address in step with the matched route. */
function PageMeta() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title;
  const pathname = matches.at(-1)?.pathname ?? '/';
  useEffect(() => {
    const origin = runtimeConfig.publicUrl ?? window.location.origin;
    applyPageMeta(
      pageTitle(runtimeConfig.productName, runtimeConfig.environment, key ? t(key) : undefined),
      `${origin}${pathname}`,
    );
  }, [key, pathname, t]);
  return null;
}

export type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <PageMeta />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundScreen,
  // A 403 from the server means no access for the selected entity (section 6).
  errorComponent: ({ error }) =>
    error instanceof GatewayError && error.status === 403 ? <ForbiddenScreen /> : <ServerErrorScreen />,
});

/** Public pages skip the signed-in frame and permission loading. */
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: Outlet });
// The signed-in frame loads on demand so the sign-in page stays light. Section 4: a
// protected path without a session goes to /login with the error and a callback address.
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!isLoggedIn(session)) {
      throw redirect({ to: '/login', search: { error: 'SessionRequired', callbackUrl: location.href } });
    }
  },
  component: lazyRouteComponent(() => import('./app-layout'), 'AppLayout'),
});

const publicPage = (path: string, title: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => publicLayout, path, component, staticData: { title } });

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/login',
  component: LoginPage,
  staticData: { title: 'pages.login' },
  validateSearch: (s: Record<string, unknown>): { error?: string; callbackUrl?: string; entra?: string } => ({
    error: text(s.error),
    callbackUrl: text(s.callbackUrl),
    entra: text(s.entra),
  }),
});

const PUBLIC_PAGES = [
  loginRoute,
  // The password pages load on demand: the sign-in page stays light (bench/login-bundle).
  publicPage(
    '/forgot-password',
    'pages.forgotPassword',
    lazyRouteComponent(() => import('../routes/forgot-password.page'), 'ForgotPasswordPage'),
  ),
  publicPage(
    '/reset-password',
    'pages.resetPassword',
    lazyRouteComponent(() => import('../routes/reset-password.page'), 'ResetPasswordPage'),
  ),
  publicPage(
    '/confirm-email',
    'pages.confirmEmail',
    lazyRouteComponent(() => import('../routes/confirm-email.page'), 'ConfirmEmailPage'),
  ),
  publicPage('/404', 'pages.notFound', NotFoundScreen),
  publicPage('/500', 'pages.serverError', ServerErrorScreen),
  publicPage('/error', 'pages.error', AuthErrorScreen),
];

const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** A module page whose screens arrive with its issue: its frame, title and empty state. */
function ModulePage() {
  const { t } = useTranslation();
  const key = useMatches({ select: (ms) => ms.at(-1)?.staticData.title });
  return (
    <PageFrame title={key ? t(key) : ''}>
      <EmptyState title={t('shell.moduleSoon')} hint={t('shell.moduleSoonHint')} />
    </PageFrame>
  );
}

/**
 * A paged page, loaded as its own chunk (a page opened directly loads no other page's
 * code), given the persisted table page size.
 */
function pagedPage<K extends string>(
  load: () => Promise<Record<K, ComponentType<PageSizeProps>>>,
  name: K,
): RouteComponent {
  return lazyRouteComponent(async () => {
    const [{ withPageSize }, page] = await Promise.all([import('./paged-routes'), load()]);
    return { default: withPageSize(page[name]) };
  });
}

/** Pages whose screens exist; the other menu pages show their frame until their issue. */
const BUILT_PAGES: Record<string, RouteComponent> = {
  overview: pagedPage(() => import('../routes/overview.page'), 'OverviewPage'),
  historic: pagedPage(() => import('../routes/historic.page'), 'HistoricPage'),
  requests: pagedPage(() => import('../routes/requests.page'), 'RequestsPage'),
  approvals: pagedPage(() => import('../routes/approvals.page'), 'ApprovalsPage'),
  accounts: lazyRouteComponent(() => import('../routes/accounts.page'), 'AccountsPage'),
  templates: lazyRouteComponent(() => import('../routes/templates.page'), 'TemplatesPage'),
  allocations: lazyRouteComponent(() => import('../routes/allocations.page'), 'AllocationsPage'),
  entities: lazyRouteComponent(async () => {
    const [{ withEntityBrowse }, page] = await Promise.all([
      import('./entity-browse-route'),
      import('../routes/entities.page'),
    ]);
    return { default: withEntityBrowse(page.EntitiesPage) };
  }),
  instruments: pagedPage(() => import('../routes/instruments.page'), 'InstrumentsPage'),
  'fx-swaps': lazyRouteComponent(() => import('../routes/fx-swaps.page'), 'FxSwapsPage'),
  trades: pagedPage(() => import('../routes/trades.page'), 'TradesPage'),
  statements: lazyRouteComponent(async () => {
    const [{ withPendingStatement }, page] = await Promise.all([
      import('./statement-route'),
      import('../routes/statements.page'),
    ]);
    return { default: withPendingStatement(page.StatementsPage) };
  }),
  'vasp-management': lazyRouteComponent(() => import('../routes/vasp-management.page'), 'VaspManagementPage'),
  users: pagedPage(() => import('../routes/users.page'), 'UsersPage'),
  'api-keys': lazyRouteComponent(() => import('../routes/api-keys.page'), 'ApiKeysPage'),
  roles: lazyRouteComponent(() => import('../routes/roles.page'), 'RolesPage'),
  groups: lazyRouteComponent(() => import('../routes/groups.page'), 'GroupsPage'),
  'permission-scopes': lazyRouteComponent(
    () => import('../routes/permission-scopes.page'),
    'PermissionScopesPage',
  ),
  'audit-trail': pagedPage(() => import('../routes/audit-trail.page'), 'AuditTrailPage'),
  'whitelist-requests': pagedPage(() => import('../routes/whitelist-requests.page'), 'WhitelistRequestsPage'),
  transfers: pagedPage(() => import('../routes/transfers.page'), 'TransfersPage'),
  'transfer-fees': lazyRouteComponent(() => import('../routes/transfer-fees.page'), 'TransferFeesPage'),
};

/** The history's query string: opened from an account on the Accounts page, that account's. */
export const historicSearch = (s: Record<string, unknown>): { accountId?: number } => ({
  accountId: positiveId(s.accountId),
});

/**
 * Menu pages that read their query string get a route of their own, so links to them are
 * typed (the router cannot type a path it only knows at run time). router.test.ts holds
 * each to its menu entry's path.
 */
const historicRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/deposit-and-withdrawals/historic',
  component: BUILT_PAGES.historic,
  staticData: { title: 'pages.historic' },
  validateSearch: (s: Record<string, unknown>) => historicSearch(s),
});
/** A menu page that opens one request in a drawer from its query string (`?request=12`). */
const requestPageRoute = (id: string) => {
  const item = menuLeaves().find((i) => i.id === id)!;
  return createRoute({
    getParentRoute: () => appLayout,
    path: item.path!,
    component: BUILT_PAGES[id],
    staticData: { title: `pages.${camel(id)}` },
    validateSearch: (s: Record<string, unknown>) => requestSearch(s),
  });
};
const TYPED_PAGES: Record<string, AnyRoute> = {
  historic: historicRoute,
  approvals: requestPageRoute('approvals'),
  requests: requestPageRoute('requests'),
  'whitelist-requests': requestPageRoute('whitelist-requests'),
};

/** Every other menu page of section 2, derived from the menu tree so the two cannot drift. */
const MENU_PAGES = menuLeaves()
  .filter((item) => item.path && !TYPED_PAGES[item.id])
  .map((item) => {
    const title = `pages.${camel(item.id)}`;
    return createRoute({
      getParentRoute: () => appLayout,
      path: item.path!,
      component: BUILT_PAGES[item.id] ?? ModulePage,
      staticData: { title },
    });
  });

const USER_PAGES = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/user/change-password',
    component: lazyRouteComponent(() => import('../routes/change-password.page'), 'ChangePasswordPage'),
    staticData: { title: 'pages.changePassword' },
  }),
];

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(PUBLIC_PAGES),
  appLayout.addChildren([...MENU_PAGES, ...Object.values(TYPED_PAGES), ...USER_PAGES]),
]);

export function createAppRouter(basepath: string, queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    basepath,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 50,
    // A page whose code is still on its way shows its shape, not a blank page.
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 300,
  });
  router.subscribe('onBeforeLoad', () => nprogress.start());
  router.subscribe('onResolved', () => nprogress.complete());
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
