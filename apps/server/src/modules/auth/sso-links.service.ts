import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import { entityWithin } from '../entities/entity-sql';
import { userIdentityOf } from '../users/user-identity';
import { userSsoLinks } from './auth.tables';

type Who = { principal: Principal; entityId: number };

/**
 * Links between an external identity (issuer + subject) and a user, managed on the acting
 * entity's subtree. Microsoft Entra's identities use the issuer `ms-entra` and the object id.
 */
export function createSsoLinksService(
  db: Db,
  users: { setEntraObjectId: (userId: string, oid: string | null) => Promise<void> },
) {
  const identity = userIdentityOf(db, userSsoLinks.userId);
  const select = () =>
    db
      .select({
        id: userSsoLinks.id,
        userId: userSsoLinks.userId,
        username: identity.username,
        issuer: userSsoLinks.issuer,
        subject: userSsoLinks.subject,
        createdAt: userSsoLinks.createdAt,
        homeEntityId: identity.homeEntityId,
      })
      .from(userSsoLinks)
      .innerJoinLateral(identity, sql`true`);
  const view = (r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    issuer: r.issuer,
    subject: r.subject,
    createdAt: r.createdAt.toISOString(),
  });

  return {
    async list(who: Who) {
      const rows = await select()
        .where(entityWithin(identity.homeEntityId, who.entityId))
        .orderBy(asc(identity.username));
      return rows.map(view);
    },
    async linksOf(userIds: string[]) {
      const out = new Map<string, { id: number; issuer: string; subject: string }[]>();
      if (!userIds.length) return out;
      const rows = await db
        .select()
        .from(userSsoLinks)
        .where(sql`${userSsoLinks.userId} = any(${sql.param(userIds)}::uuid[])`);
      for (const r of rows)
        out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, issuer: r.issuer, subject: r.subject }]);
      return out;
    },
    /** @throws Conflict (the identity is linked already) */
    async create(who: Who, input: { userId: string; issuer: string; subject: string }) {
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(userSsoLinks)
            .values({ userId: input.userId, issuer: input.issuer, subject: input.subject })
            .returning({ id: userSsoLinks.id });
          await recordAudit(tx, who, {
            action: 'sso.link.create',
            outcome: 'success',
            target: input.userId,
            details: input,
          });
          return row!.id;
        });
        if (input.issuer === 'ms-entra') await users.setEntraObjectId(input.userId, input.subject);
        const [row] = await select().where(eq(userSsoLinks.id, id));
        return view(row!);
      } catch (err) {
        if (pgErrorCode(err) === '23505') throw conflict('That identity is linked to a user already');
        throw err;
      }
    },
    async remove(who: Who, id: number) {
      const [found] = await select().where(
        and(eq(userSsoLinks.id, id), entityWithin(identity.homeEntityId, who.entityId)),
      );
      if (!found) throw notFound('SSO link not found');
      await db.transaction(async (tx) => {
        await tx.delete(userSsoLinks).where(eq(userSsoLinks.id, id));
        await recordAudit(tx, who, {
          action: 'sso.link.delete',
          outcome: 'success',
          target: found.userId,
          details: view(found),
        });
      });
      if (found.issuer === 'ms-entra') await users.setEntraObjectId(found.userId, null);
      return { message: 'SSO link deleted' };
    },
  };
}
export type SsoLinksService = ReturnType<typeof createSsoLinksService>;
