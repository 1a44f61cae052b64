import type { TEntityNode } from '@clearway/contracts/endpoints/entity.schemas';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { App, createQueryClient } from './app';
import { routeTree } from './router';
import { useAppStore } from './store/app-store';

/**
 * The whole signed-in portal rendered in jsdom, its calls answered by the test (fetch): the
 * answer to the entity forest, where the selected entity's permissions come from, is held
 * back and then released. menu.e2e.ts holds back the real server's answer the same way in
 * Chromium.
 */

// A broker approver (ops.checker in the demo): account view and approvals on the broker and below.
const CHECKER_KEYS = ['account_view', 'approve_withdrawal', 'approve_deposit', 'approve_whitelist'];
const node = (entityId: number, entityName: string, attributes: string[], parentId = 0): TEntityNode => ({
  entityId,
  entityName,
  parentId,
  parentName: null,
  attributes,
  permissions: CHECKER_KEYS,
  childPermissions: CHECKER_KEYS,
  active: true,
  tradingEnabled: false,
  frozen: false,
  children: [],
});
const FOREST: TEntityNode[] = [
  {
    ...node(10, 'Aurora Markets', ['WhiteLabel']),
    children: [{ ...node(11, 'Meridian Payments', ['Transfer Receiver'], 10), parentName: 'Aurora Markets' }],
  },
];

// What those keys allow on each entity (section 2's menu, gated by sections 5 and 6).
const BROKER_MENU = [
  'Account',
  'Overview',
  'Statements',
  'Instruments',
  'FX Swaps',
  'Trades',
  'Entities Management',
  'Accounts',
  'Deposit & Withdrawals',
  'Approvals',
  'Historic',
  'Requests',
  'Deposit Funds / SSIs',
  'Bank Accounts / Wallets',
  'Wallets Search',
  'Whitelist Requests',
  'VASP Management',
];
// A transfer receiver: Transfers instead of Deposit & Withdrawal Requests.
const RECEIVER_MENU = BROKER_MENU.map((l) => (l === 'Requests' ? 'Transfers' : l));

type Answer = { status: number; body: unknown };
const deferred = () => {
  let release!: (a: Answer) => void;
  const answer = new Promise<Answer>((r) => {
    release = r;
  });
  return { answer, release };
};

/**
 * Answers the shell's own calls: a signed-in session, no maintenance, and the forest when
 * the test releases it. Every other call (the pages' data) stays unanswered.
 */
function serve(forest: Promise<Answer>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://portal.test').pathname;
      asked.push(path);
      const answer: Promise<Answer> | undefined = {
        '/api/auth/session': Promise.resolve({
          status: 200,
          body: {
            user: { username: 'ops.checker', displayName: 'C', email: 'c@x.test' },
            require2fa: 'success',
          },
        }),
        '/api/server/mode': Promise.resolve({ status: 200, body: { maintenance: false, message: '' } }),
        '/api/entity': forest,
      }[path];
      if (!answer) return new Promise<never>(() => {});
      const { status, body } = await answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

/**
 * Browser APIs jsdom lacks: an EventSource that never delivers (the live notifications are
 * not under test) and a ResizeObserver that never reports (jsdom lays nothing out).
 */
function stubBrowserApis() {
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

/** The portal at `/`, signed in (the session-validity cookie the server sets is there). */
function renderPortal() {
  setCookie('clearway.session-valid=9999999999');
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient },
  });
  render(<App router={router} queryClient={queryClient} />);
}

/** The menu's entries, in order: every link and button inside the main menu. */
const entriesOf = (nav: HTMLElement) =>
  [...nav.querySelectorAll('a, button, [role="link"], [role="button"]')].map((el) => el.textContent?.trim());

// Plain selectors where the whole page would be searched: role queries over a full portal
// in jsdom cost seconds.
const mainMenu = () =>
  waitFor(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Main menu"]');
    if (!nav) throw new Error('no main menu yet');
    return nav;
  });
const overviewHeading = () => document.querySelector('main h1')?.textContent;

/** Every list of entries the menu shows from now on, one per change. */
function watchEntries(nav: HTMLElement) {
  const seen: (string | undefined)[][] = [];
  const observer = new MutationObserver(() => seen.push(entriesOf(nav)));
  observer.observe(nav, { subtree: true, childList: true, characterData: true, attributes: true });
  return { seen, stop: () => observer.disconnect() };
}

beforeAll(async () => {
  initI18n();
  // The frame and the Overview load as chunks of their own: load them once here, so the
  // tests below time only the portal, not the first transform of those modules.
  await Promise.all([import('./app-layout'), import('./paged-routes'), import('../routes/overview.page')]);
}, 120_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAppStore.getState().reset();
  localStorage.clear();
  setCookie('clearway.session-valid=; max-age=0');
});

