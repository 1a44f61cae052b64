import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './required-mark.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../lib/toasts';
import { InternalErrorBoundary } from './internal-error-boundary';
import { MaintenanceGate } from './maintenance-gate';
import type { createAppRouter } from './router';

/**
 * Text and controls meet WCAG AA contrast (4.5:1) on white and on the striped table rows:
 * the default filled shade (6) reaches 4.3:1 for indigo and 3.3:1 for red, the default dimmed
 * grey and a field's red error text 3.3:1. Every close button (dialogs, drawers, toasts) is named for screen readers, and
 * a menu holds only its items (no focus placeholder inside role="menu").
 */
const themeFor = (closeLabel: string) => {
  const closeButtonProps = { 'aria-label': closeLabel };
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 8 },
    // Filled badges and buttons take white text on a background of relative luminance up to
    // 0.183 (white reaches 4.5:1 there), black above it (black reaches 4.5:1 from 0.175).
    autoContrast: true,
    luminanceThreshold: 0.183,
    defaultRadius: 'md',
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // Badges read in their labels' display case ("Enabled", "Pending"), not shouted.
      // A status is read whole: a narrow table column grows to the badge, never cuts it to "Pendi…".
      Badge: { defaultProps: { tt: 'none' }, styles: { root: { minWidth: 'max-content' } } },
    },
  });
};
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  // A field's error text too (red 6 reaches 3.3:1; 8 reaches 4.5:1 and more).
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

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
  const { t } = useTranslation();
  const theme = useMemo(() => themeFor(t('shell.close')), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
      <InternalErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" />
            <NavigationProgress aria-label={t('shell.pageLoading')} />
            <MaintenanceGate bypass={false}>
              <RouterProvider router={router} />
            </MaintenanceGate>
          </ModalsProvider>
        </QueryClientProvider>
      </InternalErrorBoundary>
    </MantineProvider>
  );
}
