import { randomUUID } from 'node:crypto';
import { API_BASE } from '@clearway/contracts/endpoint-table';
import { describeStatus } from '@clearway/contracts/errors';
import { setDateWindow } from '@clearway/contracts/primitives';
import { installPlainZodMessages } from '@clearway/contracts/zod-messages';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAllocationsModule } from './modules/allocations/allocations.module';
import { allocationObjects } from './modules/allocations/allocations.objects';
import { allocationsRoutes } from './modules/allocations/allocations.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { auditTrailRoutes } from './modules/audit-trail/audit-trail.routes';
import { createAuditTrailService } from './modules/audit-trail/audit-trail.service';
import { apiKeyRoutes } from './modules/auth/api-keys.routes';
import { createApiKeysService } from './modules/auth/api-keys.service';
import { createAuthModule, installAuthentication, registerAuthRoutes } from './modules/auth/auth.module';
import { authObjects } from './modules/auth/auth.objects';
import { createSsoLinksService } from './modules/auth/sso-links.service';
import { authorizationObjects } from './modules/authorization/authorization.objects';
import { authorizationRoutes } from './modules/authorization/authorization.routes';
import { createAuthorizationService } from './modules/authorization/authorization.service';
import { createObjectPlacer } from './modules/authorization/object-placement';
import { createResolver } from './modules/authorization/resolver.service';
import { entityObjects } from './modules/entities/entities.objects';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { createEntitiesService } from './modules/entities/entities.service';
import { eodRoutes } from './modules/eod/eod.routes';
import { createEndOfDay } from './modules/eod/eod.service';
import { createInstrumentsModule } from './modules/instruments/instruments.module';
import { instrumentsRoutes } from './modules/instruments/instruments.routes';
import { createAccountsService } from './modules/ledger/accounts.service';
import { createBalancesService } from './modules/ledger/balances.service';
import { createCashEntriesService } from './modules/ledger/cash-entries.service';
import { createCashReversalsService } from './modules/ledger/cash-reversals.service';
import { ledgerObjects } from './modules/ledger/ledger.objects';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createLimitsModule } from './modules/limits/limits.module';
import { limitsRoutes } from './modules/limits/limits.routes';
import { moneyRequestObjects } from './modules/money-requests/money-requests.objects';
import { moneyRequestsRoutes } from './modules/money-requests/money-requests.routes';
import {
  createMoneyRequestsService,
  type TransferFeeBooking,
} from './modules/money-requests/money-requests.service';
import { createNotificationCentre } from './modules/notifications/notification-centre.service';
import { notificationRetentionTask } from './modules/notifications/notification-retention';
import { subscribeNotifications } from './modules/notifications/notifications.module';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createReferenceDataService } from './modules/reference-data/reference-data.service';
import { createRequestEngine } from './modules/requests/request-engine.service';
import { requestObjects } from './modules/requests/requests.objects';
import { requestsRoutes } from './modules/requests/requests.routes';
import { serverModeRoutes } from './modules/server-mode/server-mode.routes';
import { createServerModeService } from './modules/server-mode/server-mode.service';
import { ssiRoutes } from './modules/ssi/ssi.routes';
import { createSsiService } from './modules/ssi/ssi.service';
import { statementObjects } from './modules/statements/statements.objects';
import { statementsRoutes } from './modules/statements/statements.routes';
import { createStatements } from './modules/statements/statements.service';
import { templateObjects } from './modules/templates/templates.objects';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createTemplatesService } from './modules/templates/templates.service';
import { createTradingModule } from './modules/trading/trading.module';
import { tradingObjects } from './modules/trading/trading.objects';
import { tradingRoutes } from './modules/trading/trading.routes';
import { storedOnlyTradingPlatform } from './modules/trading-platform/trading-platform.port';
import { tradingPlatformRoutes } from './modules/trading-platform/trading-platform.routes';
import { createTradingPlatformService } from './modules/trading-platform/trading-platform.service';
import { createFeeSchedulesService } from './modules/transfers/fee-schedules.service';
import { transferObjects } from './modules/transfers/transfers.objects';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { createTransfersService } from './modules/transfers/transfers.service';
import { userAdminRoutes } from './modules/users/user-admin.routes';
import { createUserAdminService } from './modules/users/user-admin.service';
import { userObjects } from './modules/users/users.objects';
import { createUsersService } from './modules/users/users.service';
import { createBankInfoService } from './modules/wallets/bank-info.service';
import { walletObjects } from './modules/wallets/wallets.objects';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { createWalletsService } from './modules/wallets/wallets.service';
import { installAccessGuard } from './platform/access-guard';
import { requestTimeouts } from './platform/client-errors';
import { type Config, publicConfig } from './platform/config';
import type { Database, DbOrTx, Tx } from './platform/db';
import { installErrorHandler, sendError } from './platform/errors';
import { healthRoutes } from './platform/health.routes';
import { createJobQueue } from './platform/jobs/job-queue';
import { createMailer } from './platform/mail';
import { installMetrics } from './platform/metrics';
import type { ObjectOwners } from './platform/object-owners';
import type { AccessPorts } from './platform/principal';
import { installRequestLogging } from './platform/request-logging';
import { collectApiRoutes } from './platform/routes';
import { loadSecrets } from './platform/secrets';
import { installSecurityHeaders } from './platform/security-headers';
import { installSpa } from './platform/spa';
import { openStorage } from './platform/storage/storage';

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
    // A URL the router cannot decode (percent-encoded bytes that are not UTF-8) is bad input
    // like any other: the one error handler answers it in the section 8 shape.
    frameworkErrors: (err, request, reply) => {
      const status = err.statusCode === 400 ? 400 : 500;
      const { title, message } = describeStatus(
        status,
        status === 400 ? { message: 'The address is not valid' } : {},
      );
      sendError(request, reply, { status, title, message });
    },
  });
  // Every date field of every contract reads the window (one per process, like the config).
  setDateWindow({ from: config.DATE_WINDOW_START, to: config.DATE_WINDOW_END });
  // A refusal reads `amount: is required`, never zod's "Invalid input: expected string…".
  installPlainZodMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const apiRoutes = collectApiRoutes(app);

  installErrorHandler(app);
  installSecurityHeaders(app, API_BASE);
  installRequestLogging(app);
  // Modules add the job tasks they own (jobs.add) below; the worker starts with the server.
  const jobs = createJobQueue({
    db: database.db,
    url: database.url,
    enabled: config.JOBS_WORKER,
    concurrency: config.JOBS_CONCURRENCY,
    log: app.log,
  });
  const metrics = installMetrics(app, { token: config.METRICS_TOKEN, collectors: jobs.metrics });
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
  // Who owns each kind of object a contract row may name, as the owning modules declare it.
  const objectOwners: ObjectOwners = {
    ...ledgerObjects,
    ...requestObjects,
    ...moneyRequestObjects,
    ...walletObjects,
    ...templateObjects,
    ...tradingObjects,
    ...allocationObjects,
    ...userObjects,
    ...authObjects,
    ...authorizationObjects,
    ...transferObjects,
    ...statementObjects,
    ...entityObjects,
  };
  const ports: AccessPorts = {
    authenticators: [],
    resolvePermissions: resolver.resolve,
    placeObjects: createObjectPlacer(database.db, objectOwners),
    platformRootId: resolver.platformRootId,
    isMaintenanceOn: serverMode.isMaintenanceOn,
  };
  installAccessGuard(app, ports, config.MAINTENANCE_RETRY_AFTER_SECONDS);

  const { db } = database;
  const storage = await openStorage(config, db);
  const mailer = createMailer(db, config, app.log);
  const users = createUsersService(db);
  const auth = createAuthModule({ db, config, secrets: loadSecrets(config), mailer, users });
  installAuthentication(ports, auth);
  jobs.add(...auth.passwords.tasks);
  const referenceData = createReferenceDataService(db);
  const entities = createEntitiesService({ db, resolver, users, referenceData });
  // Previews name the principals whose rights move: users and API keys, named by their modules.
  const principalNames = {
    users: async (_ids: string[], _tx: DbOrTx) => new Map<string, string>(),
    keys: async (_ids: string[], _tx: DbOrTx) => new Map<string, string>(),
  };
  const authorization = createAuthorizationService(db, async (refs, tx) => {
    const u = await principalNames.users(
      refs.filter((r) => r.kind === 'user').map((r) => r.id),
      tx,
    );
    const k = await principalNames.keys(
      refs.filter((r) => r.kind === 'apiKey').map((r) => r.id),
      tx,
    );
    return new Map([
      ...[...u].map(([id, n]) => [`user:${id}`, n] as const),
      ...[...k].map(([id, n]) => [`apiKey:${id}`, n] as const),
    ]);
  });
  const apiKeys = createApiKeysService({
    db,
    tokens: auth.tokens,
    authorization,
    maxDays: config.API_KEY_MAX_DAYS,
  });
  const ssoLinks = createSsoLinksService(db, users);
  const userAdmin = createUserAdminService({
    db,
    users,
    authorization,
    ports: {
      personOf: (principal) => auth.tokens.humanOf(principal),
      endSessions: (userId, tx) => auth.sessions.endAllForUser(userId, undefined, tx),
      endBearerTokens: (userId, tx) => auth.tokens.endBearerTokens(userId, tx),
      mail: (mail) => mailer.send(mail),
      emailLinks: {
        baseUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        productName: config.PRODUCT_NAME,
        ttlHours: config.EMAIL_CHANGE_TTL_HOURS,
      },
      invite: (user, tx) => auth.passwords.invite(user, tx),
      lockedUntil: auth.throttle.lockedUntil,
      unlock: auth.throttle.reset,
      ssoLinksOf: ssoLinks.linksOf,
    },
  });
  principalNames.users = (ids, tx) => userAdmin.namesOf(ids, tx);
  principalNames.keys = (ids, tx) => apiKeys.namesOf(ids, tx);
  const auditTrail = createAuditTrailService(db);
  // No external trading platform is configured: the portal's record is the platform's.
  const tradingPlatform = createTradingPlatformService(db, storedOnlyTradingPlatform);
  const ledger = createLedgerService(db);
  const accounts = createAccountsService(db, entities);
  entities.refuseDeactivationWhen(accounts.fundedAccounts);
  const instruments = createInstrumentsModule({ db, users, referenceData, entities });
  // Base-currency values read the instruments module's rate sheet.
  const balances = createBalancesService(db, entities, instruments.rates);
  const cash = createCashEntriesService({ db, ledger });
  const trading = createTradingModule({
    db,
    ledger,
    accounts,
    balances,
    entities,
    instruments,
    resolve: resolver.resolve,
    limits: {
      quoteTtlSeconds: config.QUOTE_TTL_SECONDS,
      backdateBusinessDays: config.TRADE_BACKDATE_BUSINESS_DAYS,
    },
  });
  const allocations = createAllocationsModule({ db, entities, accounts, trading });
  entities.refuseDeactivationWhen(trading.openTradesOf);
  const eod = createEndOfDay({ db, config, trading, instruments });
  jobs.add(...eod.tasks);
  const statements = createStatements({
    db,
    config,
    entities,
    referenceData,
    eod,
    trading,
    instruments,
    storage,
    mailer,
    users,
    log: app.log,
  });
  jobs.add(...statements.tasks);
  const notifications = createNotificationsService(database.url, app.log);
  await notifications.start();
  app.addHook('onClose', () => notifications.stop());
  const notificationCentre = createNotificationCentre(db);
  jobs.add(notificationRetentionTask(db, config.NOTIFICATION_RETENTION_DAYS));
  const reversals = createCashReversalsService({ db, ledger });
  // Maker-checker compares people: a user and the API keys that user created are one.
  const requestEngine = createRequestEngine({
    db,
    resolver,
    humanOf: auth.tokens.humanOf,
    identitiesOf: auth.tokens.identitiesOf,
    nameOf: (id) => users.displayName({ kind: 'user', id, name: id }),
    groups: {
      namesOf: authorization.groupNames,
      visibleTo: authorization.groupVisibleTo,
      idsOf: authorization.groupIdsOf,
    },
  });
  // Off-market bookings wait under four eyes: submitted as requests, booked on approval.
  trading.offMarket.attach((tx, who, type, payload) => requestEngine.submit(tx, who, type, payload));
  requestEngine.register('OFF MARKET TRADE', {
    // Every approver and rejecter is the house's staff, not only the last (four eyes of the desk's).
    assertDecider: (_db, request, who, decision) =>
      trading.offMarket.assertDecider(request, who.principal, decision),
    onApproved: async (tx, request, who) => {
      await trading.offMarket.approve(tx as Tx, request, who.principal);
    },
    completesOnApproval: () => true,
  });
  // A barrier touch the sheet missed waits under four eyes too: applied when other staff approve it.
  trading.options.registerBarrierEvents(requestEngine);
  // Ceilings: a cash entry above one waits for a second person; a money request above one is refused.
  const limits = createLimitsModule({
    db,
    engine: requestEngine,
    rates: instruments.rates,
    ancestry: entities.ancestry,
    scaleOf: ledger.scaleOf,
    resolve: resolver.resolve,
    cash,
  });
  // A move where approval policies are under four eyes waits for another administrator.
  entities.governMovesWith(requestEngine);
  subscribeNotifications({
    notifications,
    resolver,
    users,
    requests: requestEngine.events,
    reversals: reversals.events,
  });
  const walletsService = createWalletsService({ db, config, engine: requestEngine, entities });
  const bankInfo = createBankInfoService({ db, config, engine: requestEngine });
  const ssi = createSsiService(db, entities);
  const feeSchedules = createFeeSchedulesService({ db, ledger, entities });
  // The withdrawal handler books a transfer's fee through the transfers module, made below.
  const transferFees: TransferFeeBooking = { feeOf: (tx, p) => transfers.feeBooking.feeOf(tx, p) };
  const moneyRequests = createMoneyRequestsService({
    db,
    engine: requestEngine,
    ledger,
    accounts,
    entities,
    wallets: walletsService,
    bankInfo,
    storage,
    transferFees,
    ceilings: limits,
  });
  const transfers = createTransfersService({
    db,
    config,
    fees: feeSchedules,
    ledger,
    accounts,
    entities,
    balances,
    wallets: walletsService,
    bankInfo,
    engine: requestEngine,
    moneyRequests,
  });
  const approvals = createApprovalsService({ engine: requestEngine, moneyRequests });
  const templates = createTemplatesService({ db, entities, accounts, authorization, engine: requestEngine });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // After the jobs have stopped: no statement is being rendered any more.
  app.addHook('onClose', () => statements.close());

  await app.register(
    async (api) => {
      healthRoutes(api, database.db);
      serverModeRoutes(api, serverMode);
      registerAuthRoutes(api, auth);
      entitiesRoutes(api, entities);
      authorizationRoutes(api, authorization, userAdmin.assertWithin, apiKeys.assertWithin);
      userAdminRoutes(api, userAdmin, { authorization, assertKeyWithin: apiKeys.assertWithin });
      apiKeyRoutes(api, apiKeys, ssoLinks, userAdmin.assertMayActOnCredentialsOf);
      auditTrailRoutes(api, auditTrail);
      tradingPlatformRoutes(api, tradingPlatform, users);
      ledgerRoutes(api, {
        accounts,
        balances,
        cash,
        reversals,
        referenceData,
        unrealised: trading.unrealised,
      });
      instrumentsRoutes(api, instruments);
      tradingRoutes(api, trading);
      allocationsRoutes(api, allocations);
      eodRoutes(api, eod);
      statementsRoutes(api, statements);
      requestsRoutes(api, requestEngine);
      walletsRoutes(api, walletsService, bankInfo);
      ssiRoutes(api, ssi);
      moneyRequestsRoutes(api, moneyRequests);
      transfersRoutes(api, transfers, feeSchedules);
      approvalsRoutes(api, approvals);
      templatesRoutes(api, templates);
      notificationsRoutes(api, notifications, notificationCentre);
      limitsRoutes(api, limits);
    },
    { prefix: API_BASE },
  );
  await installSpa(app, config.WEB_DIST_DIR, publicConfig(config));
  return {
    app,
    /** `/metrics`, served apart from the public port (see metrics.ts); `main.ts` listens on it. */
    metrics,
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
      userAdmin,
      apiKeys,
      ssoLinks,
      tradingPlatform,
      ledger,
      accounts,
      balances,
      instruments,
      trading,
      allocations,
      eod,
      statements,
      cash,
      requestEngine,
      wallets: walletsService,
      bankInfo,
      ssi,
      moneyRequests,
      transfers,
      feeSchedules,
      approvals,
      templates,
      notifications,
      notificationCentre,
      limits,
      jobs,
      storage,
    },
  };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
