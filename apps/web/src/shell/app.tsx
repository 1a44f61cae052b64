import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { showErrorToast } from '../lib/toasts';
import { InternalErrorBoundary } from './internal-error-boundary';
import { MaintenanceGate } from './maintenance-gate';
import type { createAppRouter } from './router';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (!query.meta?.silent) showErrorToast(err);
      },
    }),
    defaultOptions: { queries: { retry: 1, staleTime: 10_000 } },
  });
}

/** Providers in the order they depend on each other: theme, data, modals, toasts, routes. */
export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <InternalErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" />
            <NavigationProgress />
            <MaintenanceGate bypass={false}>
              <RouterProvider router={router} />
            </MaintenanceGate>
          </ModalsProvider>
        </QueryClientProvider>
      </InternalErrorBoundary>
    </MantineProvider>
  );
}
