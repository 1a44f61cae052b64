import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { createAuthorizationService } from '../../apps/server/src/modules/authorization/authorization.service';
import { entities } from '../../apps/server/src/modules/entities/entities.tables';
import { createUsersService } from '../../apps/server/src/modules/users/users.service';
import { connectDatabase } from '../../apps/server/src/platform/db';
import { freePort } from '../../apps/server/src/test/free-port';
import { startPortal } from './portal-process';

/** A user without two-factor, for journeys that are not about signing in. */
export const PLAIN_USER = { username: 'e2e.operator', password: 'E2e-Operator-Pass-1' };

/**
 * Platform dealing operations, without two-factor: books trades by hand for any client,
 * cancels them and runs the end of day — the staff of the trades journey. (The demo's only
 * persona holding these keys is `admin`, whose sign-ins belong to the sign-in journeys.)
 */
export const DEALER = { username: 'e2e.dealer', password: 'E2e-Dealer-Pass-1' };

/**
 * A second person of the platform's dealing desk, the checker of the trading journey: approves
 * an off-market booking another dealer made (manual_trade_booking, the type's approve key). The
 * approvals inbox and a request's drawer still take an approve key of the money requests to
 * reach (approve_deposit here), until the request rows take the trading key too.
 */
export const DESK_CHECKER = { username: 'e2e.desk.checker', password: 'E2e-Desk-Checker-1' };

/** Keeps the platform's reference lists (address types, name sources, attributes): account_management at the root. */
export const REFERENCE_KEEPER = { username: 'e2e.reference', password: 'E2e-Reference-Pass-1' };

/** Test users through the real users and authorization services, on the portal's own database. */
export async function createTestUsers(pgPort: number) {
  const database = connectDatabase(`postgres://clearway:clearway@127.0.0.1:${pgPort}/clearway`, 2);
  try {
    const users = createUsersService(database.db);
    const [root] = await database.db.select().from(entities).where(isNull(entities.parentId)).limit(1);
    await users.createUser({
      ...PLAIN_USER,
      email: 'e2e.operator@example.test',
      displayName: 'E2E Operator',
      homeEntityId: root!.id,
      twoFactorRequired: false,
    });
    const dealer = await users.createUser({
      ...DEALER,
      email: 'e2e.dealer@example.test',
      displayName: 'E2E Dealer',
      homeEntityId: root!.id,
      twoFactorRequired: false,
    });
    await createAuthorizationService(database.db).seedGroup(database.db, {
      role: 'E2E Dealing Operations',
      keys: ['account_view', 'order_management', 'manual_trade_booking', 'trade_amend', 'eod_processing'],
      group: 'E2E Dealing Operations — Clearway Platform',
      entityId: root!.id,
      scope: 'SELF_AND_DESCENDANTS',
      members: [{ kind: 'user', id: dealer.id }],
    });
    const checker = await users.createUser({
      ...DESK_CHECKER,
      email: 'e2e.desk.checker@example.test',
      displayName: 'E2E Desk Checker',
      homeEntityId: root!.id,
      twoFactorRequired: false,
    });
    await createAuthorizationService(database.db).seedGroup(database.db, {
      role: 'E2E Dealing Checker',
      keys: ['account_view', 'manual_trade_booking', 'approve_deposit'],
      group: 'E2E Dealing Checker — Clearway Platform',
      entityId: root!.id,
      scope: 'SELF_AND_DESCENDANTS',
      members: [{ kind: 'user', id: checker.id }],
    });
    const keeper = await users.createUser({
      ...REFERENCE_KEEPER,
      email: 'e2e.reference@example.test',
      displayName: 'E2E Reference Keeper',
      homeEntityId: root!.id,
      twoFactorRequired: false,
    });
    await createAuthorizationService(database.db).seedGroup(database.db, {
      role: 'E2E Reference Data',
      keys: ['account_view', 'account_management'],
      group: 'E2E Reference Data — Clearway Platform',
      entityId: root!.id,
      scope: 'SELF_AND_DESCENDANTS',
      members: [{ kind: 'user', id: keeper.id }],
    });
  } finally {
    await database.close();
  }
}

/**
 * A portal started as `npm start` starts it, on throw-away data with the test users;
 * `stop` ends it and removes its data.
 */
export async function startTestPortal(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'clearway-e2e-'));
  const pgPort = await freePort();
  const portal = await startPortal({ dataDir, port: await freePort(), pgPort, env });
  await createTestUsers(pgPort);
  return {
    baseUrl: portal.baseUrl,
    /** The portal's own database: journeys read the mail outbox there, as a mail client would its inbox. */
    databaseUrl: `postgres://clearway:clearway@127.0.0.1:${pgPort}/clearway`,
    async stop() {
      await portal.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
