import { randomUUID } from 'node:crypto';
import { API_BASE } from '@clearway/contracts/endpoint-table';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuthModule, installAuthentication, registerAuthRoutes } from './modules/auth/auth.module';
import { authorizationRoutes } from './modules/authorization/authorization.routes';
import { createAuthorizationService } from './modules/authorization/authorization.service';
import { createResolver } from './modules/authorization/resolver.service';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { createAccountsService } from './modules/ledger/accounts.service';
import { createBalancesService } from './modules/ledger/balances.service';
import { createCashEntriesService } from './modules/ledger/cash-entries.service';
import { createCashReversalsService } from './modules/ledger/cash-reversals.service';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { createLedgerService } from './modules/ledger/ledger.service';
import { notifyReversal } from './modules/ledger/reversal-notice';
import { moneyRequestsRoutes } from './modules/money-requests/money-requests.routes';
import { createMoneyRequestsService } from './modules/money-requests/money-requests.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createReferenceDataService } from './modules/reference-data/reference-data.service';
import { createRequestEngine } from './modules/requests/request-engine.service';
import { requestsRoutes } from './modules/requests/requests.routes';
import { serverModeRoutes } from './modules/server-mode/server-mode.routes';
import { createServerModeService } from './modules/server-mode/server-mode.service';
import { ssiRoutes } from './modules/ssi/ssi.routes';
import { createSsiService } from './modules/ssi/ssi.service';
import { createUsersService } from './modules/users/users.service';
import { createBankInfoService } from './modules/wallets/bank-info.service';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { createWalletsService } from './modules/wallets/wallets.service';
import { installAccessGuard } from './platform/access-guard';
import { requestTimeouts } from './platform/client-errors';
import { type Config, publicConfig } from './platform/config';
import type { Database } from './platform/db';
import { installErrorHandler } from './platform/errors';
import { healthRoutes } from './platform/health.routes';
import { createMailer } from './platform/mail';
import { installMetrics } from './platform/metrics';
import type { AccessPorts } from './platform/principal';
import { installRequestLogging } from './platform/request-logging';
import { collectApiRoutes } from './platform/routes';
import { loadSecrets } from './platform/secrets';
import { installSecurityHeaders } from './platform/security-headers';
import { installSpa } from './platform/spa';

export type AppOptions = { config: Config; database: Database; logger?: boolean };

const REQUEST_ID = /^[\w.-]{8,128}$/;

/** Builds the whole server: platform plugins, the access guard, every module's routes. */
export async function buildApp({ config, database, logger = true }: AppOptions) {
  const app: FastifyInstance = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    // Our own response logger applies the spec's levels (request-logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    ...requestTimeouts(config.REQUEST_TIMEOUT_MS),
    // Live streams (SSE) never go idle; shutting down must not wait for them.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const apiRoutes = collectApiRoutes(app);

  installErrorHandler(app);
  installSecurityHeaders(app, API_BASE);
  installRequestLogging(app);
  installMetrics(app);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.PRODUCT_NAME} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'clearway.sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });

  const serverMode = createServerModeService(database.db, config.MAINTENANCE_CACHE_MS);
  const resolver = createResolver(database.db);
  const ports: AccessPorts = {
    authenticators: [],
    resolvePermissions: resolver.resolve,
    platformRootId: resolver.platformRootId,
    isMaintenanceOn: serverMode.isMaintenanceOn,
  };
  installAccessGuard(app, ports, config.MAINTENANCE_RETRY_AFTER_SECONDS);

  const { db } = database;
  const mailer = createMailer(db, config, app.log);
  const users = createUsersService(db);
  const auth = createAuthModule({ db, config, secrets: loadSecrets(config), mailer, users });
  installAuthentication(ports, auth);
  const referenceData = createReferenceDataService(db);
  const entities = createEntitiesService({ db, resolver, users, referenceData });
  const authorization = createAuthorizationService(db);
  const ledger = createLedgerService(db);
  const accounts = createAccountsService(db, entities);
  const balances = createBalancesService(db, entities);
  const cash = createCashEntriesService({ db, ledger, entities });
  const notifications = createNotificationsService(database.url, app.log);
  await notifications.start();
  app.addHook('onClose', () => notifications.stop());
  const reversals = createCashReversalsService({
    db,
    ledger,
    onReversed: (tx, r) => notifyReversal(tx, r, { resolver, users, notifications }),
  });
  // Maker-checker compares people: a user and the API keys that user created are one.
  const requestEngine = createRequestEngine(
    db,
    resolver,
    async (p, requester) => {
      const [a, b] = await Promise.all([auth.tokens.humanOf(p), auth.tokens.humanOf(requester)]);
      return a !== null && a === b;
    },
    {
      // A new request tells the people who may approve it; a decision tells the requester.
      submitted: async (tx, r, key) => {
        const approvers = (await resolver.holders(r.entityId, key, tx)).filter(
          (p) => !(p.kind === r.requesterKind && p.id === r.requesterId),
        );
        await notifications.notify(tx, approvers, {
          title: `New ${r.type.toLowerCase()} request`,
          message: `#${r.id} from ${r.requesterName} awaits approval`,
          link: '/deposit-and-withdrawals/requests',
        });
      },
      decided: async (tx, r, to, who) => {
        await notifications.notify(tx, [{ kind: r.requesterKind, id: r.requesterId }], {
          title: `Request #${r.id} ${to.toLowerCase()}`,
          message: `${who.principal.name} moved your ${r.type.toLowerCase()} request to ${to.toLowerCase()}`,
        });
      },
    },
  );
  const walletsService = createWalletsService({ db, config, engine: requestEngine, entities });
  const bankInfo = createBankInfoService({ db, config, engine: requestEngine });
  const ssi = createSsiService(db, entities);
  const moneyRequests = createMoneyRequestsService({ db, engine: requestEngine, ledger, accounts, entities });

  await app.register(
    async (api) => {
      healthRoutes(api, database.db);
      serverModeRoutes(api, serverMode);
      registerAuthRoutes(api, auth);
      entitiesRoutes(api, entities);
      authorizationRoutes(api, authorization);
      ledgerRoutes(api, { accounts, balances, cash, reversals, referenceData });
      requestsRoutes(api, requestEngine);
      walletsRoutes(api, walletsService, bankInfo);
      ssiRoutes(api, ssi);
      moneyRequestsRoutes(api, moneyRequests);
      notificationsRoutes(api, notifications);
    },
    { prefix: API_BASE },
  );
  await installSpa(app, config.WEB_DIST_DIR, publicConfig(config));
  return {
    app,
    ports,
    apiRoutes,
    services: {
      serverMode,
      users,
      auth,
      mailer,
      resolver,
      entities,
      authorization,
      ledger,
      accounts,
      balances,
      cash,
      requestEngine,
      wallets: walletsService,
      bankInfo,
      ssi,
      moneyRequests,
      notifications,
    },
  };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
