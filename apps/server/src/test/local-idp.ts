import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export type IdpAccount = { email: string; oid: string; tid: string; name: string };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, standing in for Microsoft
 * Entra ID in tests. Login and consent complete on their own for `signInAs`.
 */
export async function startLocalIdp(opts: { clientId: string; clientSecret: string; redirectUri: string }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, IdpAccount>();
  const state = { signInAs: '' };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    scopes: ['openid', 'profile', 'email', 'User.Read'],
    claims: { openid: ['sub', 'oid', 'tid'], email: ['email'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['local-idp-cookie-key'] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ sub: id, ...account }) } : undefined;
    },
  });
  const handle = provider.callback();
  const server: Server = createServer(async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: state.signInAs } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    addAccount: (id: string, account: IdpAccount) => accounts.set(id, account),
    signInAs: (id: string) => {
      state.signInAs = id;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the authorization request the way a browser would (redirects, cookies) up to the
 * form the IdP posts back, and returns that form's fields (code, state, …).
 */
export async function authorizeLikeABrowser(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!.trim(), v.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, next).href;
      continue;
    }
    const html = await res.text();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        decodeHtml(m[2]!),
      ]),
    );
    if (!fields.state) throw new Error(`no authorization response in:\n${html.slice(0, 500)}`);
    return fields;
  }
  throw new Error('too many redirects');
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
