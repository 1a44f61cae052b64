import { describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { safeCallback } from './safe-callback';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('session client (/api/auth)', () => {
  const t = useTestApp();

  it('answers an empty session when signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/session' });
    expect(res.json()).toEqual({});
  });

  it('lists the providers', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(Object.keys(res.json())).toEqual(['credentials']);
  });

  it('sends an unknown provider to the sign-in page', async () => {
    const a = new Agent(t.app);
    const res = await a.call({
      method: 'POST',
      url: '/api/auth/signin/myspace',
      ...form({ callbackUrl: '/trades', json: 'true' }),
    });
    expect(res.json()).toEqual({ url: '/login' });
  });

  it('signs in through the credentials callback and returns to the callback address', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    const { csrfToken } = (await a.get('/api/auth/csrf')).json();
    const res = await a.call({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      ...form({
        csrfToken,
        callbackUrl: '/trades',
        json: 'true',
        username: user.username,
        password: user.password,
      }),
    });
    expect(res.json()).toEqual({ url: '/trades' });
    expect((await a.get('/api/auth/session')).json().user.username).toBe(user.username);
  });

  it('returns a sign-in failure as an error parameter on the address', async () => {
    const a = new Agent(t.app);
    const { csrfToken } = (await a.get('/api/auth/csrf')).json();
    const res = await a.call({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      ...form({ csrfToken, callbackUrl: '/trades', username: 'nobody', password: 'wrong' }),
    });
    expect(res.json().url).toBe('/login?error=CredentialsSignin&callbackUrl=%2Ftrades');
  });

  it('refuses a callback whose csrfToken does not match the cookie', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    await a.get('/api/auth/csrf');
    const res = await a.call({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      ...form({ csrfToken: 'forged', username: user.username, password: user.password }),
    });
    expect(res.json().url).toMatch(/error=MissingCSRF/);
  });

  it('signs out with the session’s CSRF token, and refuses a forged one', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    const { csrfToken } = (
      await a.post('/api/auth/login', { username: user.username, password: user.password })
    ).json();
    const forged = await a.call({
      method: 'POST',
      url: '/api/auth/signout',
      ...form({ csrfToken: 'forged' }),
    });
    expect(forged.statusCode).toBe(403);
    const res = await a.call({
      method: 'POST',
      url: '/api/auth/signout',
      ...form({ csrfToken, callbackUrl: '/login' }),
    });
    expect(res.json()).toEqual({ url: '/login' });
    expect((await a.get('/api/auth/session')).json()).toEqual({});
  });

  it('writes client log lines and rejects an unknown level', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      payload: { level: 'warn', code: 'E1', message: 'x' },
    });
    expect(ok.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      payload: { level: 'shout', code: 'E1', message: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refreshes a session only with its CSRF token', async () => {
    const user = await createUser(t);
    const a = new Agent(t.app);
    const { csrfToken } = (
      await a.post('/api/auth/login', { username: user.username, password: user.password })
    ).json();
    expect((await a.post('/api/auth/session', { csrfToken })).json().user.username).toBe(user.username);
    expect((await a.post('/api/auth/session', { csrfToken: 'nope' })).json()).toEqual({});
  });

  it('keeps callback addresses on this site', () => {
    expect(safeCallback('/trades?x=1')).toBe('/trades?x=1');
    expect(safeCallback('https://evil.example')).toBe('/');
    expect(safeCallback('//evil.example')).toBe('/');
    expect(safeCallback('/\\evil.example')).toBe('/');
    expect(safeCallback(undefined)).toBe('/');
  });
});
