import { withoutBidiControls } from '@clearway/contracts/primitives';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { audited, recordRefusal } from '../../platform/audit';
import type { Config } from '../../platform/config';
import { hashToken, randomToken, safeEqual } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { AppError, notFound, unauthenticated } from '../../platform/errors';
import type { UsersService } from '../users/users.service';
import { oidcLogins } from './auth.tables';
import type { LoginService, RequestMeta } from './login.service';

export const ENTRA_PROVIDER = 'ms-entra';
export const ENTRA_SCOPE = 'openid profile email User.Read';
export const ENTRA_NOT_PROVISIONED =
  'Your Microsoft account is not set up for this portal. Ask your administrator.';
const PENDING_MS = 10 * 60_000;

type AuthorizationResponse = Record<string, string>;

/**
 * Sign-in with Microsoft Entra ID (OpenID Connect, code flow with PKCE, form_post).
 * 1. `start` stores state, nonce and verifier, bound to the browser by a cookie value.
 * 2. The IdP posts the code back; `receive` parks it and sends the browser to /login.
 * 3. The browser (now sending its SameSite cookie) calls `finish`, which exchanges the
 *    code, validates the ID token (issuer, audience, signature, expiry, nonce, tenant)
 *    and signs in the pre-provisioned user with that object id or e-mail.
 */
export function createEntraService(deps: {
  db: Db;
  config: Config;
  users: UsersService;
  login: LoginService;
}) {
  const { db, config, users, login } = deps;
  const enabled = Boolean(
    config.MS_ENTRA_ISSUER && config.MS_ENTRA_CLIENT_ID && config.MS_ENTRA_CLIENT_SECRET,
  );
  const baseUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const redirectUri = `${baseUrl}/api/auth/callback/${ENTRA_PROVIDER}`;
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!enabled) throw notFound('Sign-in with Microsoft is not configured');
    discovered ??= oidc
      .discovery(
        new URL(config.MS_ENTRA_ISSUER!),
        config.MS_ENTRA_CLIENT_ID!,
        config.MS_ENTRA_CLIENT_SECRET!,
        undefined,
        config.MS_ENTRA_ALLOW_INSECURE ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        discovered = null;
        throw new AppError(
          'Internal',
          502,
          `The Microsoft sign-in service could not be reached: ${(err as Error).message}`,
        );
      });
    return discovered;
  }

  async function start(callbackUrl: string) {
    const cfg = await configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const binding = randomToken();
    await db.insert(oidcLogins).values({
      stateHash: hashToken(state),
      nonce,
      codeVerifier,
      bindingHash: hashToken(binding),
      callbackUrl,
      expiresAt: new Date(Date.now() + PENDING_MS),
    });
    const url = oidc.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri,
      scope: ENTRA_SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      response_mode: 'form_post',
    });
    return { url: url.href, binding };
  }

  /** Parks the IdP's answer; returns where to send the browser. */
  async function receive(form: AuthorizationResponse): Promise<string> {
    const state = form.state;
    if (!state || form.error) return '/login?error=EntraSignin';
    const parked = await db
      .update(oidcLogins)
      .set({ response: JSON.stringify(form) })
      .where(
        and(
          eq(oidcLogins.stateHash, hashToken(state)),
          isNull(oidcLogins.response),
          gt(oidcLogins.expiresAt, new Date()),
        ),
      )
      .returning({ stateHash: oidcLogins.stateHash });
    return parked.length ? `/login?${new URLSearchParams({ entra: state })}` : '/login?error=EntraSignin';
  }

  async function finish(state: string, binding: string | undefined, meta: RequestMeta) {
    const [row] = await db
      .delete(oidcLogins)
      .where(and(eq(oidcLogins.stateHash, hashToken(state)), gt(oidcLogins.expiresAt, new Date())))
      .returning();
    if (!row?.response || !binding || !safeEqual(row.bindingHash, hashToken(binding))) {
      throw unauthenticated('The Microsoft sign-in could not be completed; please try again');
    }
    const callback = new URL(redirectUri);
    for (const [k, v] of Object.entries(JSON.parse(row.response) as AuthorizationResponse))
      callback.searchParams.set(k, v);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callback, {
        pkceCodeVerifier: row.codeVerifier,
        expectedState: state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      await audit('failure', undefined, { reason: (err as Error).message });
      throw unauthenticated('The Microsoft sign-in could not be verified');
    }
    if (!claims || (config.MS_ENTRA_TENANT_ID && claims.tid !== config.MS_ENTRA_TENANT_ID)) {
      await audit('failure', undefined, { reason: 'tenant' });
      throw unauthenticated('The Microsoft sign-in could not be verified');
    }
    const user = await provisionedUser(claims);
    if (!user) {
      // The claim is the identity provider's text, shown in the audit trail: no direction controls.
      await audit('failure', withoutBidiControls(String(claims.email ?? claims.sub)), {
        reason: 'not provisioned',
      });
      throw unauthenticated(ENTRA_NOT_PROVISIONED);
    }
    const session = await login.startSession(user, meta, ENTRA_PROVIDER);
    return { ...session, callbackUrl: row.callbackUrl };
  }

  /** The user with this object id, or — at first sign-in — the one with this e-mail. */
  async function provisionedUser(claims: oidc.IDToken) {
    const oid = typeof claims.oid === 'string' ? claims.oid : claims.sub;
    const byOid = await users.findByEntraObjectId(oid);
    const email = [claims.email, claims.preferred_username].find((v): v is string => typeof v === 'string');
    const user = byOid ?? (email ? await users.findByEmail(email) : null);
    if (user?.status !== 'active' || (user.msEntraObjectId && user.msEntraObjectId !== oid)) return null;
    if (!user.msEntraObjectId) await users.update(user.id, { msEntraObjectId: oid });
    return user;
  }

  async function audit(
    outcome: 'success' | 'failure',
    target: string | undefined,
    details: Record<string, unknown>,
  ) {
    const entry = { action: 'auth.ms-entra', target, details };
    // A refusal changed nothing; a success is the sign-in's own row (its session is made next).
    if (outcome === 'failure') await recordRefusal(db, { principal: null }, entry);
    else await audited(db, { principal: null }, { ...entry, outcome }, async () => undefined);
  }

  async function endSessionUrl(): Promise<string> {
    if (!enabled) return '/login';
    const cfg = await configuration();
    try {
      return oidc.buildEndSessionUrl(cfg, { post_logout_redirect_uri: `${baseUrl}/login` }).href;
    } catch {
      return '/login';
    }
  }

  return { enabled, start, receive, finish, endSessionUrl };
}
export type EntraService = ReturnType<typeof createEntraService>;