// Rendering the whole portal in jsdom (its lazily loaded pages transformed on first use)
// takes seconds on a busy machine; every wait inside is for a state, never for time.
describe('the main menu while the permissions load', { timeout: 30_000 }, () => {
  it('holds no entry while the permissions request is pending, and after it exactly the entries they allow', async () => {
    stubBrowserApis();
    const forest = deferred();
    const asked = serve(forest.answer);
    renderPortal();

    const nav = await mainMenu();
    await waitFor(() => expect(asked).toContain('/api/entity'));
    expect(entriesOf(nav)).toEqual([]);
    expect(nav.getAttribute('aria-busy')).toBe('true');
    within(nav).getByText('Loading the menu');
    // The page waits too, rather than claiming there is nothing to show.
    expect(overviewHeading()).toBeUndefined();
    screen.getByLabelText('Loading your permissions');

    forest.release({ status: 200, body: FOREST });
    await waitFor(() => expect(nav.getAttribute('aria-busy')).toBe('false'));
    expect(entriesOf(nav)).toEqual(BROKER_MENU);
    await waitFor(() => expect(overviewHeading()).toBe('Overview'));
  });

  it('switches straight from one entity’s entries to the other’s, never through the whole tree', async () => {
    stubBrowserApis();
    const forest = deferred();
    serve(forest.answer);
    forest.release({ status: 200, body: FOREST });
    renderPortal();
    const nav = await mainMenu();
    await waitFor(() => expect(nav.getAttribute('aria-busy')).toBe('false'));
    expect(entriesOf(nav)).toEqual(BROKER_MENU);

    const changes = watchEntries(nav);
    fireEvent.click(screen.getByLabelText('Selected entity: Aurora Markets'));
    const choices = await screen.findByRole('listbox', { name: 'Selected entity' });
    fireEvent.click(within(choices).getByText('Meridian Payments'));
    await screen.findByLabelText('Selected entity: Meridian Payments');
    await waitFor(() => expect(entriesOf(nav)).toEqual(RECEIVER_MENU));
    changes.stop();
    expect(nav.getAttribute('aria-busy')).toBe('false');
    // Every state the menu passed through was one entity's entries or the other's.
    for (const entries of changes.seen) expect([BROKER_MENU, RECEIVER_MENU]).toContainEqual(entries);
  });

  it('offers no entry when the permissions cannot be loaded', async () => {
    stubBrowserApis();
    const asked = serve(
      Promise.resolve({ status: 500, body: { status: 500, title: 'Internal Server Error', message: 'x' } }),
    );
    renderPortal();
    const nav = await mainMenu();
    // The shell asks twice (one retry) and then says so in a toast.
    await screen.findByText('Entities could not be loaded', {}, { timeout: 5000 });
    expect(asked.filter((p) => p === '/api/entity').length).toBeGreaterThan(0);
    expect(entriesOf(nav)).toEqual([]);
    expect(nav.getAttribute('aria-busy')).toBe('true');
  });
});

// The `receiver` persona's keys (demo): payouts and their fees, on its own entity only.
const RECEIVER_KEYS = ['account_view', 'request_withdrawal', 'request_whitelist', 'fees_management'];
const payoutNode = (entityId: number, entityName: string, attributes: string[]): TEntityNode => ({
  ...node(entityId, entityName, attributes, 10),
  parentName: 'Aurora London Desk',
  permissions: RECEIVER_KEYS,
  childPermissions: RECEIVER_KEYS,
});
const money = (entries: (string | undefined)[]) =>
  entries.slice(entries.indexOf('Deposit & Withdrawals') + 1);

/** The Deposit & Withdrawals entries of a user whose one entity is `entity`. */
async function moneyEntriesAt(entity: TEntityNode) {
  stubBrowserApis();
  serve(Promise.resolve({ status: 200, body: [{ ...entity, parentId: 0, parentName: null }] }));
  renderPortal();
  const nav = await mainMenu();
  await waitFor(() => expect(nav.getAttribute('aria-busy')).toBe('false'));
  await screen.findByLabelText(`Selected entity: ${entity.entityName}`);
  const entries = money(entriesOf(nav));
  cleanup();
  vi.unstubAllGlobals();
  useAppStore.getState().reset();
  return entries;
}

describe('section 6 menu gating of the transfer screens by entity attribute', { timeout: 30_000 }, () => {
  it('a Transfer Receiver sees Transfers and Transfer Fees Configuration, not Requests', async () => {
    const receiver = await moneyEntriesAt(payoutNode(21, 'Meridian Payments', ['Transfer Receiver']));
    expect(receiver).toContain('Transfers');
    expect(receiver).toContain('Transfer Fees Configuration');
    expect(receiver).not.toContain('Requests');
  });

  it('a Referred Client sees Transfers and Requests, not Transfer Fees Configuration', async () => {
    const referred = await moneyEntriesAt(payoutNode(22, 'Lumen Referral Partners', ['Referred Client']));
    expect(referred).toContain('Transfers');
    expect(referred).toContain('Requests');
    expect(referred).not.toContain('Transfer Fees Configuration');
  });

  it('any other client, with the same keys, sees neither transfer screen', async () => {
    const other = await moneyEntriesAt(payoutNode(23, 'Harbor Commodities', ['DELIVERABLE', 'Customer']));
    expect(other).toContain('Requests');
    expect(other).not.toContain('Transfers');
    expect(other).not.toContain('Transfer Fees Configuration');
  });
});
