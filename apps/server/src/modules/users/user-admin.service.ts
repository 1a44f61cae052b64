import type { ScopeType } from '@clearway/contracts/authorization';
import type { TUserSummary } from '@clearway/contracts/endpoints/users.schemas';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit';
import { randomToken } from '../../platform/crypto';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Mail } from '../../platform/mail';
import { pgErrorCode } from '../../platform/pg-errors';
import type { Principal } from '../../platform/principal';
import type { AuthorizationService } from '../authorization/authorization.service';
import { assertMayActOnCredentials } from '../authorization/credential-rule';
import { entityAtOrBelow, entityNameOf, entityWithin } from '../entities/entity-sql';
import { createEmailChanges, type EmailLinks } from './email-change.service';
import type { UserRow, UsersService } from './users.service';
import { users, userTemplates } from './users.tables';

type Who = { principal: Principal; entityId: number };
type Ports = {
  /** The person behind a principal: the user, or the user owning an API key (null: none). */
  personOf: (principal: { kind: string; id: string }) => Promise<string | null>;
  /** Ends every session of a user (disable, 2FA reset). */
  endSessions: (userId: string, tx: DbOrTx) => Promise<unknown>;
  /** Ends every bearer token of a user (2FA reset). */
  endBearerTokens: (userId: string, tx: DbOrTx) => Promise<unknown>;
  /** Sends one e-mail (the outbox by default). */
  mail: (mail: Mail) => Promise<void>;
  /** Where confirmation links point, and how long they work. */
  emailLinks: EmailLinks;
  /** Writes a one-time set-password link; the returned function e-mails it (after the commit). */
  invite: (
    user: { id: string; email: string; displayName: string; username: string },
    tx: DbOrTx,
  ) => Promise<() => Promise<void>>;
  lockedUntil: (usernames: string[]) => Promise<Map<string, Date>>;
  unlock: (username: string) => Promise<void>;
  ssoLinksOf: (userIds: string[]) => Promise<Map<string, { id: number; issuer: string; subject: string }[]>>;
};

export type UserFilter = {
  status?: 'active' | 'disabled' | undefined;
  twoFactor?: 'enabled' | 'pending' | undefined;
  roleId?: number | undefined;
  search?: string | undefined;
  sortBy: 'username' | 'displayName' | 'lastLoginAt' | 'createdAt';
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
  withSso: boolean;
};

type UpdateInput = {
  userId: string;
  displayName?: string | undefined;
  email?: string | undefined;
  twoFactorRequired?: boolean | undefined;
  status?: 'active' | 'disabled' | undefined;
  unlock?: true | undefined;
  resendInvite?: true | undefined;
};

type NewUserInput = {
  username: string;
  email: string;
  displayName: string;
  homeEntityId: number;
  twoFactorRequired: boolean;
};

/** A password nobody knows: an invited user sets their own through the e-mailed link. */
const unusablePassword = () => `Aa1!${randomToken(32)}`;

/**
 * User administration on the acting entity's subtree: the list, creation by invitation
 * (directly or from a user template), updates, disable/enable (ending sessions at once;
 * bearer tokens and API keys stop on their next call because they read the user's
 * status), unlock, 2FA reset, and the user's groups and roles — rights changes go through
 * the authorization module's grant rule. Every change is audited.
 */
