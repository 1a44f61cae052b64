import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import { publicConfig } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { AccessPorts } from '../../platform/principal';
import type { Secrets } from '../../platform/secrets';
import type { UsersService } from '../users/users.service';
import { authRoutes } from './auth.routes';
import { apiKeyAuthenticator, bearerAuthenticator, sessionAuthenticator } from './authenticators';
import { createEntraService } from './entra.service';
import { createLoginService } from './login.service';
import { createPasswordService } from './password.service';
import { sessionClientRoutes } from './session-client.routes';
import { cookieSettings } from './session-cookies';
import { createSessionsService } from './sessions.service';
import { createSsoService } from './sso.service';
import { createThrottleService } from './throttle.service';
import { createTokensService } from './tokens.service';

type Deps = { db: Db; config: Config; secrets: Secrets; mailer: Mailer; users: UsersService };

/** Authentication: sessions, sign-in and two-factor, passwords, tokens, API keys and SSO. */
export function createAuthModule({ db, config, secrets, mailer, users }: Deps) {
  const sessions = createSessionsService(db, config);
  const throttle = createThrottleService(db, config);
  const tokens = createTokensService(db, config, secrets, users);
  const login = createLoginService({ db, config, secrets, users, sessions, throttle });
  return {
    db,
    cookies: cookieSettings(config),
    authenticatorApps: publicConfig(config).authenticatorAppLinks,
    sessions,
    throttle,
    tokens,
    login,
    entra: createEntraService({ db, config, users, login }),
    passwords: createPasswordService({ db, config, users, sessions, mailer, throttle }),
    sso: createSsoService(db, config, users),
  };
}
export type AuthModule = ReturnType<typeof createAuthModule>;

/** Explicit credentials (bearer, API key) win over the ambient session cookie. */
export function installAuthentication(ports: AccessPorts, m: AuthModule) {
  ports.authenticators.push(
    bearerAuthenticator(m.tokens),
    apiKeyAuthenticator(m.tokens),
    sessionAuthenticator(m.sessions, m.cookies),
  );
}

export function registerAuthRoutes(api: FastifyInstance, m: AuthModule) {
  api.decorateRequest('authSession', null);
  authRoutes(api, m);
  sessionClientRoutes(api, m);
}
