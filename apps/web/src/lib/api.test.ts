import { API } from '@clearway/contracts/endpoint-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

// The gateway reads the session-validity cookie the server sets; tests set it the same way.
const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie
  document.cookie = value;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCookie('clearway.session-valid=; max-age=0');
});

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a 401 on an authenticated call (section 4)', () => {
  it('triggers one logout shared by every concurrent call, drops their results and follows the redirect', async () => {
    setCookie('clearway.session-valid=9999999999');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(String(url));
        return String(url).endsWith('/auth/signout')
          ? json({ url: '/login' }, 200)
          : json({ status: 401, title: 'Unauthorized Access', message: 'x' }, 401);
      }),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      pathname: '/trades',
      search: '',
    });

    const settled = vi.fn();
    for (let i = 0; i < 3; i++) void api(API.account.list, { payload: {} }).then(settled, settled);
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));

    expect(calls.filter((u) => u.endsWith('/auth/signout'))).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/login?error=SessionRequired&callbackUrl=%2Ftrades');
    expect(settled).not.toHaveBeenCalled();
  });

  it('throws the error when the call is public (nothing to log out of)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ status: 401, title: 'Unauthorized Access', message: 'Invalid username, or password.' }, 401),
      ),
    );
    await expect(api(API.auth.login, { payload: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('a call typed by its contract row', () => {
  it('takes the row’s request body and answers with its response type', () => {
    // Only the types are under test here: the calls are never made.
    const typed = () => {
      const balances: Promise<{ asset: string }[]> = api(API.account.balances, { payload: { entityId: 2 } });
      // @ts-expect-error a field the row's body does not have
      void api(API.account.balances, { payload: { entityId: 2, walletId: 3 } });
      // @ts-expect-error the row's body requires its fields
      void api(API.cashEntry.deposit, { payload: { entityId: 2 } });
      // @ts-expect-error a row with a body takes a payload
      void api(API.requests.statusUpdate);
      return balances;
    };
    expect(typed).toBeTypeOf('function');
  });
});