export function createUserAdminService(deps: {
  db: Db;
  users: UsersService;
  authorization: AuthorizationService;
  ports: Ports;
}) {
  const { db, users: usersService, authorization, ports } = deps;
  const emailChanges = createEmailChanges({ db, mail: ports.mail, links: ports.emailLinks });

  async function summaries(
    where: SQL,
    order: SQL[],
    page: { limit: number; offset: number },
    withSso = false,
    tx: DbOrTx = db,
  ) {
    const rows = await tx
      .select({
        u: users,
        pendingEmail: emailChanges.pendingOf(),
        entityName: entityNameOf(users.homeEntityId),
        total: sql<number>`count(*) over ()`,
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    const refs = rows.map((r) => ({ kind: 'user' as const, id: r.u.id }));
    const access = await authorization.accessOf(refs, tx);
    const locks = await ports.lockedUntil(rows.map((r) => r.u.username.toLowerCase()));
    const sso = withSso ? await ports.ssoLinksOf(rows.map((r) => r.u.id)) : null;
    const items: TUserSummary[] = rows.map(({ u, entityName, pendingEmail }) => ({
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      email: u.email,
      pendingEmail,
      homeEntityId: u.homeEntityId,
      homeEntityName: entityName,
      status: u.status,
      twoFactorRequired: u.twoFactorRequired,
      twoFactorEnabled: u.totpEnabled,
      lockedUntil: locks.get(u.username.toLowerCase())?.toISOString() ?? null,
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
      invited: u.invited,
      roles: [
        ...new Map(
          (access.get(`user:${u.id}`)?.roles ?? []).map((r) => [
            `${r.roleId}@${r.entityId}`,
            { id: r.roleId, name: r.roleName, entityId: r.entityId },
          ]),
        ).values(),
      ],
      groupRoles: (access.get(`user:${u.id}`)?.groupRoles ?? []).map((r) => ({
        id: r.roleId,
        name: r.roleName,
        groupName: r.groupName,
      })),
      directPermissions: access.get(`user:${u.id}`)?.direct ?? [],
      ...(sso ? { ssoLinks: sso.get(u.id) ?? [] } : {}),
    }));
    return { items, total: Number(rows[0]?.total ?? 0) };
  }

  async function summary(who: Who, userId: string, tx: DbOrTx = db) {
    const { items } = await summaries(
      and(eq(users.id, userId), entityWithin(users.homeEntityId, who.entityId))!,
      [],
      { limit: 1, offset: 0 },
      false,
      tx,
    );
    if (!items[0]) throw notFound('User not found');
    return items[0];
  }

  async function existing(userId: string, tx: DbOrTx = db) {
    const user = await usersService.findById(userId, tx);
    if (!user) throw notFound('User not found');
    return user;
  }

  async function inSubtree(entityId: number, rootId: number, tx: DbOrTx = db) {
    const [row] = await tx.select({ ok: entityAtOrBelow(entityId, rootId) }).from(sql`(select 1) one`);
    if (!row?.ok) throw notFound('Entity not found');
  }

  const audit = (tx: Tx, who: Who, action: string, target: string, details: Record<string, unknown> = {}) =>
    recordAudit(tx, who, { action, outcome: 'success', target, details });

  /** By person: a user's API key acting on its owner is the owner acting on themselves. */
  const notSelf = async (who: Who, userId: string, what: string) => {
    if ((await ports.personOf(who.principal)) === userId) throw forbidden(`You cannot ${what} yourself`);
  };

  /** The user's row, locked: what the rules read is what the change commits over. */
  async function locked(tx: Tx, userId: string): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Acting on another user's credentials: only for who could grant every right they hold. */
  const mayActOn = (tx: Tx, who: Who, user: UserRow, act: string) =>
    assertMayActOnCredentials(tx, who.principal, [{ kind: 'user', id: user.id }], act);

  /** The user's credentials an update touches, as the refusal words them (none: a rename). */
  function credentialActs(input: UpdateInput, user: UserRow): string[] {
    const acts: [boolean, string][] = [
      [input.email !== undefined && input.email !== user.email, 'change the e-mail of this user'],
      [input.resendInvite === true, 'send a set-password link to this user'],
      [input.status === 'disabled', 'disable this user'],
      [input.status === 'active', 'enable this user'],
      [input.unlock === true, 'unlock this user'],
      [input.twoFactorRequired !== undefined, 'change the two-factor rule of this user'],
    ];
    return acts.filter(([on]) => on).map(([, act]) => act);
  }

  /**
   * A user who has signed in or set a password before confirms a new address from it (the
   * old one is told); one who never did gets it at once. Returns the mails to send.
   */
  async function changeEmail(tx: Tx, user: UserRow, email: string | undefined) {
    if (email === undefined) return null;
    await emailChanges.cancel(tx, user.id);
    if (email === user.email) return null;
    if (user.lastLoginAt === null && user.invited) {
      await usersService.update(user.id, { email }, tx);
      return null;
    }
    return emailChanges.request(tx, user, email);
  }

  /** The new user and the sending of their invitation, to run once the transaction commits. */
  async function createInvited(who: Who, input: NewUserInput, tx: Tx) {
    const user = await usersService.createUser({ ...input, password: unusablePassword() }, tx);
    await usersService.update(user.id, { invited: true }, tx);
    const sendInvite = await ports.invite(user, tx);
    await audit(tx, who, 'user.create', user.username, { ...input, userId: user.id });
    return { user, sendInvite };
  }

  const ORDER = {
    username: sql`lower(${users.username})`,
    displayName: sql`lower(${users.displayName})`,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  } as const;

  return {
    /** The users of the acting entity and those below it, filtered, sorted and paged. */
    async list(who: Who, f: UserFilter) {
      const where: SQL[] = [entityWithin(users.homeEntityId, who.entityId)];
      if (f.status) where.push(eq(users.status, f.status));
      if (f.twoFactor) where.push(eq(users.totpEnabled, f.twoFactor === 'enabled'));
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          sql`(${users.username} ilike ${like} or ${users.displayName} ilike ${like} or ${users.email} ilike ${like})`,
        );
      }
      if (f.roleId !== undefined) {
        const holders = await authorization.holdersOfRole(f.roleId, 'user');
        if (!holders.length) return { items: [], total: 0 };
        where.push(inArray(users.id, holders));
      }
      const dir = f.sortDir === 'desc' ? desc : asc;
      return summaries(and(...where)!, [dir(ORDER[f.sortBy]), asc(users.id)], f, f.withSso);
    },

    /** Users to pick (group members, SSO links): id and names only. */
    async pick(who: Who, search?: string) {
      const where: SQL[] = [entityWithin(users.homeEntityId, who.entityId)];
      if (search)
        where.push(
          sql`(${users.username} ilike ${`%${search}%`} or ${users.displayName} ilike ${`%${search}%`})`,
        );
      return db
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          homeEntityName: entityNameOf(users.homeEntityId),
        })
        .from(users)
        .where(and(...where))
        .orderBy(asc(sql`lower(${users.username})`))
        .limit(200);
    },

    /** @throws NotFound (entity outside the subtree), BadRequest, Conflict (username taken) */
    async create(who: Who, input: NewUserInput) {
      await inSubtree(input.homeEntityId, who.entityId);
      const { user, sendInvite } = await db.transaction((tx) => createInvited(who, input, tx));
      await sendInvite();
      return summary(who, user.id);
    },

    /**
     * A user from a template: its entity, 2FA rule, groups and roles — the rights through
     * the grant rule, in the same transaction, so a refusal creates nobody.
     */
    async createViaTemplate(
      who: Who,
      input: { templateId: number; username: string; email: string; displayName: string },
    ) {
      const [tpl] = await db
        .select()
        .from(userTemplates)
        .where(
          and(eq(userTemplates.id, input.templateId), entityWithin(userTemplates.homeEntityId, who.entityId)),
        );
      if (!tpl) throw notFound('User template not found');
      const { user, sendInvite } = await db.transaction(async (tx) => {
        const made = await createInvited(
          who,
          { ...input, homeEntityId: tpl.homeEntityId, twoFactorRequired: tpl.twoFactorRequired },
          tx,
        );
        const member = { kind: 'user' as const, id: made.user.id };
        const inTx = { ...who, tx };
        if (tpl.groupIds.length) await authorization.setPrincipalGroups(inTx, member, tpl.groupIds);
        if (tpl.roles.length)
          await authorization.setPrincipalRoles(inTx, member, tpl.homeEntityId, tpl.roles);
        return made;
      });
      await sendInvite();
      return summary(who, user.id);
    },

    /**
     * A rename is a rename; whatever touches the user's credentials (e-mail, set-password
     * link, status, unlock, 2FA rule) passes the credential rule first. A new e-mail of a
     * user who signed in before waits for the new address's confirmation; a set-password
     * link goes only to a user who never set a password.
     * @throws Forbidden (own status or 2FA rule; the credential rule), NotFound, Conflict (invite)
     */
    async update(who: Who, input: UpdateInput) {
      await existing(input.userId);
      if (input.status !== undefined || input.twoFactorRequired !== undefined)
        await notSelf(who, input.userId, 'change the status or two-factor rule of');
      const { user, after } = await db.transaction(async (tx) => {
        const user = await locked(tx, input.userId);
        const [act] = credentialActs(input, user);
        if (act) await mayActOn(tx, who, user, act);
        if (input.resendInvite && !user.invited)
          throw conflict(
            'This user has set a password already: they can use "Forgot password" to choose a new one',
          );
        const patch: Parameters<UsersService['update']>[1] = {};
        if (input.displayName !== undefined) patch.displayName = input.displayName;
        if (input.twoFactorRequired !== undefined) patch.twoFactorRequired = input.twoFactorRequired;
        if (input.status !== undefined) patch.status = input.status;
        if (Object.keys(patch).length) await usersService.update(user.id, patch, tx);
        const sendConfirmation = await changeEmail(tx, user, input.email);
        const email = sendConfirmation ? user.email : (input.email ?? user.email);
        // Disabled: sessions end now; bearer tokens and API keys read the status on every call.
        if (input.status === 'disabled' && user.status !== 'disabled') await ports.endSessions(user.id, tx);
        const sendInvite = input.resendInvite ? await ports.invite({ ...user, ...patch, email }, tx) : null;
        const { userId, ...changes } = input;
        const action =
          input.status && input.status !== user.status
            ? input.status === 'disabled'
              ? 'user.disable'
              : 'user.enable'
            : 'user.update';
        const pending = sendConfirmation ? { emailPending: true } : {};
        await audit(tx, who, action, user.username, { userId, ...changes, ...pending });
        return { user, after: [sendConfirmation, sendInvite] };
      });
      if (input.unlock) await ports.unlock(user.username);
      for (const send of after) await send?.();
      return summary(who, user.id);
    },

    /**
     * The credential rule for another module's credential of a user (an SSO link): in a
     * transaction of its own, before that module's change.
     * @throws NotFound, Forbidden
     */
    async assertMayActOnCredentialsOf(who: Who, userId: string, act: string) {
      await db.transaction(async (tx) => mayActOn(tx, who, await locked(tx, userId), act));
    },

    /** The new address confirms a pending e-mail change (public: the link is the proof). */
    confirmEmail: (token: string) => emailChanges.confirm(token).then((message) => ({ message })),

    /**
     * Support: the user sets up 2FA again at the next sign-in; their sessions and bearer
     * tokens end at once, and the reason is audited.
     * @throws Forbidden (oneself; the credential rule), NotFound
     */
    async resetTwoFactor(who: Who, userId: string, reason: string) {
      await existing(userId);
      await notSelf(who, userId, 'reset the two-factor authentication of');
      const user = await db.transaction(async (tx) => {
        const user = await locked(tx, userId);
        await mayActOn(tx, who, user, 'reset the two-factor authentication of this user');
        await usersService.update(userId, { totpSecret: null, totpEnabled: false, totpLastStep: null }, tx);
        await ports.endSessions(userId, tx);
        await ports.endBearerTokens(userId, tx);
        await audit(tx, who, 'user.2fa.reset', user.username, { userId, reason });
        return user;
      });
      return { message: `Two-factor authentication for ${user.displayName} was reset.` };
    },

    async assign(who: Who, userId: string, groupIds: number[]) {
      await existing(userId);
      await authorization.setPrincipalGroups(who, { kind: 'user', id: userId }, groupIds);
      return summary(who, userId);
    },

    async setRoles(who: Who, userId: string, roles: { roleId: number; scopeType: ScopeType }[]) {
      await existing(userId);
      await authorization.setPrincipalRoles(who, { kind: 'user', id: userId }, who.entityId, roles);
      return summary(who, userId);
    },

    async templates(who: Who) {
      const rows = await db
        .select({ t: userTemplates, entityName: entityNameOf(userTemplates.homeEntityId) })
        .from(userTemplates)
        .where(entityWithin(userTemplates.homeEntityId, who.entityId))
        .orderBy(asc(userTemplates.name));
      return rows.map(({ t, entityName }) => ({
        id: t.id,
        name: t.name,
        homeEntityId: t.homeEntityId,
        homeEntityName: entityName,
        groupIds: t.groupIds,
        roles: t.roles,
        twoFactorRequired: t.twoFactorRequired,
      }));
    },

    /** The template grants nothing itself: its groups and roles pass the grant rule when a user is made from it. */
    async createTemplate(
      who: Who,
      input: {
        name: string;
        homeEntityId: number;
        groupIds: number[];
        roles: { roleId: number; scopeType: ScopeType }[];
        twoFactorRequired: boolean;
      },
    ) {
      await inSubtree(input.homeEntityId, who.entityId);
      const { entityId: _acting, ...values } = input as typeof input & { entityId?: number };
      const id = await db
        .transaction(async (tx) => {
          const [row] = await tx.insert(userTemplates).values(values).returning({ id: userTemplates.id });
          await audit(tx, who, 'user.template.create', input.name, values);
          return row!.id;
        })
        .catch((err) => {
          if (pgErrorCode(err) === '23505') throw conflict('A user template with that name exists already');
          throw err;
        });
      return (await this.templates(who)).find((t) => t.id === id)!;
    },

    /** A user named inside a request (not a declared field) must belong to the acting entity's subtree (else 404). */
    async assertWithin(entityId: number, userId: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), entityWithin(users.homeEntityId, entityId)));
      if (!row) throw notFound('User not found');
    },

    /** Display names of users (for previews). */
    async namesOf(ids: string[], tx: DbOrTx = db) {
      if (!ids.length) return new Map<string, string>();
      const rows = await tx
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(sql`${users.id} = any(${sql.param(ids)}::uuid[])`);
      return new Map(rows.map((r) => [r.id, `${r.displayName} (${r.username})`]));
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
