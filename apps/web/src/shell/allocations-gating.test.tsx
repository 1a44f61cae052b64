import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { runtimeConfig } from '../lib/runtime-config';
import { App, createQueryClient } from './app';
import { routeTree } from './router';
import { useAppStore } from './store/app-store';

/**
 * Sections 5 and 6 on the Allocations screen, in the whole portal (jsdom, the shell's calls
 * answered by the test): the menu shows it only on an Allocation Manager; in production it
 * needs canTestFeatures too — without it the entry and the page are hidden, and nothing
 * else is refused.
 */

const KEYS = ['account_view', 'system_management'];
const node = (
  entityId: number,
  entityName: string,
  attributes: string[],
  permissions = KEYS,
): TEntityNode => ({
  entityId,
  entityName,
  parentId: 0,
  parentName: null,
  attributes,
  permissions,
  childPermissions: permissions,
  active: true,
  tradingEnabled: true,
  frozen: false,
  children: [],
});

function serve(forest: TEntityNode[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://portal.test').pathname;
      const body = {
        '/api/auth/session': {
          user: { username: 'allocator', displayName: 'A', email: 'a@x.test' },
          require2fa: 'success',
        },
        '/api/server/mode': { maintenance: false, message: '' },
        '/api/entity': forest,
      }[path];
      if (!body) return new Promise<never>(() => {});
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.stubGlobal(
    'EventSource',
    class extends EventTarget {
      close() {}
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the gateway reads document.cookie
  document.cookie = value;
};

function renderPortal(at: string) {
  setCookie('clearway.session-valid=9999999999');
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [at] }),
    context: { queryClient },
  });
  render(<App router={router} queryClient={queryClient} />);
  return router;
}

const menuEntries = async () => {
  const nav = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('nav[aria-label="Main menu"]');
    if (found?.getAttribute('aria-busy') !== 'false') throw new Error('menu not loaded');
    return found;
  });
  return [...nav.querySelectorAll('a, button')].map((el) => el.textContent?.trim());
};
const heading = () =>
  waitFor(() => {
    const h = document.querySelector('main h1')?.textContent;
    if (!h) throw new Error('no page yet');
    return h;
  });

beforeAll(async () => {
  initI18n();
  await Promise.all([import('./app-layout'), import('./paged-routes'), import('../routes/overview.page')]);
}, 120_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAppStore.getState().reset();
  localStorage.clear();
  setCookie('clearway.session-valid=; max-age=0');
  runtimeConfig.environment = 'dev';
});

describe('the Allocations screen’s gating', { timeout: 30_000 }, () => {
  it('shows Allocations on an Allocation Manager and not on an entity without the attribute', async () => {
    serve([
      node(20, 'Cobalt Asset Management', ['Allocation Manager']),
      node(21, 'Harbor Commodities', ['Customer']),
    ]);
    renderPortal('/');
    expect(await menuEntries()).toContain('Allocations');
    fireEvent.click(screen.getByLabelText('Selected entity: Cobalt Asset Management'));
    const choices = await screen.findByRole('listbox', { name: 'Selected entity' });
    fireEvent.click(within(choices).getByText('Harbor Commodities'));
    await screen.findByLabelText('Selected entity: Harbor Commodities');
    await waitFor(async () => expect(await menuEntries()).not.toContain('Allocations'));
    expect(await menuEntries()).toContain('Accounts');
  });

  it('in production without canTestFeatures hides the entry and the page, and refuses nothing else', async () => {
    runtimeConfig.environment = 'production';
    serve([node(20, 'Cobalt Asset Management', ['Allocation Manager'])]);
    const router = renderPortal('/allocations');
    const entries = await menuEntries();
    expect(entries).not.toContain('Allocations');
    expect(entries).toEqual(expect.arrayContaining(['Overview', 'Trades', 'Accounts']));
    // The page is not shown: the route guard sends the user home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate({ to: '/accounts' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect(await heading()).toBe('Accounts');
  });

  it('in production with canTestFeatures (test_new_features) shows Allocations and its page', async () => {
    runtimeConfig.environment = 'production';
    serve([node(20, 'Cobalt Asset Management', ['Allocation Manager'], [...KEYS, 'test_new_features'])]);
    const router = renderPortal('/allocations');
    expect(await menuEntries()).toContain('Allocations');
    expect(router.state.location.pathname).toBe('/allocations');
    expect(await heading()).toBe('Allocations');
  });
});
