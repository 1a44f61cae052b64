import { afterAll, describe, expect, it } from 'vitest';
import { Agent } from '../../test/agent';
import { createUser } from '../../test/fixtures';
import { authorizeLikeABrowser, startLocalIdp } from '../../test/local-idp';
import { useTestApp } from '../../test/test-app';
import { ENTRA_NOT_PROVISIONED } from './entra.service';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CLIENT = { clientId: 'clearway-portal', clientSecret: 'local-idp-secret-value' };
const TENANT = 'tenant-0001';

const formPost = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('sign-in with Microsoft Entra ID (against a local OpenID provider)', () => {
  let idp: Awaited<ReturnType<typeof startLocalIdp>>;
  const t = useTestApp(async () => {
    idp = await startLocalIdp({ ...CLIENT, redirectUri: `${PUBLIC_URL}/api/auth/callback/ms-entra` });
    return {
      PUBLIC_URL,
      MS_ENTRA_ISSUER: idp.issuer,
      MS_ENTRA_CLIENT_ID: CLIENT.clientId,
      MS_ENTRA_CLIENT_SECRET: CLIENT.clientSecret,
      MS_ENTRA_TENANT_ID: TENANT,
      MS_ENTRA_ALLOW_INSECURE: 'true',
    };
  });
  afterAll(() => idp?.stop());

  /** Start in the portal, authorize at the IdP, post the answer back, finish in the portal. */
  async function signInThroughIdp(accountId: string, agent = new Agent(t.app)) {
    const start = await agent.post('/api/auth/login-via-ms-entra', { callbackUrl: '/trades' });
    expect(start.statusCode).toBe(200);
    const { url } = start.json();
    expect(new URL(url).searchParams.get('scope')).toContain('User.Read');
    idp.signInAs(accountId);
    const answer = await authorizeLikeABrowser(url);
    const back = await agent.call({
      method: 'POST',
      url: '/api/auth/callback/ms-entra',
      ...formPost(answer),
    });
    expect(back.statusCode).toBe(303);
    const state = new URL(back.headers.location as string, PUBLIC_URL).searchParams.get('entra');
    return agent.post('/api/auth/login-via-ms-entra', { state });
  }

  it('lists Microsoft among the providers when configured', async () => {
    expect(Object.keys((await t.app.inject({ url: '/api/auth/providers' })).json())).toContain('ms-entra');
  });

  it('signs in a provisioned user (matched by e-mail, then by object id)', async () => {
    const user = await createUser(t);
    idp.addAccount('entra-user-1', { email: user.email, oid: 'oid-111', tid: TENANT, name: 'Provisioned' });
    const agent = new Agent(t.app);
    const res = await signInThroughIdp('entra-user-1', agent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, require2fa: 'no', callbackUrl: '/trades' });
    expect((await agent.get('/api/auth/session')).json().user.username).toBe(user.username);
    expect((await t.services.users.findById(user.id))?.msEntraObjectId).toBe('oid-111');
    // A second sign-in finds the user by object id.
    expect((await signInThroughIdp('entra-user-1')).statusCode).toBe(200);
  });

  it('ends the Microsoft session too when a user it signed in logs out, even if the browser does not say so', async () => {
    const user = await createUser(t);
    idp.addAccount('entra-user-out', { email: user.email, oid: 'oid-out', tid: TENANT, name: 'Leaving' });
    const agent = new Agent(t.app);
    expect((await signInThroughIdp('entra-user-out', agent)).statusCode).toBe(200);
    const out = await agent.post('/api/account/logout', { isMsEntra: false });
    expect(out.statusCode).toBe(200);
    const redirect = new URL(out.json().redirectUrl);
    expect(redirect.origin).toBe(new URL(idp.issuer).origin);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect((await agent.get('/api/auth/session')).json()).toEqual({});

    // A password session on the same portal goes back to the sign-in page.
    const local = new Agent(t.app);
    await local.post('/api/auth/login', { username: user.username, password: user.password });
    expect((await local.post('/api/account/logout', {})).json().redirectUrl).toBe('/login');
  });

  it('refuses an account that is not provisioned', async () => {
    idp.addAccount('entra-stranger', {
      email: 'stranger@elsewhere.test',
      oid: 'oid-999',
      tid: TENANT,
      name: 'Stranger',
    });
    const res = await signInThroughIdp('entra-stranger');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ENTRA_NOT_PROVISIONED);
  });

  it('refuses a token from another tenant', async () => {
    const user = await createUser(t);
    idp.addAccount('entra-other-tenant', {
      email: user.email,
      oid: 'oid-222',
      tid: 'tenant-9999',
      name: 'Other',
    });
    expect((await signInThroughIdp('entra-other-tenant')).statusCode).toBe(401);
  });

  it('refuses to finish in a browser that did not start the sign-in', async () => {
    const user = await createUser(t);
    idp.addAccount('entra-user-2', { email: user.email, oid: 'oid-333', tid: TENANT, name: 'Second' });
    const starter = new Agent(t.app);
    const { url } = (await starter.post('/api/auth/login-via-ms-entra', {})).json();
    idp.signInAs('entra-user-2');
    const answer = await authorizeLikeABrowser(url);
    await starter.call({ method: 'POST', url: '/api/auth/callback/ms-entra', ...formPost(answer) });
    const other = new Agent(t.app);
    expect((await other.post('/api/auth/login-via-ms-entra', { state: answer.state })).statusCode).toBe(401);
    // …and the state cannot be used a second time even by the right browser.
    expect((await starter.post('/api/auth/login-via-ms-entra', { state: answer.state })).statusCode).toBe(
      401,
    );
  });

  it('sends an IdP error back to the sign-in page with an error parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/ms-entra',
      ...formPost({ error: 'access_denied', state: 'whatever' }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?error=EntraSignin');
  });

  it('rejects a finish request with unknown fields', async () => {
    expect(
      (await new Agent(t.app).post('/api/auth/login-via-ms-entra', { state: 's', extra: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('sign-in with Microsoft when not configured', () => {
  const t = useTestApp();
  it('is hidden and answers 404', async () => {
    expect(Object.keys((await t.app.inject({ url: '/api/auth/providers' })).json())).toEqual(['credentials']);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-via-ms-entra', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
