import type { TTradingPlatformUser } from '@clearway/contracts/endpoints/trading-platform.schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { entityNameOf, entityWithin } from '../entities/entity-sql';
import { userIdentityOf } from '../users/user-identity';
import type { TradingPlatform } from './trading-platform.port';
import { tradingAccountProperties, tradingPlatformUsers } from './trading-platform.tables';

type Who = { principal: Principal; entityId: number };

/**
 * Trading-platform logins of portal users and entities' account properties: kept here and
 * passed to the platform through its port in the same transaction. Every change is audited.
 */
export function createTradingPlatformService(db: Db, platform: TradingPlatform) {
  async function views(where: SQL, tx: DbOrTx = db): Promise<TTradingPlatformUser[]> {
    const who = userIdentityOf(tx, tradingPlatformUsers.userId);
    const rows = await tx
      .select({
        t: tradingPlatformUsers,
        username: who.username,
        entityName: entityNameOf(tradingPlatformUsers.entityId),
      })
      .from(tradingPlatformUsers)
      .innerJoinLateral(who, sql`true`)
      .where(where)
      .orderBy(asc(tradingPlatformUsers.loginName));
    return rows.map(({ t, username, entityName }) => ({
      id: t.id,
      userId: t.userId,
      username,
      entityId: t.entityId,
      entityName,
      loginName: t.loginName,
      status: t.status,
      accounts: t.accounts,
      updatedAt: t.updatedAt.toISOString(),
    }));
  }

  const audit = (tx: Tx, who: Who, action: string, target: string, details: Record<string, unknown>) =>
    recordAudit(tx, who, { action, outcome: 'success', target, details });

  return {
    /** The user's login (the guard placed the user within the acting entity's tree). */
    async details(userId: string) {
      const [found] = await views(eq(tradingPlatformUsers.userId, userId));
      return found ?? null;
    },

    /** The logins of one entity. */
    ofEntity: (entityId: number) => views(eq(tradingPlatformUsers.entityId, entityId)),

    /** Creates or updates a user's login (on the user's home entity). @throws Conflict (login name taken) */
    async upsert(
      who: Who,
      homeEntityId: number,
      input: { userId: string; loginName: string; status: 'active' | 'suspended'; accounts: string[] },
    ) {
      try {
        return await db.transaction(async (tx) => {
          const values = {
            loginName: input.loginName,
            status: input.status,
            accounts: input.accounts,
            updatedAt: new Date(),
          };
          await tx
            .insert(tradingPlatformUsers)
            .values({ userId: input.userId, entityId: homeEntityId, ...values })
            .onConflictDoUpdate({ target: tradingPlatformUsers.userId, set: values });
          await platform.upsertUser(values);
          await audit(tx, who, 'tradingPlatform.user.update', input.loginName, { ...input });
          return (await views(eq(tradingPlatformUsers.userId, input.userId), tx))[0]!;
        });
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw conflict('That login name is taken on the trading platform');
        throw err;
      }
    },

    /** Section 5: 'Password reset for {name} was successful.' @throws NotFound */
    async resetPassword(who: Who, input: { userName: string; id: number }) {
      const [found] = await db
        .select()
        .from(tradingPlatformUsers)
        .where(
          and(
            eq(tradingPlatformUsers.id, input.id),
            eq(tradingPlatformUsers.loginName, input.userName),
            entityWithin(tradingPlatformUsers.entityId, who.entityId),
          ),
        );
      if (!found) throw notFound('Trading-platform user not found');
      await db.transaction(async (tx) => {
        await platform.resetPassword(found.loginName);
        await audit(tx, who, 'tradingPlatform.user.passwordReset', found.loginName, { id: found.id });
      });
      return { message: `Password reset for ${found.loginName} was successful.` };
    },

    async accountProperties(entityId: number) {
      const [row] = await db
        .select()
        .from(tradingAccountProperties)
        .where(eq(tradingAccountProperties.entityId, entityId));
      return row
        ? { ...row, updatedAt: row.updatedAt.toISOString() }
        : { entityId, leverage: 1, tradingEnabled: false, allowedInstruments: [], updatedAt: null };
    },

    async setAccountProperties(
      who: Who,
      input: { entityId: number; leverage: number; tradingEnabled: boolean; allowedInstruments: string[] },
    ) {
      return db.transaction(async (tx) => {
        const values = {
          leverage: input.leverage,
          tradingEnabled: input.tradingEnabled,
          allowedInstruments: [...new Set(input.allowedInstruments)],
          updatedAt: new Date(),
        };
        const [row] = await tx
          .insert(tradingAccountProperties)
          .values({ entityId: input.entityId, ...values })
          .onConflictDoUpdate({ target: tradingAccountProperties.entityId, set: values })
          .returning();
        await platform.setAccountProperties(input.entityId, values);
        await audit(tx, who, 'tradingPlatform.accountProperties.update', String(input.entityId), values);
        return { ...row!, updatedAt: row!.updatedAt.toISOString() };
      });
    },
  };
}
export type TradingPlatformService = ReturnType<typeof createTradingPlatformService>;
